/** Writes each DGD's aggregated status (graph-status.ts) through the status subresource, only when it changed. */
import { ReconcileOutcome, ReconcilerContext, splitKey } from '../../runtime/controller';
import { graphModelOf } from '../graph-record';
import { GraphInformers } from '../graphs';
import { GraphDeployment } from '../kinds';
import { RESOURCES } from '../resources';
import { graphStatus } from './graph-status';

export type GraphStatusDeps = Pick<ReconcilerContext, 'api' | 'clock' | 'gate'> & Omit<GraphInformers, 'adapters'>;

export class GraphStatusReconciler {
  constructor(private readonly d: GraphStatusDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const [namespace, name] = splitKey(key);
    if (!this.d.gate.allows(namespace)) return;
    const dgd = this.d.graphs.get(namespace, name);
    if (!dgd || dgd.metadata.deletionTimestamp) return;
    const model = graphModelOf(dgd);
    if (!model || model.kind !== 'DynamoGraphDeployment') return;
    const lookup = {
      deployment: (ns: string, n: string) => this.d.deployments.get(ns, n),
      leaderWorkerSet: (ns: string, n: string) => this.d.leaderWorkerSets?.get(ns, n),
      podCliqueSet: (ns: string, n: string) => this.d.grove?.podCliqueSets.get(ns, n),
      podClique: (ns: string, n: string) => this.d.grove?.podCliques.get(ns, n),
      podCliqueScalingGroup: (ns: string, n: string) => this.d.grove?.scalingGroups.get(ns, n),
    };
    const desired = graphStatus(dgd, model, lookup, new Date(this.d.clock.now()).toISOString(), dgd.status?.conditions);
    const current: Record<string, unknown> = dgd.status ?? {};
    if (Object.entries(desired).every(([k, v]) => canonical(v) === canonical(current[k]))) return;
    // A merge patch merges maps: components that are gone must be removed explicitly.
    const mapKey = model.apiVersion === 'nvidia.com/v1alpha1' ? 'services' : 'components';
    const reported = desired[mapKey] ?? {};
    const gone = Object.keys(dgd.status?.[mapKey] ?? {}).filter((c) => !(c in reported));
    const patch = { status: { ...desired, [mapKey]: { ...reported, ...Object.fromEntries(gone.map((c) => [c, null])) } } };
    // Our CRDs convert with `None`: write through the version whose status schema has these field names.
    const resource = model.apiVersion === 'nvidia.com/v1alpha1' ? RESOURCES.dgdV1alpha1 : RESOURCES.dgdV1beta1;
    const patched = await this.d.api.mergePatch<GraphDeployment>(resource, namespace, name, patch, 'status');
    this.d.graphs.remember({ ...patched, apiVersion: RESOURCES.dgdV1beta1.apiVersion });
  }
}

/** JSON with sorted keys, so the server's field order does not count as a change. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, val) =>
    val && typeof val === 'object' && !Array.isArray(val) ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => (a < b ? -1 : 1))) : val,
  );
}
