/** `dynamo-iac plan`: search each DynamoGraphDeploymentRequest once and commit the result. */
import * as path from 'path';
import { Command } from 'commander';
import { resolveSettings } from '../api/settings';
import { SearchToolError } from '../plan/aiconfigurator/install';
import { AIC_PACKAGE, AIC_VERSION } from '../plan/aiconfigurator/tool';
import { DEFAULT_LOCK_FILE, PLAN_ARTIFACT_DIR } from '../plan/lock';
import { planRequests } from '../plan/plan';
import { stderrProgress } from '../plan/progress';
import { readInputs } from './read-inputs';
import { CliError, EXIT_INVALID, EXIT_OK, reportProblems } from './report';
import { readSettingsFile } from './settings-file';

interface PlanCommandOptions {
  readonly lock: string;
  readonly refresh?: boolean;
  readonly import?: string[];
  readonly namespace?: string;
  readonly settings?: string;
}

export function planCommand(): Command {
  return new Command('plan')
    .description('Plan DynamoGraphDeploymentRequests: run the SLA search and record the chosen graph in the lock file')
    .argument('<file...>', 'YAML or JSON manifests; the DynamoGraphDeploymentRequests in them are planned, other kinds are ignored')
    .option('--lock <file>', 'the lock file to update; its plan pictures and tables go to dynamo-plan/ next to it', DEFAULT_LOCK_FILE)
    .option('--refresh', 'search again even for requests the lock already has')
    .option('--import <file>', "a finished profiling Job's output ConfigMap (kubectl get configmap dgdr-output-<name> -o yaml) for a searchStrategy: thorough request; repeatable",
      (v: string, prev: string[] = []) => [...prev, v])
    .option('-n, --namespace <ns>', 'namespace for inputs without metadata.namespace', 'default')
    .option('--settings <file>', 'platform settings the generated graphs are validated with (YAML or JSON PlatformSettings)')
    .addHelpText('after', `
searchStrategy: rapid runs ${AIC_PACKAGE} ${AIC_VERSION} (an offline simulation, no GPU
needed) in a Python venv created under ~/.cache/dynamo-iac on first use (Python 3.11-3.13;
DYNAMO_IAC_PYTHON picks one, DYNAMO_IAC_CACHE_DIR moves the cache). A request is searched
again only when its search inputs change (model, backend, GPUs, workload, SLA) or with
--refresh; image, model cache, planner, overrides and names apply at render time.

Writes, only when every request planned:
  <lock>                                   the lock: commit it; render, gitops and synth read it
  ${PLAN_ARTIFACT_DIR}/<namespace>/<name>/plan.md          agg vs disagg, the choice, latency vs the SLA
  ${PLAN_ARTIFACT_DIR}/<namespace>/<name>/pareto.svg       the Pareto frontier
  ${PLAN_ARTIFACT_DIR}/<namespace>/<name>/dynamo-graph-deployment.yaml   the generated graph, for review

searchStrategy: thorough is profiled on GPUs in the cluster: render deploys the profiling
Job; import its output ConfigMap with --import when it has finished.

Examples:
  dynamo-iac plan requests/*.yaml
  dynamo-iac plan --refresh requests/qwen.yaml
  dynamo-iac plan --import output.yaml requests/llama-thorough.yaml`)
    .action(async (files: string[], options: PlanCommandOptions) => {
      process.exitCode = await plan(files, options);
    });
}

async function plan(files: string[], options: PlanCommandOptions): Promise<number> {
  const settingsFile = options.settings === undefined ? { settings: {}, problems: [] } : readSettingsFile(options.settings);
  if (!settingsFile.settings) return reportProblems(settingsFile.problems);
  const read = await readInputs(files);
  const imports = await readInputs(options.import ?? []);
  const readProblems = [...read.problems, ...imports.problems];
  if (readProblems.length) return reportProblems(readProblems);
  let result;
  try {
    result = await planRequests(read.inputs, {
      lockFile: options.lock,
      refresh: options.refresh,
      imports: imports.inputs,
      defaultNamespace: options.namespace,
      settings: resolveSettings(settingsFile.settings),
      progress: stderrProgress(),
    });
  } catch (e) {
    // The tool missing, not installable or crashing: one message, nothing written.
    if (e instanceof SearchToolError) throw new CliError(`dynamo-iac plan: ${e.message}\nnothing was written`, EXIT_INVALID);
    throw e;
  }
  const code = reportProblems(result.problems);
  if (code !== EXIT_OK) {
    process.stderr.write('nothing was written\n');
    return code;
  }
  for (const p of result.planned) process.stderr.write(`${p.request}: ${p.status}: ${p.detail}\n`);
  const lockDir = path.dirname(options.lock);
  process.stderr.write(result.written.length
    ? `wrote ${result.written.map((f) => path.relative(lockDir, f) || f).join(', ')}\n`
    : `${options.lock} and ${PLAN_ARTIFACT_DIR}/ are up to date\n`);
  return EXIT_OK;
}
