/**
 * The objects the controllers read, with the fields they use. All optional: a value the server
 * did not send is simply absent, and every reader copes with that.
 */
import { DynamoModelSpec } from '../../api/dynamo-model';
import { Condition } from '../runtime/conditions';
import { KubeObject } from '../runtime/kube/objects';

/** A condition as other controllers write it (Deployments, Jobs, Grove): only type and status are sure. */
export interface ObservedCondition {
  readonly type?: string;
  readonly status?: string;
  readonly reason?: string;
  readonly message?: string;
}

/** Deployment, LeaderWorkerSet, PodClique, PodCliqueScalingGroup: what replicas and status mean alike. */
export interface Workload extends KubeObject {
  spec?: { replicas?: number; paused?: boolean };
  status?: {
    replicas?: number;
    updatedReplicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    observedGeneration?: number;
    /** Grove PodClique: pods held back by scheduling gates. */
    scheduleGatedReplicas?: number;
    /** Grove: replicas (or groups) whose pods are all scheduled. */
    scheduledReplicas?: number;
    conditions?: ObservedCondition[];
  };
}

export interface ScalingAdapter extends KubeObject {
  spec?: { replicas?: number; dgdRef?: { name?: string; serviceName?: string } };
  status?: { replicas?: number; selector?: string; lastScaleTime?: string };
}

/** The per-component replica status a graph reports (`status.components` / v1alpha1 `status.services`). */
export interface ReportedReplicas {
  readonly replicas?: number;
}

export interface GraphDeployment extends KubeObject {
  spec?: { services?: unknown; components?: unknown; [field: string]: unknown };
  status?: {
    state?: string;
    observedGeneration?: number;
    conditions?: Condition[];
    components?: Record<string, ReportedReplicas>;
    services?: Record<string, ReportedReplicas>;
    [field: string]: unknown;
  };
}

export interface Job extends KubeObject {
  status?: { conditions?: ObservedCondition[] };
}

export interface EndpointSlice extends KubeObject {
  endpoints?: Array<{ addresses?: string[]; targetRef?: { kind?: string; name?: string; uid?: string } }>;
  ports?: Array<{ name?: string; port?: number }>;
}

/** The status the checkpoint controller writes (upstream's field names). */
export interface CheckpointStatus {
  phase?: string;
  message?: string;
  checkpointID?: string;
  identityHash?: string;
  jobName?: string;
  location?: string;
  storageType?: string;
  createdAt?: string | null;
  conditions?: Condition[];
}

export interface Checkpoint extends KubeObject {
  spec?: { identity?: unknown; [field: string]: unknown };
  status?: CheckpointStatus;
}

export interface DynamoModel extends KubeObject {
  spec?: Partial<DynamoModelSpec>;
  status?: {
    endpoints?: unknown[] | null;
    readyEndpoints?: number;
    totalEndpoints?: number;
    conditions?: Condition[];
    [field: string]: unknown;
  };
}
