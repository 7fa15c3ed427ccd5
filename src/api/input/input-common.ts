/**
 * Input shapes shared by `nvidia.com/v1alpha1` and `nvidia.com/v1beta1`.
 *
 * Kubernetes core content (pod spec, container, probe, env) is typed with the core/v1 interfaces
 * (core-v1-types.ts, generated from kubernetes-models), so an editor flags a misspelt or mistyped
 * field before synth. Fields Dynamo fills are optional here, and every field and list is
 * read-only, so `as const` and frozen values pass as before.
 */
import type {
  Container as CoreV1Container,
  EnvFromSource,
  EnvVar as CoreV1EnvVar,
  PodSpec as CoreV1PodSpec,
  Probe,
  ResourceRequirements,
} from '../generated/core-v1-types';
import type { BackendFramework } from '../../crds/vocabulary';
import { JsonObject } from '../k8s-types';

/** A core/v1 EnvVar as input (`name` plus `value` or `valueFrom`). */
export type EnvVarInput = CoreV1EnvVar;

/** Inference backend of a graph or component. Upstream validates it as an enum. */
export type BackendFrameworkInput = BackendFramework;

/** A core/v1 Probe (httpGet / exec / grpc / tcpSocket plus timings). */
export type ProbeInput = Probe;

/** The container fields Dynamo documents its own defaults for; every other core/v1 field is passed through. */
type DynamoContainerFields =
  | 'name'
  | 'image'
  | 'command'
  | 'args'
  | 'env'
  | 'envFrom'
  | 'resources'
  | 'livenessProbe'
  | 'readinessProbe'
  | 'startupProbe';

/**
 * A core/v1 Container. `name` is optional where Dynamo names the container itself; the main
 * container is merged over the component type's defaults.
 * @see https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/
 */
export interface ContainerInput extends Omit<CoreV1Container, DynamoContainerFields> {
  /**
   * Required in v1beta1 `podTemplate.spec.containers`, where the container named `main` is the
   * main container (an unnamed one is refused), and for sidecars. Leave it unset on v1alpha1's
   * `extraPodSpec.mainContainer`: Dynamo names that one `main`.
   * @default - none; v1alpha1 `mainContainer`: `main`
   */
  readonly name?: string;
  /**
   * Required: no component type has a default image, so validation rejects a main container or
   * sidecar without one (`Required value`).
   */
  readonly image?: string;
  /** The container's entrypoint. @default - the component type's default command */
  readonly command?: readonly string[];
  /** Arguments to the entrypoint. @default - the component type's default args */
  readonly args?: readonly string[];
  /** Environment variables of the container. @default - none */
  readonly env?: readonly EnvVarInput[];
  /** Sources (ConfigMaps, Secrets) whose keys become environment variables. @default - none */
  readonly envFrom?: readonly EnvFromSource[];
  /** Kubernetes ResourceRequirements, quantities as strings (`'1'`, `'16Gi'`). @default - none */
  readonly resources?: ResourcesInput;
  /** Restarts the container when this check fails. @default - the component type's default probe */
  readonly livenessProbe?: ProbeInput;
  /** Takes the pod out of its Services while this check fails. @default - the component type's default probe */
  readonly readinessProbe?: ProbeInput;
  /** Holds back the other probes until the container has started. @default - the component type's default probe */
  readonly startupProbe?: ProbeInput;
}

/**
 * core/v1 ResourceRequirements with string quantities, as the main container's resources are read.
 * @see https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/
 */
export interface ResourcesInput {
  /** Resources the scheduler reserves, by resource name. @default - none */
  readonly requests?: Readonly<Record<string, string>>;
  /** Most the container may use, by resource name. @default - none */
  readonly limits?: Readonly<Record<string, string>>;
  /** Dynamic resource claims. @default - none */
  readonly claims?: ResourceRequirements['claims'];
}

/**
 * A core/v1 PodSpec; every field but `containers` is passed through to the rendered pod.
 * @see https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/
 */
export interface PodSpecInput extends Omit<CoreV1PodSpec, 'containers'> {
  /** User containers (sidecars); in v1beta1 also the `main` container. @default - none */
  readonly containers?: readonly ContainerInput[];
}

/**
 * Labels and annotations for a pod template.
 * @see https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/object-meta/
 */
export interface PodMetadataInput {
  /** Labels of the pods. @default - none */
  readonly labels?: Readonly<Record<string, string>>;
  /** Annotations of the pods. @default - none */
  readonly annotations?: Readonly<Record<string, string>>;
}

/**
 * Metadata of a Dynamo resource.
 * @see https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/object-meta/
 */
export interface ResourceMetadataInput extends PodMetadataInput {
  /** DNS-1123 subdomain; prefix of every rendered object name. */
  readonly name: string;
  /**
   * Namespace of the resource and of the namespaced objects rendered from it.
   * @default - the caller's default namespace, else `default`
   */
  readonly namespace?: string;
}

