/**
 * Readiness of Grove's per-component objects, by upstream's rules: a PodClique is ready when
 * its replicas, updated and ready counts all equal `spec.replicas`; a PodCliqueScalingGroup
 * when replicas, updated and available do. A stale or missing `observedGeneration` is
 * `some_resources_are_not_ready`. Scheduling shortfalls (schedule-gated pods, Grove's
 * "insufficient scheduled" conditions, a partial scheduled count) are `insufficient_capacity`,
 * checked before `updating` and `pods_not_ready`.
 */
import { ObservedCondition, Workload } from '../kinds';
import { RESOURCES } from '../resources';

export type NotReadyReason = 'insufficient_capacity' | 'pods_not_ready' | 'updating' | 'some_resources_are_not_ready';

export interface GroveReplicaStatus {
  componentKind: 'PodClique' | 'PodCliqueScalingGroup';
  componentNames: string[];
  replicas: number;
  updatedReplicas: number;
  readyReplicas?: number;
  availableReplicas?: number;
}

export interface GroveReport {
  status: GroveReplicaStatus;
  ready: boolean;
  reason?: NotReadyReason;
}

/** Grove condition types and reasons that mean "not enough capacity to schedule". */
const POD_CLIQUE_SCHEDULED = 'PodCliqueScheduled';
const INSUFFICIENT_SCHEDULED_PODS = 'InsufficientScheduledPods';
const MIN_AVAILABLE_BREACHED = 'MinAvailableBreached';
const PCSG_SCHEDULING_SHORTFALL = [
  'InsufficientScheduledPodCliqueScalingGroupReplicas',
  'ScheduledReplicasBelowMinAvailable',
];

const n = (v: unknown): number => (typeof v === 'number' ? v : 0);

export function podCliqueReport(name: string, obj: Workload | undefined): GroveReport {
  const kind = RESOURCES.podClique.kind as 'PodClique';
  if (!obj) return missing(kind, name);
  const s = obj.status ?? {};
  const ready = n(s.readyReplicas);
  const status: GroveReplicaStatus = {
    componentKind: kind,
    componentNames: [name],
    replicas: n(s.replicas),
    updatedReplicas: n(s.updatedReplicas),
    readyReplicas: ready,
  };
  const blocked = () =>
    n(s.scheduleGatedReplicas) > 0 || hasCondition(s.conditions, POD_CLIQUE_SCHEDULED, [INSUFFICIENT_SCHEDULED_PODS]);
  return classify(obj, status, ready, blocked);
}

export function scalingGroupReport(name: string, obj: Workload | undefined): GroveReport {
  const kind = RESOURCES.podCliqueScalingGroup.kind as 'PodCliqueScalingGroup';
  if (!obj) return missing(kind, name);
  const s = obj.status ?? {};
  const available = n(s.availableReplicas);
  const status: GroveReplicaStatus = {
    componentKind: kind,
    componentNames: [name],
    replicas: n(s.replicas),
    updatedReplicas: n(s.updatedReplicas),
    availableReplicas: available,
  };
  return classify(obj, status, available, () =>
    hasCondition(s.conditions, MIN_AVAILABLE_BREACHED, PCSG_SCHEDULING_SHORTFALL),
  );
}

function missing(kind: GroveReplicaStatus['componentKind'], name: string): GroveReport {
  return {
    status: { componentKind: kind, componentNames: [name], replicas: 0, updatedReplicas: 0 },
    ready: false,
    reason: 'some_resources_are_not_ready',
  };
}

function classify(
  obj: Workload,
  status: GroveReplicaStatus,
  serving: number,
  capacityBlocked: () => boolean,
): GroveReport {
  const s = obj.status ?? {};
  const notReady = (reason: NotReadyReason): GroveReport => ({ status, ready: false, reason });
  if (typeof s.observedGeneration !== 'number' || s.observedGeneration < n(obj.metadata.generation))
    return notReady('some_resources_are_not_ready');
  // Grove defaults an omitted replicas to 1.
  const desired = typeof obj.spec?.replicas === 'number' ? obj.spec.replicas : 1;
  if (desired === 0) return { status, ready: true };
  if (status.replicas === desired && status.updatedReplicas === desired && serving === desired)
    return { status, ready: true };
  const scheduled = n(s.scheduledReplicas);
  if (capacityBlocked() || (scheduled > 0 && scheduled < desired)) return notReady('insufficient_capacity');
  if (status.updatedReplicas !== desired || status.replicas !== desired) return notReady('updating');
  return notReady('pods_not_ready');
}

function hasCondition(conditions: ObservedCondition[] | undefined, type: string, reasons: string[]): boolean {
  return (conditions ?? []).some((c) => c.type === type && c.status === 'False' && reasons.includes(c.reason ?? ''));
}
