/**
 * One rapid search: AIConfigurator over agg and disagg layouts for the request's model, GPUs,
 * workload and SLA, then the lock entry. Failures the user can fix come back as problems at the
 * request's field paths (SLA out of reach, unknown model or GPU); a broken tool is a
 * SearchToolError.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DeploymentRequestModel } from '../../api/input/deployment-request';
import { JsonObject } from '../../api/k8s-types';
import { Problem } from '../../api/problems';
import { isObject } from '../../api/read';
import { graphSpecV1beta1 } from '../../api/convert/graph-v1beta1';
import { PlanEntry, WorkerLayout } from '../lock';
import { Progress } from '../progress';
import { SearchInputs } from '../search-inputs';
import { CommandResult, runCommand, tail } from './command';
import { SearchToolError, ToolEnvironment } from './install';
import { findRunDir, readResults, ResultsError, rows } from './results';
import { AIC_PACKAGE, AIC_SYSTEMS, AIC_VERSION } from './tool';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';

/** Top configurations kept per mode (the tool's default). */
const TOP_N = 5;
/** SLA bounds that filter nothing: the second search, which reports what is achievable. */
const UNBOUNDED_MS = 1e9;

export interface SearchOutcome {
  readonly entry?: Omit<PlanEntry, 'requests'>;
  readonly problems: Problem[];
}

/** Problems the search would hit, found without running it. */
export function searchPreflight(request: DeploymentRequestModel, inputs: SearchInputs): Problem[] {
  if ((AIC_SYSTEMS as readonly string[]).includes(inputs.system)) return [];
  return [
    {
      path: request.paths.at('hardware.gpuSku'),
      severity: 'error',
      message: `Unsupported value: "${request.spec.hardware.gpuSku}": the rapid search (${AIC_PACKAGE} ${AIC_VERSION}) has no performance data for it; it knows ${AIC_SYSTEMS.join(', ')} (use searchStrategy: thorough to profile on the real GPUs)`,
    },
  ];
}

export async function runSearch(
  request: DeploymentRequestModel,
  inputs: SearchInputs,
  hash: string,
  tool: ToolEnvironment,
  progress: Progress,
): Promise<SearchOutcome> {
  const label = `planning ${request.namespace}/${request.name}: ${AIC_PACKAGE} ${AIC_VERSION}, ${request.spec.model} on ${inputs.totalGpus} × ${inputs.system}`;
  const step = progress.step(label);
  let ended = false;
  const done = (outcome: string) => {
    if (!ended) step(outcome);
    ended = true;
  };
  const first = await search(tool, inputs, inputs.sla);
  try {
    if (first.result.code === 0) {
      const entry = entryFrom(first, inputs, hash);
      done(`chose ${entry.chosen.mode} on ${entry.chosen.backend}`);
      return { entry, problems: [] };
    }
    const at = request.paths.at;
    const output = first.result.output;
    if (/not a valid HuggingFace model path/.test(output)) {
      done('unknown model');
      const why = /Error: (.*)$/m.exec(output)?.[1] ?? 'no details';
      return {
        problems: [
          {
            path: at('model'),
            severity: 'error',
            message: `Invalid value: "${request.spec.model}": ${AIC_PACKAGE} ${AIC_VERSION} does not know this model (it has no architecture data for it offline, and fetching its config.json failed: ${why})`,
          },
        ],
      };
    }
    if (/No successful experiment runs|no SLA-feasible configuration|returned no results/.test(output)) {
      done('no configuration meets the SLA');
      return { problems: [await unachievable(request, inputs, tool)] };
    }
    throw new SearchToolError(
      `${AIC_PACKAGE} ${AIC_VERSION} failed for ${request.namespace}/${request.name} (${first.result.failure ?? `exit ${first.result.code}`}):\n${tail(output)}`,
    );
  } catch (e) {
    done('failed');
    throw e;
  } finally {
    fs.rmSync(first.dir, { recursive: true, force: true });
  }
}

interface Run {
  readonly result: CommandResult;
  readonly dir: string;
}

async function search(tool: ToolEnvironment, inputs: SearchInputs, sla: SearchInputs['sla']): Promise<Run> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-search-'));
  // With only an end-to-end bound, TTFT and ITL are each bounded by it too.
  const ttft = sla.ttftMs ?? sla.e2eLatencyMs ?? UNBOUNDED_MS;
  const itl = sla.itlMs ?? sla.e2eLatencyMs ?? UNBOUNDED_MS;
  const args = [
    'cli',
    'default',
    '--model-path',
    inputs.model,
    '--system',
    inputs.system,
    '--backend',
    inputs.backend,
    '--total-gpus',
    String(inputs.totalGpus),
    '--isl',
    String(inputs.isl),
    '--osl',
    String(inputs.osl),
    '--ttft',
    String(ttft),
    '--tpot',
    String(itl),
    ...(sla.e2eLatencyMs === undefined ? [] : ['--request-latency', String(sla.e2eLatencyMs)]),
    '--top-n',
    String(TOP_N),
    '--save-dir',
    dir,
    '--no-color',
  ];
  const env = { ...process.env, PYTHONWARNINGS: 'ignore::DeprecationWarning', NO_COLOR: '1' };
  return { result: await runCommand(tool.executable, args, env), dir };
}

