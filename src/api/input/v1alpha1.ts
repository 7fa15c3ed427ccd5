/**
 * `nvidia.com/v1alpha1` DynamoGraphDeployment / DynamoComponentDeployment input shapes
 * (the classic API: `spec.services` map, `extraPodSpec` + `mainContainer`).
 */
import {
  BackendFrameworkInput,
  ComponentTopologyConstraintInput,
  ContainerInput,
  EnvVarInput,
  EppConfigInput,
  FailoverInput,
  GpuMemoryServiceInput,
  GraphExperimentalInput,
  ModelRefInput,
  MultinodeInput,
  PodMetadataInput,
  PodSpecInput,
  ProbeInput,
  ResourceMetadataInput,
  RestartInput,
} from './input-common';
import { JsonObject } from '../k8s-types';

export const V1ALPHA1 = 'nvidia.com/v1alpha1';

/**
 * Dynamo-form resource amounts (Kubernetes quantities as strings; empty string = not set).
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface DynamoResourceItems {
  /** CPU amount, e.g. `'2'` or `'500m'`. @default - not set */
  readonly cpu?: string;
  /** Memory amount, e.g. `'16Gi'`. @default - not set */
  readonly memory?: string;
  /** GPU count, rendered under the `gpuType` resource name. @default - not set */
  readonly gpu?: string;
  /** Resource name for `gpu`. @default 'nvidia.com/gpu' */
  readonly gpuType?: string;
  /** Any other resource, by its Kubernetes name. @default - none */
  readonly custom?: Readonly<Record<string, string>>;
}

/**
 * `resources` in Dynamo form, turned into Kubernetes ResourceRequirements on the main container.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface DynamoResources {
  /** What the scheduler reserves for the main container. @default - none */
  readonly requests?: DynamoResourceItems;
  /** The most the main container may use. @default - none */
  readonly limits?: DynamoResourceItems;
  /** Dynamic resource claims, appended to the container's claims. @default - none */
  readonly claims?: readonly JsonObject[];
}

/**
 * A PersistentVolumeClaim the graph uses (and optionally creates).
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamographdeployment_types.go
 */
export interface PvcInput {
  /** Claim name; referenced by `volumeMounts[].name`. */
  readonly name: string;
  /** Create the claim (otherwise it must already exist). @default false */
  readonly create?: boolean;
  /** Required when `create` is true. @default - none */
  readonly storageClass?: string;
  /** Quantity; required when `create` is true. @default - none */
  readonly size?: string;
  /** e.g. `ReadWriteMany`; required when `create` is true. @default - none */
  readonly volumeAccessMode?: string;
}

/**
 * A PVC mounted into the main container (`volumeMounts[]`).
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface VolumeMountInput {
  /** Name of a PVC from `spec.pvcs` (or any existing claim). */
  readonly name: string;
  /** Required unless `useAsCompilationCache` is true and the backend has a default cache path (vLLM). @default - none */
  readonly mountPoint?: string;
  /** Mount the claim as the backend's compilation cache. @default false */
  readonly useAsCompilationCache?: boolean;
}

/**
 * How a component is exposed outside the cluster: an Ingress or an Istio VirtualService. The
 * platform's ingress settings apply only to a frontend that declares no ingress of its own.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface IngressInput {
  /** Render the Ingress (or VirtualService) for this component. @default false */
  readonly enabled?: boolean;
  /** Required when enabled. @default - none */
  readonly host?: string;
  /** Text put in front of `host` in the served host name. @default - none */
  readonly hostPrefix?: string;
  /**
   * Domain after the host: the host served is `<hostPrefix><host>.<hostSuffix>`.
   * @default 'local'
   */
  readonly hostSuffix?: string;
  /** Render an Istio VirtualService instead of an Ingress. @default false */
  readonly useVirtualService?: boolean;
  /** Istio Gateway of the VirtualService; one is only rendered with it. @default - none: no VirtualService */
  readonly virtualServiceGateway?: string;
  /** IngressClass of the Ingress; an Ingress is only rendered with one. @default - none: no Ingress */
  readonly ingressControllerClassName?: string;
  /** TLS for the host, from the Secret `secretName`. @default - no TLS */
  readonly tls?: { readonly secretName?: string };
  /** Annotations of the Ingress. @default - none */
  readonly annotations?: Readonly<Record<string, string>>;
  /** Labels of the Ingress. @default - none */
  readonly labels?: Readonly<Record<string, string>>;
}

