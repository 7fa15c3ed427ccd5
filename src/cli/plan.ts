/**
 * `dynamo-iac plan`: search each DynamoGraphDeploymentRequest once and commit the result. The
 * command's options and help only; run-plan.ts, loaded when it runs, does the work.
 */
import { Command } from 'commander';
import { AIC_PACKAGE, AIC_VERSION } from '../plan/aiconfigurator/tool';
import { DEFAULT_LOCK_FILE, PLAN_ARTIFACT_DIR } from '../plan/lock-names';
import type { PlanCommandOptions } from './run-plan';

export function planCommand(): Command {
  return new Command('plan')
    .description('Plan DynamoGraphDeploymentRequests: run the SLA search and record the chosen graph in the lock file')
    .argument(
      '<file...>',
      'YAML or JSON manifests; the DynamoGraphDeploymentRequests in them are planned, other kinds are ignored',
    )
    .option(
      '--lock <file>',
      'the lock file to update; its plan pictures and tables go to dynamo-plan/ next to it',
      DEFAULT_LOCK_FILE,
    )
    .option('--refresh', 'search again even for requests the lock already has')
    .option(
      '--import <file>',
      "a finished profiling Job's output ConfigMap (kubectl get configmap dgdr-output-<name> -o yaml) for a searchStrategy: thorough request; repeatable",
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('-n, --namespace <ns>', 'namespace for inputs without metadata.namespace', 'default')
    .option(
      '--settings <file>',
      'platform settings the generated graphs are validated with (YAML or JSON PlatformSettings)',
    )
    .addHelpText(
      'after',
      `
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
  dynamo-iac plan --import output.yaml requests/llama-thorough.yaml`,
    )
    .action(async (files: string[], options: PlanCommandOptions) => {
      const { plan } = require('./run-plan') as typeof import('./run-plan');
      process.exitCode = await plan(files, options);
    });
}
