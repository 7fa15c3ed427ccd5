/**
 * DGD status from its workloads, by upstream's rules: per component a replica status
 * (componentKind, names, replicas, updated / ready / available), `state`
 * (initializing / pending / successful / failed), the `Ready` condition with upstream's
 * reasons, and `observedGeneration`. A graph whose PodCliqueSet exists is read from Grove's
 * PodCliques / PodCliqueScalingGroups (grove-readiness.ts); otherwise from its Deployments and
 * LeaderWorkerSets (multinode read as the LWS path renders them).
 */
import { ComponentModel, GraphModel } from '../../../api';
import {
  componentWorkloadName,
  disaggregatedRoleName,
  disaggregatedSetName,
  isMultinode,
  leaderWorkerSetName,
  renderedWorkerGeneration,
} from '../../../render';
import { Condition } from '../../runtime/conditions';
import { groveObjectName, groveResourceOf } from '../grove';
import { GraphDeployment, Workload } from '../kinds';
import { RESOURCES } from '../resources';
import { CheckpointLookup, checkpointStatuses, ComponentCheckpointStatus } from './checkpoints';
import { NotReadyReason, podCliqueReport, scalingGroupReport } from './grove-readiness';

export type GraphState = 'initializing' | 'pending' | 'successful' | 'failed';

export interface ReplicaStatus {
  componentKind: 'Deployment' | 'LeaderWorkerSet' | 'PodClique' | 'PodCliqueScalingGroup';
  componentNames: string[];
  componentName?: string;
  replicas: number;
  updatedReplicas: number;
  /** Not set for a PodCliqueScalingGroup (upstream). */
  readyReplicas?: number;
  availableReplicas?: number;
}

export interface WorkloadLookup {
  deployment(namespace: string, name: string): Workload | undefined;
  leaderWorkerSet(namespace: string, name: string): Workload | undefined;
  /** Absent when the DisaggregatedSet API is not installed. */
  disaggregatedSet?(namespace: string, name: string): Workload | undefined;
  /** The LeaderWorkerSets a DisaggregatedSet made for one role (one per revision while it rolls). */
  disaggregatedRoleSets?(namespace: string, set: string, role: string): Workload[];
  /** Absent when Grove is not installed. */
  podCliqueSet?(namespace: string, name: string): Workload | undefined;
  podClique?(namespace: string, name: string): Workload | undefined;
  podCliqueScalingGroup?(namespace: string, name: string): Workload | undefined;
}

/** The status fields the operator owns; the replica map is `components` (v1beta1) or `services` (v1alpha1). */
export interface GraphStatusFields {
  observedGeneration?: number;
  state: GraphState;
  conditions: Condition[];
  components?: Record<string, ReplicaStatus>;
  services?: Record<string, ReplicaStatus>;
  /** Per component with a `checkpointRef` (checkpoints.ts); absent when none has one. */
  checkpoints?: Record<string, ComponentCheckpointStatus>;
}

export interface ComponentReport {
  status?: ReplicaStatus;
  ready: boolean;
  failed: boolean;
  reason?: NotReadyReason;
}

const n = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** Whether the workload controller has seen the latest spec. */
const observed = (w: Workload) => n(w.status?.observedGeneration) >= n(w.metadata.generation);

function deploymentReport(w: Workload | undefined, name: string): ComponentReport {
  if (!w) return { ready: false, failed: false, reason: 'some_resources_are_not_ready' };
  const desired = w.spec?.replicas ?? 1;
  const s = w.status ?? {};
  const status: ReplicaStatus = {
    componentKind: 'Deployment',
    componentNames: [name],
    replicas: n(s.replicas),
    updatedReplicas: n(s.updatedReplicas),
    readyReplicas: n(s.readyReplicas),
    availableReplicas: n(s.availableReplicas),
  };
  const conditions = s.conditions ?? [];
  const failed = conditions.some(
    (c) => c.type === 'Progressing' && c.status === 'False' && c.reason === 'ProgressDeadlineExceeded',
  );
  // Upstream's IsDeploymentReady: not paused, generation observed, and (unless scaled to zero)
  // replicas, updated and available all equal to spec.replicas with the Available condition True.
  const rollingOut = desired > 0 && (status.updatedReplicas !== desired || status.replicas !== desired);
  const updating = w.spec?.paused === true || !observed(w) || rollingOut;
  const available =
    desired === 0 ||
    (status.availableReplicas === desired && conditions.some((c) => c.type === 'Available' && c.status === 'True'));
  const ready = !updating && available;
  return { status, ready, failed, reason: ready ? undefined : updating ? 'updating' : 'pods_not_ready' };
}

/** LWS `status.readyReplicas` counts groups whose leader and workers are all ready; LWS status has no observedGeneration. */
function lwsReport(name: string, obj: Workload | undefined): ComponentReport {
  const status = {
    componentKind: 'LeaderWorkerSet' as const,
    componentNames: [name],
    replicas: n(obj?.status?.replicas),
    updatedReplicas: n(obj?.status?.updatedReplicas),
    readyReplicas: n(obj?.status?.readyReplicas),
  };
  const missing = !obj;
  const desired = obj?.spec?.replicas ?? 1;
  const updating = !missing && status.updatedReplicas < desired;
  const notReady = !missing && !updating && status.readyReplicas < desired;
  const reason: NotReadyReason | undefined = missing
    ? 'some_resources_are_not_ready'
    : updating
      ? 'updating'
      : notReady
        ? 'pods_not_ready'
        : undefined;
  return { status, ready: !reason, failed: false, reason };
}