/**
 * `/dev/shm` for the main container.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface SharedMemoryInput {
  /** Mount no `/dev/shm` volume. @default false */
  readonly disabled?: boolean;
  /** Quantity; required when not disabled. @default '8Gi' when the block is absent */
  readonly size?: string;
}

/**
 * An auto-configured frontend container (`sidecar-frontend`) injected next to the worker.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface FrontendSidecarInput {
  /** Frontend image (required). */
  readonly image: string;
  /** Arguments of the frontend. @default - the frontend's default args */
  readonly args?: readonly string[];
  /** Secret whose keys become the sidecar's environment variables. @default - none */
  readonly envFromSecret?: string;
  /** Environment variables of the sidecar. @default - none */
  readonly envs?: readonly EnvVarInput[];
}

/**
 * `extraPodSpec`: a PodSpec overlay plus the main container overlay.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface ExtraPodSpecInput extends PodSpecInput {
  /** Deep-merged over the component type's default container. @default - none */
  readonly mainContainer?: ContainerInput;
}

/**
 * One service of a v1alpha1 graph (the DynamoComponentDeployment shared spec).
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface ServiceSpec {
  /**
   * One of `frontend`, `worker`, `prefill`, `decode`, `planner`, `epp` (free-form upstream; checked
   * here as v1beta1's `type` is, docs/deviations.md). Unset renders with the default rules.
   * @default - default rules
   */
  readonly componentType?: string;
  /** `prefill` or `decode`, for a disaggregated `worker`. @default - none */
  readonly subComponentType?: string;
  /** Component name (standalone DCD). @default - the map key / `metadata.name` */
  readonly serviceName?: string;
  /** Annotations of the service's objects and pods; they win over `spec.annotations`. @default - none */
  readonly annotations?: Readonly<Record<string, string>>;
  /** Labels of the service's objects and pods; they win over `spec.labels`. @default - none */
  readonly labels?: Readonly<Record<string, string>>;
  /** @deprecated ignored upstream; the Dynamo namespace is computed. */
  readonly dynamoNamespace?: string;
  /** Use the shared Dynamo namespace `dynamo`. @default false */
  readonly globalDynamoNamespace?: boolean;
  /** CPU, memory and GPUs of the main container. @default - none */
  readonly resources?: DynamoResources;
  /** @deprecated ignored upstream; use a scaling adapter. */
  readonly autoscaling?: JsonObject;
  /** Component env; wins over `spec.envs` and `mainContainer.env`. @default - none */
  readonly envs?: readonly EnvVarInput[];
  /** Secret whose keys become env vars. @default - none */
  readonly envFromSecret?: string;
  /** PVCs mounted into the main container. @default - none */
  readonly volumeMounts?: readonly VolumeMountInput[];
  /**
   * Expose the service through an Ingress or an Istio VirtualService.
   * @default - the platform's default ingress for frontends
   */
  readonly ingress?: IngressInput;
  /** The model the service serves, for its DynamoModel and model Service. @default - none */
  readonly modelRef?: ModelRefInput;
  /** The main container's `/dev/shm`. @default - an 8Gi memory-backed `/dev/shm` */
  readonly sharedMemory?: SharedMemoryInput;
  /** Pod template labels / annotations. @default - none */
  readonly extraPodMetadata?: PodMetadataInput;
  /** Pod spec fields and the main container, merged over the defaults. @default - none */
  readonly extraPodSpec?: ExtraPodSpecInput;
  /** Replaces the default liveness probe. @default - the component type's probe */
  readonly livenessProbe?: ProbeInput;
  /** Replaces the default readiness probe. @default - the component type's probe */
  readonly readinessProbe?: ProbeInput;
  /** Minimum 0. @default 1 */
  readonly replicas?: number;
  /** Span one replica over several nodes (LeaderWorkerSet or Grove). @default - single node */
  readonly multinode?: MultinodeInput;
  /** Replicas are owned by a DynamoGraphDeploymentScalingAdapter. @default - disabled */
  readonly scalingAdapter?: { readonly enabled?: boolean };
  /** Only for `componentType: epp`. @default - none */
  readonly eppConfig?: EppConfigInput;
  /** Run an auto-configured frontend container next to the worker. @default - no frontend sidecar */
  readonly frontendSidecar?: FrontendSidecarInput;
  /**
   * `X.Y.Z`: the Dynamo runtime version of the main image. Required when its tag is not a semantic
   * version (`latest`, a custom tag, a digest), as upstream's admission requires it. @default - from the image tag
   */
  readonly runtimeVersionOverride?: string;
  /** Grove only: the topology domain the service's pods are packed into. @default - none */
  readonly topologyConstraint?: ComponentTopologyConstraintInput;
  /** Restore from a DynamoCheckpoint by name. @default - no checkpoint */
  readonly checkpoint?: {
    readonly enabled?: boolean;
    readonly checkpointRef?: string;
    /** Deprecated and ignored (warned). @default - none */
    readonly mode?: 'Auto' | 'Manual';
  };
  /** Worker services only; `enabled: true` turns it on. @default - none */
  readonly gpuMemoryService?: GpuMemoryServiceInput & { readonly enabled?: boolean };
  /** `enabled: true` turns it on. @default - none */
  readonly failover?: FailoverInput & { readonly enabled?: boolean };
  /** Refused: a provider-native fragment dynamo-iac does not render. @default - none */
  readonly providerOverride?: JsonObject;
}

