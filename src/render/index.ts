/**
 * The pure render core: internal model in, plain Kubernetes objects out.
 * No cdk8s, no Pulumi, no I/O, no clock, no randomness.
 */
import { KubeObject } from '../api/k8s-types';
import { ValidationError } from '../api/problems';
import { ResolvedSettings } from '../api/settings';
import { ValidatedGraph } from '../api/validated-graph';
import { RenderOptions, renderGraphObjects } from './graph';
import { dedupeObjects, sortObjects } from './objects';

export { type RenderOptions } from './graph';
export { componentContext, componentWorkloadName, type CheckpointRestore } from './context';
export {
  requestedReplicas,
  runtimeOwnsReplicas,
  scalingAdapterOwnsReplicas,
  workerRolloutOwnsReplicas,
} from './replicas';
export { leaderWorkerSetName } from './multinode/lws';
export { disaggregatedRoleName, disaggregatedSetName } from './multinode/disaggregated-set';
export { groveCliqueNames } from './multinode/grove';
export { isMultinode } from './multinode-roles';
export { sortObjects, dedupeObjects, objectKey } from './objects';
export { LABEL, ANNOTATION, PRUNE_DISABLED } from './labels';
export {
  generationAnnotations,
  generationLabels,
  renderedWorkerGeneration,
  workerGenerationOf,
  workerHash,
  workerHashInput,
  type WorkerGeneration,
} from './worker-generation';
export { frontendService } from './frontend-service';
export { RECOMMENDED_POD_SECURITY_LABELS } from './pod-security';
export * from './naming';
export {
  applyCheckpointRestore,
  buildCheckpointJob,
  checkpointJobName,
  checkpointLocation,
  checkpointRestoreOf,
  renderCheckpointRecord,
  type CheckpointJobOptions,
  type CheckpointStorage,
  CHECKPOINT_JOB_TTL_SECONDS,
  CHECKPOINT_VOLUME,
} from './checkpoint';

/** Renders graphs that passed validation (`acceptValidated`); objects shared between graphs appear once. Throws ValidationError on conflicts. */
export function renderGraphs(
  graphs: readonly ValidatedGraph[],
  settings: ResolvedSettings,
  options: RenderOptions = {},
): KubeObject[] {
  return renderEachGraph(graphs, settings, options).objects;
}

/** One graph and its own objects, as `renderGraph` gives them. */
export interface GraphWithObjects {
  readonly graph: ValidatedGraph;
  readonly objects: KubeObject[];
}

/**
 * Renders each graph once, and gives both views front ends need: every graph's own objects (what
 * the GitOps layout puts in its folder) and all of them with shared objects once (`renderGraphs`).
 */
export function renderEachGraph(
  graphs: readonly ValidatedGraph[],
  settings: ResolvedSettings,
  options: RenderOptions = {},
): { readonly graphs: GraphWithObjects[]; readonly objects: KubeObject[] } {
  const each = graphs.map((graph) => ({ graph, own: renderGraphObjects(graph, settings, options) }));
  const all = each.flatMap((e) => e.own);
  const { objects, problems } = dedupeObjects(all);
  if (problems.length) throw new ValidationError(problems);
  // A conflict inside one graph is a conflict of all of them, reported above; and with no object
  // twice among all of them, none is twice in one graph.
  const shared = objects.length < all.length;
  const perGraph = each.map(({ graph, own }) => ({
    graph,
    objects: sortObjects(shared ? dedupeObjects(own).objects : own),
  }));
  return { graphs: perGraph, objects: sortObjects(objects) };
}

export function renderGraph(
  graph: ValidatedGraph,
  settings: ResolvedSettings,
  options: RenderOptions = {},
): KubeObject[] {
  return renderGraphs([graph], settings, options);
}