/**
 * A DisaggregatedSet role, read from the LeaderWorkerSets the set made for it (the set writes no
 * status of its own): one set per revision, so two mean the set is rolling the role; one is read
 * as the LWS path's, against the role's group count.
 */
function disaggregatedRoleReport(name: string, desired: number, sets: Workload[]): ComponentReport {
  if (sets.length > 1) {
    const sum = (f: 'replicas' | 'updatedReplicas' | 'readyReplicas') =>
      sets.reduce((total, s) => total + n(s.status?.[f]), 0);
    const status = {
      componentKind: 'LeaderWorkerSet' as const,
      componentNames: [name],
      replicas: sum('replicas'),
      updatedReplicas: sum('updatedReplicas'),
      readyReplicas: sum('readyReplicas'),
    };
    return { status, ready: false, failed: false, reason: 'updating' };
  }
  const [only] = sets;
  return lwsReport(name, only && { ...only, spec: { replicas: desired } });
}

/** Upstream's IsDeploymentReady / IsLeaderWorkerSetReady verdict for a component, from its workloads. */
export function componentReport(graph: GraphModel, c: ComponentModel, lookup: WorkloadLookup): ComponentReport {
  if (lookup.podCliqueSet?.(graph.namespace, graph.name)) {
    const name = groveObjectName(graph.name, c.name);
    const r =
      groveResourceOf(c) === RESOURCES.podClique
        ? podCliqueReport(name, lookup.podClique?.(graph.namespace, name))
        : scalingGroupReport(name, lookup.podCliqueScalingGroup?.(graph.namespace, name));
    return { ...r, failed: false };
  }
  // A worker generation's workloads carry the hash the record declares (the current generation).
  const name = componentWorkloadName(graph, c.name, renderedWorkerGeneration(graph.metadataAnnotations));
  if (!isMultinode(c)) return deploymentReport(lookup.deployment(graph.namespace, name), name);
  const set = lookup.disaggregatedSet?.(graph.namespace, disaggregatedSetName(graph.name));
  const role = set?.spec?.roles?.find((r) => r.name === disaggregatedRoleName(c.name));
  if (set && role)
    return disaggregatedRoleReport(
      `${set.metadata.name}/${role.name}`,
      role.spec?.replicas ?? 1,
      lookup.disaggregatedRoleSets?.(graph.namespace, set.metadata.name, role.name) ?? [],
    );
  const lws = leaderWorkerSetName(name);
  return lwsReport(lws, lookup.leaderWorkerSet(graph.namespace, lws));
}

/**
 * The status to write. `previous` keeps `lastTransitionTime` when the Ready condition's status
 * did not change; `checkpoint` finds a referenced DynamoCheckpoint in the cache.
 */
export function graphStatus(
  dgd: GraphDeployment,
  graph: GraphModel,
  lookup: WorkloadLookup,
  now: string,
  previous?: Condition[],
  checkpoint?: CheckpointLookup,
): GraphStatusFields {
  const v1alpha1 = graph.apiVersion === 'nvidia.com/v1alpha1';
  const components: Record<string, ReplicaStatus> = {};
  const reasons = new Set<NotReadyReason>();
  let anyFailed = false;
  let anySeen = false;
  for (const c of graph.components) {
    const r = componentReport(graph, c, lookup);
    if (r.status) {
      components[c.name] = v1alpha1 ? { ...r.status, componentName: r.status.componentNames[0] } : r.status;
      anySeen ||= r.status.componentNames.length > 0 && r.reason !== 'some_resources_are_not_ready';
    }
    if (r.reason) reasons.add(r.reason);
    anyFailed ||= r.failed;
  }
  const ready = reasons.size === 0;
  const reason = ready ? 'all_resources_are_ready' : reasons.size === 1 ? [...reasons][0] : 'mixed_not_ready_reasons';
  const state: GraphState = anyFailed ? 'failed' : ready ? 'successful' : anySeen ? 'pending' : 'initializing';
  const message = ready ? 'All resources are ready' : `Not ready: ${notReadyList(graph, lookup)}`;
  const status: Condition['status'] = ready ? 'True' : 'False';
  const before = previous?.find((c) => c.type === 'Ready');
  const condition: Condition = {
    type: 'Ready',
    status,
    reason,
    message,
    lastTransitionTime: before?.status === status ? before.lastTransitionTime : now,
    observedGeneration: dgd.metadata.generation,
  };
  const checkpoints = checkpoint && checkpointStatuses(graph, checkpoint);
  return {
    observedGeneration: dgd.metadata.generation,
    state,
    conditions: [...(previous ?? []).filter((c) => c.type !== 'Ready'), condition],
    [v1alpha1 ? 'services' : 'components']: components,
    ...(checkpoints ? { checkpoints } : {}),
  };
}

function notReadyList(graph: GraphModel, lookup: WorkloadLookup): string {
  return graph.components
    .filter((c) => !componentReport(graph, c, lookup).ready)
    .map((c) => c.name)
    .join(', ');
}
