/**
 * DGD `status.checkpoints`: for each component restoring from a DynamoCheckpoint
 * (`checkpointRef`), that checkpoint's name, ID (the identity hash, also written as the
 * deprecated `identityHash`) and whether it is Ready, as upstream reports them.
 */
import { checkpointIdOf, errorsOf, GraphModel } from '../../../api';
import { loadCheckpoint } from '../../../kinds/checkpoint/load';
import { Checkpoint } from '../kinds';

export interface ComponentCheckpointStatus {
  checkpointName: string;
  checkpointID?: string;
  identityHash?: string;
  ready: boolean;
}

export type CheckpointLookup = (namespace: string, name: string) => Checkpoint | undefined;

/** Undefined when no component references a checkpoint. */
export function checkpointStatuses(
  graph: GraphModel,
  checkpoint: CheckpointLookup,
): Record<string, ComponentCheckpointStatus> | undefined {
  const out: Record<string, ComponentCheckpointStatus> = {};
  for (const c of graph.components) {
    const ref = c.checkpoint?.checkpointRef;
    if (!ref) continue;
    const ckpt = checkpoint(graph.namespace, ref);
    const id = ckpt ? idOf(ckpt) : undefined;
    out[c.name] = {
      checkpointName: ref,
      ...(id ? { checkpointID: id, identityHash: id } : {}),
      ready: ckpt?.status?.phase === 'Ready',
    };
  }
  return Object.keys(out).length ? out : undefined;
}

/** The ID the checkpoint controller computes (and writes); from the spec, so it is known before that. */
function idOf(ckpt: Checkpoint): string | undefined {
  const loaded = loadCheckpoint(ckpt);
  return loaded.model && !errorsOf(loaded.problems).length ? checkpointIdOf(loaded.model) : ckpt.status?.checkpointID;
}