function entryFrom(run: Run, inputs: SearchInputs, hash: string): Omit<PlanEntry, 'requests'> {
  let results;
  try {
    results = readResults(run.dir, run.result.output, inputs.totalGpus);
  } catch (e) {
    if (e instanceof ResultsError)
      throw new SearchToolError(`${AIC_PACKAGE} ${AIC_VERSION} succeeded but its results cannot be read: ${e.message}`);
    throw e;
  }
  const converted = graphSpecV1beta1(results.graph);
  if (converted.problems.length) {
    throw new SearchToolError(
      `${AIC_PACKAGE} ${AIC_VERSION} wrote a graph dynamo-iac cannot carry over:\n${converted.problems.join('\n')}`,
    );
  }
  const best = results.modes[results.chosen].best!;
  const graph = { ...converted.spec, backendFramework: best.backend };
  return {
    inputHash: hash,
    inputs,
    tool: { name: AIC_PACKAGE, version: AIC_VERSION },
    perfDatabase: results.perfDatabase,
    modes: results.modes,
    chosen: {
      mode: results.chosen,
      backend: best.backend,
      predicted: best.predicted,
      layout: layoutOfGraph(graph, best.layout),
    },
    origin: 'rapid',
    graph,
  };
}

/** Worker counts and sizes as deployed: the graph's replicas and GPU limits, the search's parallelism. */
function layoutOfGraph(graph: JsonObject, predicted: readonly WorkerLayout[]): WorkerLayout[] {
  const components = Array.isArray(graph.components) ? graph.components.filter(isObject) : [];
  return predicted.map((l) => {
    const c = components.find((x) => x.type === (l.role === 'agg' ? 'worker' : l.role));
    if (!c) return l;
    const main = (c.podTemplate as { spec?: { containers?: JsonObject[] } } | undefined)?.spec?.containers?.find(
      (x) => x.name === MAIN_CONTAINER_NAME,
    );
    const limits = ((main?.resources as JsonObject | undefined)?.limits ?? {}) as Record<string, string>;
    const nodes = isObject(c.multinode) && typeof c.multinode.nodeCount === 'number' ? c.multinode.nodeCount : 1;
    return {
      ...l,
      workers: typeof c.replicas === 'number' ? c.replicas : l.workers,
      gpusPerWorker: limits['nvidia.com/gpu'] ? Number(limits['nvidia.com/gpu']) * nodes : l.gpusPerWorker,
    };
  });
}

/** The SLA is out of reach: search again without it to say what is reachable on this hardware. */
async function unachievable(
  request: DeploymentRequestModel,
  inputs: SearchInputs,
  tool: ToolEnvironment,
): Promise<Problem> {
  const at = request.paths.at;
  const relaxed = await search(tool, inputs, {});
  try {
    const run = findRunDir(relaxed.dir) ?? relaxed.dir;
    const points = ['agg', 'disagg'].flatMap((m) => [
      ...rows(path.join(run, m, 'pareto.csv')),
      ...rows(path.join(run, m, 'best_config_topn.csv')),
    ]);
    const asked =
      inputs.sla.e2eLatencyMs !== undefined
        ? `end-to-end latency ≤ ${inputs.sla.e2eLatencyMs} ms`
        : `TTFT ≤ ${inputs.sla.ttftMs} ms and ITL ≤ ${inputs.sla.itlMs} ms`;
    if (relaxed.result.code !== 0 || points.length === 0) {
      return {
        path: at('hardware.totalGpus'),
        severity: 'error',
        message: `no configuration of ${inputs.model} fits ${inputs.totalGpus} × ${inputs.system} with ${inputs.backend === 'auto' ? 'any backend' : inputs.backend}, whatever the SLA (the model may need more GPUs)`,
      };
    }
    const min = (key: string) =>
      Math.min(...points.map((p) => Number(p[key])).filter((n) => Number.isFinite(n) && n > 0));
    const e2e = inputs.sla.e2eLatencyMs !== undefined ? `, end-to-end ${min('request_latency')} ms` : '';
    return {
      path: at('sla'),
      severity: 'error',
      message: `no configuration of ${inputs.model} on ${inputs.totalGpus} × ${inputs.system} meets ${asked}; the best achievable are TTFT ${min('ttft')} ms and ITL ${min('tpot')} ms${e2e} (each on its own configuration): relax spec.sla or add GPUs`,
    };
  } finally {
    fs.rmSync(relaxed.dir, { recursive: true, force: true });
  }
}
