/**
 * A component's checkpoint config. The deterministic mode, a DynamoCheckpoint referenced by name
 * (`checkpointRef`), renders the restore wiring; the automatic mode (no reference) needs the
 * upstream DGD controller at runtime: accepted, as upstream accepts it, with a warning that it does
 * nothing here. From 1.7 the reference names a PodSnapshot, restored from at runtime: accepted
 * with a warning likewise.
 */
import { CheckpointModel, checkpointKindGoneMessage, checkpointRefKind } from '../checkpoint';
import { GraphModel, isWorkerComponent } from '../model';
import { InputPaths } from '../paths';
import { Problem } from '../problems';
import { isObject } from '../read';
import { ValidationContext } from './validation-context';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';
import { ResolvedSettings } from '../settings';

export function validateComponentCheckpoint(ctx: ValidationContext, i: number): void {
  const c = ctx.model.components[i];
  const cp = c.checkpoint;
  if (!cp?.enabled) return;
  const p = ctx.paths;
  if (cp.checkpointRef) {
    // checkpoint.job next to checkpointRef is a CRD CEL rule: validate-cel-rules.ts.
    const target = cp.targetContainerName;
    const containers = [
      MAIN_CONTAINER_NAME,
      ...(Array.isArray(c.podSpec.containers) ? c.podSpec.containers : []).map((x) =>
        isObject(x) ? x.name : undefined,
      ),
    ];
    if (target && !containers.includes(target)) {
      ctx.error(
        p.checkpoint(i, 'targetContainerName'),
        `Invalid value: "${target}": does not name a container of the ${p.noun}`,
      );
    }
    if (ctx.model.kind === 'DynamoComponentDeployment' && isWorkerComponent(c.type)) {
      ctx.error(
        p.checkpoint(i, 'checkpointRef'),
        'worker-class checkpointRef is supported only on DynamoGraphDeployment-managed components',
      );
    }
    if (checkpointRefKind(ctx.settings.dynamoVersion) === 'PodSnapshot') {
      ctx.warn(
        p.checkpoint(i, 'checkpointRef'),
        `names a PodSnapshot in Dynamo ${ctx.settings.dynamoVersion} (the Dynamo Snapshot project's kind): upstream's pod webhook restores new pods from it at runtime, which dynamo-iac does not render: the pods start cold (docs/deviations.md)`,
      );
    }
    validatePolicies(ctx, i);
    return;
  }
  // Upstream: without a checkpointRef the graph manages an automatic checkpoint (its controller
  // creates, restores and deletes it at runtime), with an inline identity / job or none.
  ctx.warn(
    p.checkpoint(i),
    checkpointRefKind(ctx.settings.dynamoVersion) === 'PodSnapshot'
      ? `no checkpointRef: upstream takes a graph-managed automatic checkpoint through a SnapshotJob at runtime, which dynamo-iac does not render: the pods start cold and never restore (docs/deviations.md)`
      : 'no checkpointRef: upstream creates a graph-managed automatic checkpoint at runtime, which dynamo-iac does not render: the pods start cold and never restore; declare a DynamoCheckpoint and reference it by name with checkpointRef (docs/deviations.md)',
  );
}

/** The automatic-checkpoint knobs, next to a checkpointRef: what each does here. */
function validatePolicies(ctx: ValidationContext, i: number): void {
  const cp = ctx.model.components[i].checkpoint!;
  const p = ctx.paths;
  if (cp.startupPolicy === 'WaitForCheckpoint') {
    ctx.error(
      p.checkpoint(i, 'startupPolicy'),
      'Unsupported value: "WaitForCheckpoint": dynamo-iac renders pods that start at once (Immediate: cold until the checkpoint is Ready, restored after); holding the replicas at zero until it is Ready needs the runtime operator (docs/deviations.md)',
    );
  }
  if (cp.deletionPolicy !== undefined) {
    ctx.warn(
      p.checkpoint(i, 'deletionPolicy'),
      'has no effect with checkpointRef: it applies to DGD-managed automatic checkpoints; a referenced DynamoCheckpoint is never deleted with the graph',
    );
  }
  if (cp.mode !== undefined) {
    ctx.warn(p.checkpoint(i, 'mode'), 'is deprecated and ignored: checkpointRef names the checkpoint to restore');
  }
}

/** Names of the DynamoCheckpoints a graph's components reference (enabled ones only). */
export function checkpointRefsOf(graph: GraphModel): { index: number; name: string }[] {
  return graph.components
    .map((c, index) => ({ index, name: c.checkpoint?.enabled ? c.checkpoint.checkpointRef : undefined }))
    .filter((x): x is { index: number; name: string } => !!x.name);
}

/**
 * A reference to a DynamoCheckpoint that is not among the inputs would render pods that never
 * restore. A PodSnapshot (1.7 on) is taken in the cluster, never an input: nothing to resolve, and
 * a DynamoCheckpoint given for it is refused.
 */
export function validateCheckpointRefs(
  graph: GraphModel,
  checkpoints: readonly CheckpointModel[],
  settings: Pick<ResolvedSettings, 'dynamoVersion'>,
): Problem[] {
  const paths = new InputPaths(graph);
  const declared = (name: string) => checkpoints.some((k) => k.name === name && k.namespace === graph.namespace);
  const podSnapshots = checkpointRefKind(settings.dynamoVersion) === 'PodSnapshot';
  return checkpointRefsOf(graph)
    .filter(({ name }) => declared(name) === podSnapshots)
    .map(({ index, name }) => ({
      path: paths.checkpoint(index, 'checkpointRef'),
      message: podSnapshots
        ? checkpointKindGoneMessage(settings.dynamoVersion)
        : `DynamoCheckpoint "${graph.namespace}/${name}" not found: declare it alongside the graph (same namespace)`,
      severity: 'error' as const,
    }));
}
