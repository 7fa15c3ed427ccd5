/**
 * `dynamo-iac plan --import`: a finished profiling Job's output ConfigMap
 * (`kubectl get configmap dgdr-output-<name> -o yaml`) → the request's lock entry. The profiler's
 * graph already carries the request's image, model cache, planner and overrides.
 */
import { parseManifestText } from '../api/parse';
import { DGDR_LABEL, DeploymentRequestModel } from '../api/input/deployment-request';
import { JsonObject, KubeObject } from '../api/k8s-types';
import { isWorkerComponent } from '../api/model';
import { Problem } from '../api/problems';
import { isObject } from '../api/read';
import { PROFILER_STATUS_FILE, PROFILING_OUTPUT_FILE, profilingOutputName } from '../kinds/request/profiling-job';
import { graphSpecV1beta1 } from '../api/convert/graph-v1beta1';
import { PlanEntry, WorkerLayout } from './lock';
import { imageTag, inputHash, PROFILER_TOOL, searchInputsOf } from './search-inputs';
import { MAIN_CONTAINER_NAME } from '../crds/vocabulary';

/** Older profilers named the output key after the planner-enabled config. */
const OUTPUT_KEYS = [PROFILING_OUTPUT_FILE, 'config_with_planner.yaml'];

/** Whether `configMap` is the output of `request`'s profiling Job. */
export function isOutputOf(configMap: JsonObject, request: DeploymentRequestModel): boolean {
  const meta = isObject(configMap.metadata) ? configMap.metadata : {};
  const labels = isObject(meta.labels) ? meta.labels : {};
  if (meta.namespace !== undefined && meta.namespace !== request.namespace) return false;
  return meta.name === profilingOutputName(request) || labels[DGDR_LABEL.name] === request.name;
}

export interface Imported {
  readonly entry?: Omit<PlanEntry, 'requests'>;
  readonly problems: Problem[];
}

export function importProfile(request: DeploymentRequestModel, configMap: JsonObject): Imported {
  const error = (path: string, message: string): Imported => ({ problems: [{ path, message, severity: 'error' }] });
  const data = isObject(configMap.data) ? configMap.data : {};
  if (request.spec.searchStrategy !== 'thorough') {
    return error(
      request.paths.at('searchStrategy'),
      'profiling results can only be imported for searchStrategy: thorough; a rapid request is planned by dynamo-iac plan itself',
    );
  }
  const status = typeof data.profiler_status === 'string' ? data.profiler_status : statusOf(data[PROFILER_STATUS_FILE]);
  if (status !== undefined && status !== 'success') {
    return error(
      'data.profiler_status',
      `the profiling Job did not succeed (status ${JSON.stringify(status)}${typeof data.profiler_error === 'string' ? `: ${data.profiler_error}` : ''})`,
    );
  }
  const key = OUTPUT_KEYS.find((k) => typeof data[k] === 'string');
  if (!key) return error('data', `no profiling output: expected data.${PROFILING_OUTPUT_FILE} (is the Job finished?)`);
  const parsed = parseManifestText(data[key] as string, `data[${key}]`);
  if (parsed.problems.length)
    return { problems: parsed.problems.map((p) => ({ ...p, path: `data[${key}]`, severity: 'error' as const })) };
  const docs = parsed.docs.filter(isObject);
  const graphs = docs.filter((d) => d.kind === 'DynamoGraphDeployment');
  if (graphs.length !== 1)
    return error(`data[${key}]`, `expected one DynamoGraphDeployment in the profiler's output, found ${graphs.length}`);
  const converted = graphSpecV1beta1(graphs[0]);
  if (converted.problems.length)
    return {
      problems: converted.problems.map((p) => ({ path: `data[${key}]`, message: p, severity: 'error' as const })),
    };
  const graph = converted.spec;
  const objects: KubeObject[] = docs
    .filter((d) => d.kind === 'ConfigMap')
    .map((d) => {
      const meta = isObject(d.metadata) ? d.metadata : {};
      return {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: String(meta.name ?? '') },
        ...(isObject(d.data) ? { data: d.data } : {}),
      };
    });
  const layout = layoutOf(graph);
  const inputs = searchInputsOf(request);
  return {
    problems: [],
    entry: {
      inputHash: inputHash(inputs),
      inputs,
      tool: { name: PROFILER_TOOL, version: imageTag(request.spec.image ?? '') },
      chosen: {
        mode: layout.some((l) => l.role === 'prefill' || l.role === 'decode') ? 'disagg' : 'agg',
        backend: typeof graph.backendFramework === 'string' ? graph.backendFramework : request.spec.backend,
        layout,
      },
      origin: 'profiled',
      graph,
      ...(objects.length ? { objects } : {}),
    },
  };
}

function statusOf(file: unknown): string | undefined {
  if (typeof file !== 'string') return undefined;
  return /^status:\s*["']?([A-Za-z]+)/m.exec(file)?.[1];
}

/** Workers as the profiler deployed them: replicas, GPU limits, tensor parallelism from the engine flags. */
function layoutOf(graph: JsonObject): WorkerLayout[] {
  const components = Array.isArray(graph.components) ? graph.components.filter(isObject) : [];
  return components
    .filter((c) => isWorkerComponent(String(c.type)))
    .map((c) => {
      const main =
        (
          (c.podTemplate as JsonObject | undefined)?.spec as { containers?: JsonObject[] } | undefined
        )?.containers?.find((x) => x.name === MAIN_CONTAINER_NAME) ?? {};
      const limits = ((main.resources as JsonObject | undefined)?.limits ?? {}) as Record<string, string>;
      const args = Array.isArray(main.args) ? main.args.map(String) : [];
      const flag = args.findIndex((a) => a === '--tensor-parallel-size' || a === '--tp-size' || a === '--tp');
      const tp = flag >= 0 ? args[flag + 1] : undefined;
      return {
        role: c.type === 'worker' ? ('agg' as const) : (c.type as 'prefill' | 'decode'),
        workers: typeof c.replicas === 'number' ? c.replicas : 1,
        gpusPerWorker: Number(limits['nvidia.com/gpu'] ?? 0),
        parallel: tp ? `tp${tp}` : '',
        batchSize: 0,
      };
    });
}
