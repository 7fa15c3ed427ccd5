/**
 * `dynamo_operator_resources_total`: graphs by `status.state` (empty = `unknown`), scaling
 * adapters by readiness (selector set and replicas > 0), standalone DCDs by `Available`, requests
 * by phase (DynamoModels: models/model-status.ts), from the caches, skipping namespaces
 * another operator holds. `dynamo_operator_managed_pods_total`: per component type, the pods
 * the graph status reports (a multinode component's replicas are groups of `nodeCount` pods).
 * Refreshed every 30 s like upstream, and once at start.
 */
import { Clock, TimerHandle } from '../runtime/clock';
import { Runnable } from '../runtime/controller';
import { ObjectCache } from '../runtime/informer';
import { ServerObject } from '../runtime/kube/objects';
import { OperatorMetrics } from '../runtime/metrics';
import { NamespaceGate } from '../runtime/namespace-gate';
import { ControllerDefinition } from './context';
import { graphModelOf } from './graph-record';
import { ComponentDeployment, DeploymentRequest, GraphDeployment, ScalingAdapter } from './kinds';
import { modelInventoryStatus } from './models/model-status';
import { RESOURCES } from './resources';

export const INVENTORY_INTERVAL_MS = 30_000;

/** A kind to count: calls `count` with each allowed object's namespace and status. */
interface Tracked {
  readonly resourceType: string;
  readonly each: (count: (namespace: string, status: string) => void) => void;
}

export interface InventoryOptions {
  readonly metrics: OperatorMetrics;
  readonly gate: NamespaceGate;
  readonly clock: Clock;
  /** The graphs whose reported replicas make `dynamo_operator_managed_pods_total`. */
  readonly graphs: ObjectCache<GraphDeployment>;
  readonly intervalMs?: number;
}

export const graphInventoryStatus = (g: GraphDeployment): string => g.status?.state || 'unknown';
export const adapterInventoryStatus = (a: ScalingAdapter): string =>
  a.status?.selector && (a.status.replicas ?? 0) > 0 ? 'ready' : 'not_ready';
/** Standalone DCDs by their `Available` condition, as upstream counts them. */
export function componentInventoryStatus(c: ComponentDeployment): string {
  const available = c.status?.conditions?.find((x) => x.type === 'Available');
  return available ? (available.status === 'True' ? 'ready' : 'not_ready') : 'unknown';
}
/** Requests by phase (a v1alpha1-written one: its `state`). */
export const requestInventoryStatus = (r: DeploymentRequest): string => r.status?.phase || r.status?.state || 'unknown';

export class Inventory implements Runnable {
  private timer?: TimerHandle;
  private readonly tracked: Tracked[] = [];

  constructor(private readonly o: InventoryOptions) {}

  /** Counts a kind by the status `statusOf` reads. */
  track<T extends ServerObject>(resourceType: string, cache: ObjectCache<T>, statusOf: (obj: T) => string): void {
    this.tracked.push({
      resourceType,
      each: (count) => cache.list((o) => this.allows(o)).forEach((o) => count(o.metadata.namespace ?? '', statusOf(o))),
    });
  }

  start(): void {
    this.refresh();
    const again = () => {
      this.timer = this.o.clock.setTimer(() => {
        this.refresh();
        again();
      }, this.o.intervalMs ?? INVENTORY_INTERVAL_MS);
    };
    again();
  }

  async stop(): Promise<void> {
    this.timer?.cancel();
  }

  refresh(): void {
    const counts = new Map<string, { resource_type: string; namespace: string; status: string; n: number }>();
    const count = (resource_type: string, namespace: string, status: string) => {
      const key = `${resource_type}|${namespace}|${status}`;
      const entry = counts.get(key) ?? { resource_type, namespace, status, n: 0 };
      entry.n++;
      counts.set(key, entry);
    };
    for (const t of this.tracked) t.each((namespace, status) => count(t.resourceType, namespace, status));
    this.o.metrics.resources.reset();
    for (const { n, ...labels } of counts.values()) this.o.metrics.resources.set(labels, n);
    this.refreshPods();
  }

  private refreshPods(): void {
    const pods = new Map<string, { component_type: string; namespace: string; n: number }>();
    for (const g of this.o.graphs.list((o) => this.allows(o))) {
      const reported = g.status?.components ?? g.status?.services ?? {};
      if (!Object.keys(reported).length) continue;
      const model = graphModelOf(g);
      for (const c of model?.components ?? []) {
        const replicas = reported[c.name]?.replicas ?? 0;
        const namespace = g.metadata.namespace ?? '';
        const key = `${c.type}|${namespace}`;
        const entry = pods.get(key) ?? { component_type: c.type, namespace, n: 0 };
        entry.n += replicas * Math.max(1, c.multinode?.nodeCount ?? 1);
        pods.set(key, entry);
      }
    }
    this.o.metrics.managedPods.reset();
    for (const { n, ...labels } of pods.values()) this.o.metrics.managedPods.set(labels, n);
  }

  private allows(obj: ServerObject): boolean {
    return this.o.gate.allows(obj.metadata.namespace ?? '');
  }
}

/** The inventory metrics of graphs, scaling adapters, standalone DCDs and (when their CRDs are installed) DynamoModels and requests. */
export const inventory: ControllerDefinition = {
  name: 'inventory',
  async setup(ctx) {
    const graphs = ctx.informers.for<GraphDeployment>(RESOURCES.dgdV1beta1);
    const inv = new Inventory({ metrics: ctx.metrics, gate: ctx.gate, clock: ctx.clock, graphs });
    inv.track(RESOURCES.dgdV1beta1.kind, graphs, graphInventoryStatus);
    inv.track(RESOURCES.adapter.kind, ctx.informers.for<ScalingAdapter>(RESOURCES.adapter), adapterInventoryStatus);
    inv.track(
      RESOURCES.dcdV1beta1.kind,
      ctx.informers.for<ComponentDeployment>(RESOURCES.dcdV1beta1),
      componentInventoryStatus,
    );
    if (await ctx.served(RESOURCES.dynamoModel))
      inv.track(RESOURCES.dynamoModel.kind, ctx.informers.for(RESOURCES.dynamoModel), modelInventoryStatus);
    if (await ctx.served(RESOURCES.dgdrV1beta1))
      inv.track(
        RESOURCES.dgdrV1beta1.kind,
        ctx.informers.for<DeploymentRequest>(RESOURCES.dgdrV1beta1),
        requestInventoryStatus,
      );
    return inv;
  },
};
