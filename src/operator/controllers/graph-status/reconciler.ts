/** Writes each DGD's aggregated status (graph-status.ts) through the status subresource, only when it changed. */
import { ReconcileOutcome, ReconcilerContext } from '../../runtime/controller';
import { Informer } from '../../runtime/informer';
import { liveGraph, recordResource } from '../graph-record';
import { GraphInformers, workloadLookup } from '../graphs';
import { Checkpoint, GraphDeployment } from '../kinds';
import { RESOURCES } from '../resources';
import { statusPatch, unchanged } from '../status-patch';
import { graphStatus } from './graph-status';

export type GraphStatusDeps = Pick<ReconcilerContext, 'api' | 'clock' | 'gate'> &
  Omit<GraphInformers, 'adapters'> & {
    /** The DynamoCheckpoints components restore from (`status.checkpoints`); absent: no checkpoint status. */
    readonly checkpoints?: Informer<Checkpoint>;
  };

export class GraphStatusReconciler {
  constructor(private readonly d: GraphStatusDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const live = liveGraph(key, this.d.graphs, this.d.gate);
    if (!live) return;
    const { dgd, model } = live;
    const checkpoints = this.d.checkpoints;
    const checkpoint = checkpoints && ((ns: string, n: string) => checkpoints.get(ns, n));
    const desired = graphStatus(
      dgd,
      model,
      workloadLookup(this.d),
      new Date(this.d.clock.now()).toISOString(),
      dgd.status?.conditions,
      checkpoint,
    );
    const v1alpha1 = model.apiVersion === 'nvidia.com/v1alpha1';
    const fields: Record<string, unknown> =
      desired.checkpoints || dgd.status?.checkpoints
        ? { ...desired, checkpoints: desired.checkpoints }
        : { ...desired };
    if (unchanged(fields, dgd.status)) return;
    // A merge patch merges maps: components that are gone must be removed explicitly.
    const patch = statusPatch(fields, dgd.status, [v1alpha1 ? 'services' : 'components', 'checkpoints']);
    const patched = await this.d.api.mergePatch<GraphDeployment>(
      recordResource(dgd),
      model.namespace,
      model.name,
      patch,
      'status',
    );
    this.d.graphs.remember({ ...patched, apiVersion: RESOURCES.dgdV1beta1.apiVersion });
  }
}
