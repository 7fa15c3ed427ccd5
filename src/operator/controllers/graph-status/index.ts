/**
 * The graph-status controller: keyed by graph, woken by its graph, adapters and workloads, and by
 * a change to a DynamoCheckpoint one of its components restores from (`status.checkpoints`), when
 * the cluster serves the kind (a 1.7 platform has none).
 */
import { objectKey } from '../../runtime/kube/objects';
import { graphController } from '../graphs';
import { Checkpoint, GraphDeployment } from '../kinds';
import { RESOURCES } from '../resources';
import { GraphStatusReconciler } from './reconciler';

export const graphStatus = graphController(
  'graph-status',
  RESOURCES.dgdV1beta1.kind,
  async (ctx, sources, controller) => {
    if (!(await ctx.served(RESOURCES.checkpoint))) return new GraphStatusReconciler({ ...ctx, ...sources });
    const checkpoints = ctx.informers.for<Checkpoint>(RESOURCES.checkpoint);
    const onCheckpoint = (ckpt: Checkpoint) => {
      const ns = ckpt.metadata.namespace;
      for (const g of sources.graphs.list(
        (o) => o.metadata.namespace === ns && referencesCheckpoint(o, ckpt.metadata.name),
      ))
        controller.enqueue(objectKey(g));
    };
    checkpoints.addHandlers({ onAdd: onCheckpoint, onUpdate: onCheckpoint, onDelete: onCheckpoint });
    return new GraphStatusReconciler({ ...ctx, ...sources, checkpoints });
  },
);

/** A cheap over-approximation (no parse of the graph): a graph woken needlessly writes nothing. */
function referencesCheckpoint(dgd: GraphDeployment, name: string): boolean {
  return JSON.stringify(dgd.spec ?? {}).includes(`"checkpointRef":${JSON.stringify(name)}`);
}
