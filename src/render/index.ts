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
export { requestedReplicas, scalingAdapterOwnsReplicas } from './replicas';
export { leaderWorkerSetNames } from './multinode/lws';
export { groveCliqueNames } from './multinode/grove';
export { isMultinode } from './multinode-roles';
export { sortObjects, dedupeObjects, objectKey } from './objects';
export { LABEL, ANNOTATION } from './labels';
export { frontendService } from './frontend-service';
export { RECOMMENDED_POD_SECURITY_LABELS } from './pod-security';
export { renderDynamoModel } from './model-record';
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
  const all = graphs.flatMap((g) => renderGraphObjects(g, settings, options));
  const { objects, problems } = dedupeObjects(all);
  if (problems.length) throw new ValidationError(problems);
  return sortObjects(objects);
}

export function renderGraph(
  graph: ValidatedGraph,
  settings: ResolvedSettings,
  options: RenderOptions = {},
): KubeObject[] {
  return renderGraphs([graph], settings, options);
}