/**
 * `multinode`: a component spread over several nodes (LeaderWorkerSet or Grove).
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
 */
export interface MultinodeInput {
  /**
   * Nodes per replica (minimum 2).
   * @default 2
   */
  readonly nodeCount?: number;
}

/**
 * Where a DynamoModel's endpoints are discovered.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
 */
export interface ModelRefInput {
  /** Base model name; must equal the DynamoModel's `spec.baseModelName`. */
  readonly name: string;
  /** The model's revision; kept in the record, not used by the rendered objects. @default - none */
  readonly revision?: string;
}

/**
 * Endpoint Picker (EPP) configuration; only for components of type `epp`. Exactly one field must be set.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
 */
export interface EppConfigInput {
  /** A ConfigMap key holding the EndpointPickerConfig YAML. @default - none */
  readonly configMapRef?: { readonly name: string; readonly key?: string; readonly optional?: boolean };
  /** An inline EndpointPickerConfig. @default - none */
  readonly config?: JsonObject;
}

/**
 * Component-level topology constraint (Grove only).
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
 */
export interface ComponentTopologyConstraintInput {
  /** Topology domain, e.g. `rack`; must match `^[a-z0-9]([a-z0-9-]*[a-z0-9])?$`. */
  readonly packDomain?: string;
}

/**
 * How `spec.restart.id` changes roll the graph's pods.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeployment_types.go
 */
export interface RestartInput {
  /** Any string; changing it requests a restart. Must be unset when the graph is created. */
  readonly id: string;
  /** How the components are restarted. @default - Sequential, services in alphabetical order */
  readonly strategy?: {
    /** `Sequential` restarts one component after another, `Parallel` all at once. @default 'Sequential' */
    readonly type?: 'Sequential' | 'Parallel';
    /** Every component exactly once; not allowed with Parallel. @default - alphabetical */
    readonly order?: readonly string[];
  };
}

/** GPU Memory Service modes. */
export type GpuMemoryServiceMode = 'IntraPod' | 'InterPod';

/**
 * GPU Memory Service for a worker: the main container's GPUs become a DRA ResourceClaim shared
 * with a `gms-server` sidecar (and the `extraClientContainers`), which keeps the weights in GPU
 * memory across engine restarts. Needs the NVIDIA DRA driver (Kubernetes 1.34+).
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
 */
export interface GpuMemoryServiceInput {
  /** Only `IntraPod` is rendered. @default 'IntraPod' */
  readonly mode?: GpuMemoryServiceMode;
  /** DRA DeviceClass the GPUs are claimed from. @default 'gpu.nvidia.com' */
  readonly deviceClassName?: string;
  /** Other containers of the pod to wire as GMS clients (claim, socket mount, env). @default - none */
  readonly extraClientContainers?: readonly string[];
}

/**
 * Active/standby failover: the main container runs as two engines (`engine-0`, `engine-1`)
 * sharing GPU memory through GMS; the standby takes over when the active one fails. Needs
 * `gpuMemoryService` with the same mode, vLLM, and the graph annotation
 * `nvidia.com/dynamo-kube-discovery-mode: container`.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamocomponentdeployment_types.go
 */
export interface FailoverInput {
  /** Must equal `gpuMemoryService.mode`; only `IntraPod` is rendered. @default 'IntraPod' */
  readonly mode?: GpuMemoryServiceMode;
  /** Standby engines per rank; upstream allows exactly 1. @default 1 */
  readonly numShadows?: number;
}

/**
 * Topology-aware KV-cache transfer between prefill and decode workers. Immutable after creation.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeployment_types.go
 */
export interface KvTransferPolicyInput {
  /** Node label whose value names each worker's domain, e.g. `topology.kubernetes.io/zone`. Exactly one of labelKey / clusterTopologyName. @default - none */
  readonly labelKey?: string;
  /** A Grove ClusterTopology (refused: its domains are only known in the cluster). @default - none */
  readonly clusterTopologyName?: string;
  /** Logical name of the topology level, e.g. `zone`. */
  readonly domain: string;
  /** Whether KV transfers must stay in the domain (`required`) or only prefer it (`preferred`). @default 'required' */
  readonly enforcement?: 'required' | 'preferred';
  /** 0–1; required with, and only with, `preferred`. @default - none */
  readonly preferredWeight?: number;
}

/**
 * Experimental graph features (`spec.experimental`).
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeployment_types.go
 */
export interface GraphExperimentalInput {
  /** Keep KV-cache transfers between prefill and decode workers within a topology domain. @default - none */
  readonly kvTransferPolicy?: KvTransferPolicyInput;
  /** Not rendered by dynamo-iac (refused with a reason). @default - none */
  readonly componentGroups?: readonly JsonObject[];
}
