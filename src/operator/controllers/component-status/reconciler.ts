/** Writes each standalone DCD's status (component-status.ts) through the status subresource, only when it changed. */
import { ReconcileOutcome, ReconcilerContext, splitKey } from '../../runtime/controller';
import { Informer } from '../../runtime/informer';
import { graphModelOf } from '../graph-record';
import { ComponentDeployment, Workload } from '../kinds';
import { RESOURCES } from '../resources';
import { statusPatch, unchanged } from '../status-patch';
import { componentDeploymentStatus } from './component-status';

export interface ComponentStatusDeps extends Pick<ReconcilerContext, 'api' | 'clock' | 'gate'> {
  readonly components: Informer<ComponentDeployment>;
  readonly deployments: Informer<Workload>;
  /** Absent when the LeaderWorkerSet API is not installed. */
  readonly leaderWorkerSets?: Informer<Workload>;
}

export class ComponentStatusReconciler {
  constructor(private readonly d: ComponentStatusDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const [namespace, name] = splitKey(key);
    if (!this.d.gate.allows(namespace)) return;
    const dcd = this.d.components.get(namespace, name);
    if (!dcd || dcd.metadata.deletionTimestamp) return;
    const model = graphModelOf(dcd);
    if (!model || model.kind !== 'DynamoComponentDeployment' || !model.components.length) return;
    const lookup = {
      deployment: (ns: string, n: string) => this.d.deployments.get(ns, n),
      leaderWorkerSet: (ns: string, n: string) => this.d.leaderWorkerSets?.get(ns, n),
    };
    const desired: Record<string, unknown> = {
      ...componentDeploymentStatus(dcd, model, lookup, new Date(this.d.clock.now()).toISOString()),
    };
    if (unchanged(desired, dcd.status)) return;
    const resource = model.apiVersion === 'nvidia.com/v1alpha1' ? RESOURCES.dcdV1alpha1 : RESOURCES.dcdV1beta1;
    const patched = await this.d.api.mergePatch<ComponentDeployment>(
      resource,
      namespace,
      name,
      statusPatch(desired, dcd.status),
      'status',
    );
    this.d.components.remember({ ...patched, apiVersion: RESOURCES.dcdV1beta1.apiVersion });
  }
}
