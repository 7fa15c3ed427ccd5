/** Writes each DGD's aggregated status (graph-status.ts) through the status subresource, only when it changed. */
import { Clock } from './clock';
import { ReconcileOutcome } from './controller';
import { graphModelOf } from './graph-record';
import { graphStatus } from './graph-status';
import { KubeApi, KubeObject } from './kube/client';
import { RESOURCES } from './kube/resources';
import { GroveInformers } from './grove-informers';
import { NamespaceGate } from './namespace-gate';
import { Informer } from './watch';

export interface GraphStatusDeps {
  readonly api: KubeApi;
  readonly clock: Clock;
  readonly gate: NamespaceGate;
  readonly graphs: Informer<KubeObject>;
  readonly deployments: Informer<KubeObject>;
  readonly leaderWorkerSets?: Informer<KubeObject>;
  /** Absent when Grove is not installed. */
  readonly grove?: GroveInformers;
}

export class GraphStatusReconciler {
  constructor(private readonly d: GraphStatusDeps) {}

  async reconcile(key: string): Promise<ReconcileOutcome> {
    const [namespace, name] = key.split('/');
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
    const current = dgd.status ?? {};
    if (Object.keys(desired).every((k) => canonical(desired[k]) === canonical(current[k]))) return;
    // A merge patch merges maps: components that are gone must be removed explicitly.
    const mapKey = model.apiVersion === 'nvidia.com/v1alpha1' ? 'services' : 'components';
    const gone = Object.keys(current[mapKey] ?? {}).filter((c) => !(c in (desired[mapKey] as object)));
    const patch = { status: { ...desired, [mapKey]: { ...(desired[mapKey] as object), ...Object.fromEntries(gone.map((c) => [c, null])) } } };
    // Our CRDs convert with `None`: write through the version whose status schema has these field names.
    const resource = model.apiVersion === 'nvidia.com/v1alpha1' ? RESOURCES.dgdV1alpha1 : RESOURCES.dgdV1beta1;
    const patched = await this.d.api.mergePatch<KubeObject>(resource, namespace, name, patch, 'status');
    this.d.graphs.remember({ ...patched, apiVersion: RESOURCES.dgdV1beta1.apiVersion });
  }
}

/** JSON with sorted keys, so the server's field order does not count as a change. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, val) =>
    val && typeof val === 'object' && !Array.isArray(val) ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => (a < b ? -1 : 1))) : val,
  );
}
