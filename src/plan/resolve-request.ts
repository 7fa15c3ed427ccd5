/**
 * What a request renders into, from the committed lock alone (no search, no Python): its graph
 * when planned, the profiling Job when it waits for one (`thorough`), or an error that says how
 * to plan it. Shared by the CLI pipeline, the cdk8s construct and the Pulumi component.
 */
import { DeploymentRequestModel } from '../api/input/deployment-request';
import { loadRequestDoc } from '../kinds/request/load';
import { KubeObject } from '../api/k8s-types';
import { errorsOf, Problem } from '../api/problems';
import { renderProfilingJob } from '../kinds/request/profiling-job';
import { generateGraph } from './generate';
import { findPlan, PlanEntry, PlanLock } from './lock';
import { inputHash, searchInputsOf } from './search-inputs';

export interface PlanSource {
  /** The lock; undefined when the file does not exist. */
  readonly lock?: PlanLock;
  /** Its path, for messages. */
  readonly file: string;
}

export interface ResolvedRequest {
  readonly request?: DeploymentRequestModel;
  readonly entry?: PlanEntry;
  /** The generated DynamoGraphDeployment (nvidia.com/v1beta1), when planned. */
  readonly graph?: KubeObject;
  /** Objects to render with it: the Planner's ConfigMap, or the profiling Job and its RBAC. */
  readonly objects: KubeObject[];
  /** `spec.autoApply`: render the graph, or only keep it for review. */
  readonly deploy: boolean;
  /** A valid rapid request the lock has no plan for (`dynamo-iac plan` would search it). */
  readonly notPlanned?: boolean;
  readonly problems: Problem[];
}

export function resolveRequest(
  doc: unknown,
  plans: PlanSource,
  opts: { defaultNamespace?: string } = {},
): ResolvedRequest {
  const { request, problems } = loadRequestDoc(doc, opts);
  if (!request || errorsOf(problems).length) return { request, objects: [], deploy: false, problems };
  const hash = inputHash(searchInputsOf(request));
  const entry = findPlan(plans.lock, hash);
  if (!entry) {
    if (request.spec.searchStrategy === 'thorough') {
      // Profiled in the cluster: the Job runs, `dynamo-iac plan --import` records its result.
      return { request, objects: renderProfilingJob(request), deploy: false, problems };
    }
    const where = plans.lock
      ? `${plans.file} has no plan for its search inputs (hash ${hash}): the request is new, or changed since it was planned`
      : `${plans.file} does not exist`;
    // Every shape check passed: say so, so the user knows planning is all that is left. Still an
    // error: validate fails exactly when render would (CI relies on it, docs/planning.md).
    problems.push({
      path: 'spec',
      severity: 'error',
      message: `valid, but not planned: ${where}; run \`dynamo-iac plan\` on this file to search and record the plan (\`dynamo-iac plan --refresh\` searches again)`,
    });
    return { request, objects: [], deploy: false, problems, notPlanned: true };
  }
  const generated = generateGraph(request, entry);
  problems.push(...generated.problems);
  return {
    request,
    entry,
    graph: generated.manifest,
    objects: generated.objects,
    deploy: request.spec.autoApply,
    problems,
  };
}