/**
 * `spec` of a v1alpha1 DynamoGraphDeployment.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamographdeployment_types.go
 */
export interface DynamoGraphDeploymentSpecV1alpha1 {
  /** Services by name (1 to 25). */
  readonly services: Readonly<Record<string, ServiceSpec>>;
  /** Env prepended to every service. @default - none */
  readonly envs?: readonly EnvVarInput[];
  /**
   * The engine (`vllm`, `sglang`, `trtllm`) for engine-specific defaults.
   * @default - detected from each worker's command
   */
  readonly backendFramework?: BackendFrameworkInput;
  /** Low-priority labels for every component. @default - none */
  readonly labels?: Readonly<Record<string, string>>;
  /** Low-priority annotations for every component. @default - none */
  readonly annotations?: Readonly<Record<string, string>>;
  /** At most 100. @default - none */
  readonly pvcs?: readonly PvcInput[];
  /** Must be unset when the graph is created. @default - none */
  readonly restart?: RestartInput;
  /** Grove only (ignored elsewhere, warned); immutable. @default - none */
  readonly topologyConstraint?: { readonly topologyProfile?: string; readonly packDomain?: string };
  /** Grove only: the PodCliqueSet's PriorityClass. @default - none */
  readonly priorityClassName?: string;
  /** Experimental graph features. @default - none */
  readonly experimental?: GraphExperimentalInput;
  /** Refused: a provider-native fragment dynamo-iac does not render. @default - none */
  readonly providerOverride?: JsonObject;
}

/**
 * `spec` of a v1alpha1 DynamoComponentDeployment: the service spec plus the backend.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface DynamoComponentDeploymentSpecV1alpha1 extends ServiceSpec {
  /** The engine (`vllm`, `sglang`, `trtllm`) for engine-specific defaults. @default - detected from the command */
  readonly backendFramework?: BackendFrameworkInput;
}

/**
 * A `nvidia.com/v1alpha1` DynamoGraphDeployment manifest.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamographdeployment_types.go
 */
export interface DynamoGraphDeploymentV1alpha1 {
  readonly apiVersion: typeof V1ALPHA1;
  readonly kind: 'DynamoGraphDeployment';
  readonly metadata: ResourceMetadataInput;
  readonly spec: DynamoGraphDeploymentSpecV1alpha1;
}

/**
 * A `nvidia.com/v1alpha1` DynamoComponentDeployment manifest.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1alpha1/dynamocomponentdeployment_types.go
 */
export interface DynamoComponentDeploymentV1alpha1 {
  readonly apiVersion: typeof V1ALPHA1;
  readonly kind: 'DynamoComponentDeployment';
  readonly metadata: ResourceMetadataInput;
  readonly spec: DynamoComponentDeploymentSpecV1alpha1;
}
