/**
 * The objects the controllers read, with the fields they use. All optional: a value the server
 * did not send is simply absent, and every reader copes with that.
 */
import { DynamoModelSpec } from '../../api/dynamo-model';
import { Condition } from '../runtime/conditions';
import { ServerObject } from '../runtime/kube/objects';

/** A condition as other controllers write it (Deployments, Jobs, Grove): only type and status are sure. */
export interface ObservedCondition {
  readonly type?: string;
  readonly status?: string;
  readonly reason?: string;
  readonly message?: string;
}

/** Pod-template metadata: where `nvidia.com/restartAt` lives. */
export interface TemplateMetadata {
  readonly metadata?: { readonly annotations?: Record<string, string> };
}

/** Deployment, LeaderWorkerSet, DisaggregatedSet, PodClique, PodCliqueScalingGroup (and the PodCliqueSet): what replicas and status mean alike. */
export interface Workload extends ServerObject {
  spec?: {
    replicas?: number;
    paused?: boolean;
    /** Deployment: the pod template. PodCliqueSet: the clique templates. */
    template?: TemplateMetadata & {
      readonly cliques?: ReadonlyArray<{ readonly name?: string; readonly annotations?: Record<string, string> }>;
    };
    /** LeaderWorkerSet. */
    leaderWorkerTemplate?: { readonly leaderTemplate?: TemplateMetadata; readonly workerTemplate?: TemplateMetadata };
    /** DisaggregatedSet: each role's name and group count. */
    roles?: ReadonlyArray<{ readonly name: string; readonly spec?: { readonly replicas?: number } }>;
  };
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

export interface ScalingAdapter extends ServerObject {
  spec?: { replicas?: number; dgdRef?: { name?: string; serviceName?: string } };
  status?: { replicas?: number; selector?: string; lastScaleTime?: string };
}

/** The per-component replica status a graph reports (`status.components` / v1alpha1 `status.services`). */
export interface ReportedReplicas {
  readonly replicas?: number;
}

/** `status.restart` (upstream's RestartStatus). */
export interface RestartStatus {
  observedID?: string;
  phase?: 'Pending' | 'Restarting' | 'Completed' | 'Failed' | 'Superseded';
  inProgress?: string[];
}

/** `status.rollingUpdate` (upstream's worker rollout status; v1alpha1-written records list `updatedServices`). */
export interface RollingUpdateStatus {
  phase?: 'Pending' | 'InProgress' | 'Completed' | 'Failed' | '';
  startTime?: string;
  endTime?: string;
  updatedComponents?: string[];
  updatedServices?: string[];
}

export interface GraphDeployment extends ServerObject {
  spec?: { services?: unknown; components?: unknown; [field: string]: unknown };
  status?: {
    state?: string;
    observedGeneration?: number;
    conditions?: Condition[];
    components?: Record<string, ReportedReplicas>;
    services?: Record<string, ReportedReplicas>;
    restart?: RestartStatus;
    rollingUpdate?: RollingUpdateStatus;
    [field: string]: unknown;
  };
}

/** A standalone DynamoComponentDeployment: its status (`component` in v1beta1, `service` in v1alpha1). */
export interface ComponentDeployment extends ServerObject {
  spec?: { [field: string]: unknown };
  status?: {
    observedGeneration?: number;
    conditions?: Condition[];
    component?: unknown;
    service?: unknown;
    [field: string]: unknown;
  };
}

/** A DynamoGraphDeploymentRequest as the cluster serves it (v1beta1; a v1alpha1-written one keeps its own fields). */
export interface DeploymentRequest extends ServerObject {
  spec?: { autoApply?: boolean; searchStrategy?: string; [field: string]: unknown };
  status?: { phase?: string; state?: string; conditions?: Condition[]; [field: string]: unknown };
}

export interface Pod extends ServerObject {
  spec?: { nodeName?: string };
}

export interface ConfigMap extends ServerObject {
  data?: Record<string, string>;
}

export interface Job extends ServerObject {
  status?: { conditions?: ObservedCondition[] };
}

export interface EndpointSlice extends ServerObject {
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

export interface Checkpoint extends ServerObject {
  spec?: { identity?: unknown; [field: string]: unknown };
  status?: CheckpointStatus;
}

export interface DynamoModel extends ServerObject {
  spec?: Partial<DynamoModelSpec>;
  status?: {
    endpoints?: unknown[] | null;
    readyEndpoints?: number;
    totalEndpoints?: number;
    conditions?: Condition[];
    [field: string]: unknown;
  };
}
