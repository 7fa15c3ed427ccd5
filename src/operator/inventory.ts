/**
 * `dynamo_operator_resources_total`: graphs by `status.state` (empty = `unknown`) and scaling
 * adapters by readiness (selector set and replicas > 0), from the caches, skipping namespaces
 * another operator holds. `dynamo_operator_managed_pods_total`: per component type, the pods
 * the graph status reports (a multinode component's replicas are groups of `nodeCount` pods).
 * Refreshed every 30 s like upstream, and once at start.
 */
import { Clock, TimerHandle } from './clock';
import { graphModelOf } from './graph-record';
import { KubeObject } from './kube/client';
import { RESOURCES } from './kube/resources';
import { OperatorMetrics } from './metrics';
import { NamespaceGate } from './namespace-gate';
import { Informer } from './watch';

export const INVENTORY_INTERVAL_MS = 30_000;

/** Another kind to count: its informer and how an object's status reads. */
interface Tracked {
  readonly resourceType: string;
  readonly informer: Informer<KubeObject>;
  readonly statusOf: (obj: KubeObject) => string;
}

export class Inventory {
  private timer?: TimerHandle;
  private readonly tracked: Tracked[] = [];

  constructor(
    private readonly metrics: OperatorMetrics,
    private readonly gate: NamespaceGate,
    private readonly graphs: Informer<KubeObject>,
    private readonly adapters: Informer<KubeObject>,
    private readonly clock: Clock,
    private readonly intervalMs = INVENTORY_INTERVAL_MS,
  ) {}

  /** Counts another kind too (a controller that only runs when its CRD is installed). */
  track(resourceType: string, informer: Informer<KubeObject>, statusOf: (obj: KubeObject) => string): void {
    this.tracked.push({ resourceType, informer, statusOf });
  }

  start(): void {
    this.refresh();
    const again = () => {
      this.timer = this.clock.setTimer(() => {
        this.refresh();
        again();
      }, this.intervalMs);
    };
    again();
  }

  stop(): void {
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
    for (const g of this.graphs.list((o) => this.gate.allows(o.metadata.namespace!))) {
      count(RESOURCES.dgdV1beta1.kind, g.metadata.namespace!, g.status?.state || 'unknown');
    }
    for (const a of this.adapters.list((o) => this.gate.allows(o.metadata.namespace!))) {
      count(RESOURCES.adapter.kind, a.metadata.namespace!, a.status?.selector && a.status?.replicas > 0 ? 'ready' : 'not_ready');
    }
    for (const t of this.tracked) {
      for (const o of t.informer.list((x) => this.gate.allows(x.metadata.namespace!))) count(t.resourceType, o.metadata.namespace!, t.statusOf(o));
    }
    this.metrics.resources.reset();
    for (const { n, ...labels } of counts.values()) this.metrics.resources.set(labels, n);
    this.refreshPods();
  }

  private refreshPods(): void {
    const pods = new Map<string, { component_type: string; namespace: string; n: number }>();
    for (const g of this.graphs.list((o) => this.gate.allows(o.metadata.namespace!))) {
      const reported: Record<string, { replicas?: number }> = g.status?.components ?? g.status?.services ?? {};
      if (!Object.keys(reported).length) continue;
      const model = graphModelOf(g);
      for (const c of model?.components ?? []) {
        const replicas = reported[c.name]?.replicas ?? 0;
        const namespace = g.metadata.namespace!;
        const key = `${c.type}|${namespace}`;
        const entry = pods.get(key) ?? { component_type: c.type, namespace, n: 0 };
        entry.n += replicas * Math.max(1, c.multinode?.nodeCount ?? 1);
        pods.set(key, entry);
      }
    }
    this.metrics.managedPods.reset();
    for (const { n, ...labels } of pods.values()) this.metrics.managedPods.set(labels, n);
  }
}
