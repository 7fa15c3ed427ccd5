/**
 * `nvidia.com/v1beta1` DynamoGraphDeployment / DynamoComponentDeployment input shapes
 * (the current API: `spec.components` list, one `podTemplate` with a container named `main`).
 * These are also the props of the cdk8s constructs.
 */
import {
  BackendFrameworkInput,
  ComponentTopologyConstraintInput,
  EnvVarInput,
  EppConfigInput,
  FailoverInput,
  GpuMemoryServiceInput,
  GraphExperimentalInput,
  ModelRefInput,
  MultinodeInput,
  PodMetadataInput,
  PodSpecInput,
  ResourceMetadataInput,
  RestartInput,
} from './input-common';
import type { ComponentFieldsInput } from '../../crds/component-fields';
import type { ComponentType } from '../../crds/vocabulary';
import { JsonObject } from '../k8s-types';

export const V1BETA1 = 'nvidia.com/v1beta1';

export { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';
export type { ComponentType } from '../../crds/vocabulary';

/** A PodTemplateSpec; `spec.containers` holds `main` and any user sidecars. */
export interface PodTemplateInput {
  /** Pod labels / annotations. @default - none */
  readonly metadata?: PodMetadataInput;
  /** The pod spec: containers (`main` first), volumes, scheduling. @default - the component type's defaults only */
  readonly spec?: PodSpecInput;
}

/** A PVC mounted as the backend's compilation cache. */
export interface CompilationCacheInput {
  /** Claim name (required). */
  readonly pvcName: string;
  /** Where the claim is mounted in `main`. @default - the backend's cache path (vLLM: `/root/.cache/vllm`; others have none and need one) */
  readonly mountPath?: string;
}

/**
 * Restore a component's pods from a DynamoCheckpoint referenced by name (the cdk8s
 * `DynamoCheckpoint.ref()` builds it). Automatic checkpoints are upstream-runtime only.
 */
export interface ComponentCheckpointInput {
  /** Restore from the checkpoint (false renders as if the block were absent). */
  readonly enabled: boolean;
  /** `metadata.name` of a DynamoCheckpoint in the graph's namespace. */
  readonly checkpointRef?: string;
  /** Container restored from the checkpoint. @default 'main' */
  readonly targetContainerName?: string;
  /** `Immediate` only (pods start at once, cold until the checkpoint is Ready); `WaitForCheckpoint` is refused. @default 'Immediate' */
  readonly startupPolicy?: 'Immediate' | 'WaitForCheckpoint';
  /** Applies to automatic checkpoints only; with checkpointRef it has no effect (warned). @default 'Delete' */
  readonly deletionPolicy?: 'Delete' | 'Retain';
}

/** Experimental component features (`experimental`). */
export interface ComponentExperimentalInput {
  /** Restore the pods from a DynamoCheckpoint. @default - no checkpoint */
  readonly checkpoint?: ComponentCheckpointInput;
  /** Worker components only; needs a GPU limit on `main`. @default - none */
  readonly gpuMemoryService?: GpuMemoryServiceInput;
  /** A standby engine that takes over when the active one fails (worker components only). @default - none */
  readonly failover?: FailoverInput;
}

/** A role of a multinode component (`leader`, `worker`): only what the implicit roles already are. */
export interface ComponentRoleInput {
  /** `leader` or `worker`. */
  readonly name: 'leader' | 'worker';
  /** leader: 1; worker: nodeCount − 1. @default - those */
  readonly replicas?: number;
}

/**
 * One component of a v1beta1 graph (the DynamoComponentDeployment shared spec). The fields
 * declared once in `crds/component-fields.ts` come from there.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
 */
export interface ComponentSpec extends ComponentFieldsInput {
  /** The component's name: 1–63 characters, `^[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?$`, unique case-insensitively. */
  readonly name: string;
  /** What the component runs (`frontend`, `worker`, `prefill`, `decode`, `planner`, `epp`): picks its defaults. @default - default rules */
  readonly type?: ComponentType;
  /** Use the shared Dynamo namespace `dynamo`. @default false */
  readonly globalDynamoNamespace?: boolean;
  /** The pod; its `main` container is merged over the component type's defaults. @default - defaults only */
  readonly podTemplate?: PodTemplateInput;
  /** Pods of the component (minimum 0); a scaling adapter or the worker rollout may own it instead. @default 1 */
  readonly replicas?: number;
  /** Span one replica over several nodes (LeaderWorkerSet or Grove). @default - single node */
  readonly multinode?: MultinodeInput;
  /** Multinode only: the leader / worker roles, as the implicit ones. @default - implicit */
  readonly roles?: readonly ComponentRoleInput[];
  /** The model the component serves, for its DynamoModel and model Service. @default - none */
  readonly modelRef?: ModelRefInput;
  /** Present (even `{}`) = replicas are owned by a DynamoGraphDeploymentScalingAdapter. @default - absent */
  readonly scalingAdapter?: Record<string, never>;
  /** Only for `type: epp`. @default - none */
  readonly eppConfig?: EppConfigInput;
  /** A PVC the backend keeps its compiled kernels in. @default - no compilation cache */
  readonly compilationCache?: CompilationCacheInput;
  /** Grove only: the topology domain the component's pods are packed into. @default - none */
  readonly topologyConstraint?: ComponentTopologyConstraintInput;
  /** Experimental features: checkpoint restore, GPU memory service, failover. @default - none */
  readonly experimental?: ComponentExperimentalInput;
  /** Refused: a provider-native fragment dynamo-iac does not render (use topologyConstraint). @default - none */
  readonly providerOverride?: JsonObject;
}

/**
 * `spec` of a v1beta1 DynamoGraphDeployment.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeployment_types.go
 */
export interface DynamoGraphDeploymentSpec {
  /** The components (1 to 25), in order. */
  readonly components: readonly ComponentSpec[];
  /** Env prepended to every component. @default - none */
  readonly env?: readonly EnvVarInput[];
  /** The engine (`vllm`, `sglang`, `trtllm`) for engine-specific defaults. @default - detected from each worker's command */
  readonly backendFramework?: BackendFrameworkInput;
  /** Low-priority labels for every component. @default - none */
  readonly labels?: Readonly<Record<string, string>>;
  /** Low-priority annotations for every component. @default - none */
  readonly annotations?: Readonly<Record<string, string>>;
  /** A restart request the runtime operator carries out; must be unset when the graph is created. @default - none */
  readonly restart?: RestartInput;
  /** Grove only (ignored with a warning elsewhere, as upstream); immutable. @default - none */
  readonly topologyConstraint?: { readonly clusterTopologyName?: string; readonly packDomain?: string };
  /** Grove only: the PodCliqueSet's PriorityClass. @default - none */
  readonly priorityClassName?: string;
  /** Experimental graph features. @default - none */
  readonly experimental?: GraphExperimentalInput;
  /** Refused: a provider-native fragment dynamo-iac does not render (use topologyConstraint). @default - none */
  readonly providerOverride?: JsonObject;
}

/**
 * `spec` of a v1beta1 DynamoComponentDeployment: the component spec plus the backend.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
 */
export interface DynamoComponentDeploymentSpec extends Omit<ComponentSpec, 'name'> {
  /** The component's name. @default - `metadata.name` */
  readonly name?: string;
  /** The engine (`vllm`, `sglang`, `trtllm`) for engine-specific defaults. @default - detected from the command */
  readonly backendFramework?: BackendFrameworkInput;
}

export interface DynamoGraphDeploymentV1beta1 {
  readonly apiVersion: typeof V1BETA1;
  readonly kind: 'DynamoGraphDeployment';
  readonly metadata: ResourceMetadataInput;
  readonly spec: DynamoGraphDeploymentSpec;
}

export interface DynamoComponentDeploymentV1beta1 {
  readonly apiVersion: typeof V1BETA1;
  readonly kind: 'DynamoComponentDeployment';
  readonly metadata: ResourceMetadataInput;
  readonly spec: DynamoComponentDeploymentSpec;
}
