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
  /** @default - the component type's default command */
  readonly command?: readonly string[];
  /** @default - the component type's default args */
  readonly args?: readonly string[];
  /** @default - none */
  readonly env?: readonly EnvVarInput[];
  /** @default - none */
  readonly envFrom?: readonly EnvFromSource[];
  /** Kubernetes ResourceRequirements, quantities as strings (`'1'`, `'16Gi'`). @default - none */
  readonly resources?: ResourcesInput;
  /** @default - the component type's default probe */
  readonly livenessProbe?: ProbeInput;
  /** @default - the component type's default probe */
  readonly readinessProbe?: ProbeInput;
  /** @default - the component type's default probe */
  readonly startupProbe?: ProbeInput;
}

/** core/v1 ResourceRequirements with string quantities, as the main container's resources are read. */
export interface ResourcesInput {
  /** @default - none */
  readonly requests?: Readonly<Record<string, string>>;
  /** @default - none */
  readonly limits?: Readonly<Record<string, string>>;
  /** Dynamic resource claims. @default - none */
  readonly claims?: ResourceRequirements['claims'];
}

/** A core/v1 PodSpec; every field but `containers` is passed through to the rendered pod. */
export interface PodSpecInput extends Omit<CoreV1PodSpec, 'containers'> {
  /** User containers (sidecars); in v1beta1 also the `main` container. @default - none */
  readonly containers?: readonly ContainerInput[];
}

/** Labels and annotations for a pod template. */
export interface PodMetadataInput {
  /** @default - none */
  readonly labels?: Readonly<Record<string, string>>;
  /** @default - none */
  readonly annotations?: Readonly<Record<string, string>>;
}

/** Metadata of a Dynamo resource. */
export interface ResourceMetadataInput extends PodMetadataInput {
  /** DNS-1123 subdomain; prefix of every rendered object name. */
  readonly name: string;
  /** @default - the caller's default namespace, else `default` */
  readonly namespace?: string;
}

/** `multinode`: a component spread over several nodes (LeaderWorkerSet or Grove). */
export interface MultinodeInput {
  /**
   * Nodes per replica (minimum 2).
   * @default 2
   */
  readonly nodeCount?: number;
}

/** Where a DynamoModel's endpoints are discovered. */
export interface ModelRefInput {
  /** Base model name; must equal the DynamoModel's `spec.baseModelName`. */
  readonly name: string;
  /** @default - none */
  readonly revision?: string;
}

/** Endpoint Picker (EPP) configuration; only for components of type `epp`. Exactly one field must be set. */
export interface EppConfigInput {
  /** A ConfigMap key holding the EndpointPickerConfig YAML. @default - none */
  readonly configMapRef?: { readonly name: string; readonly key?: string; readonly optional?: boolean };
  /** An inline EndpointPickerConfig. @default - none */
  readonly config?: JsonObject;
}

/** Component-level topology constraint (Grove only). */
export interface ComponentTopologyConstraintInput {
  /** Topology domain, e.g. `rack`; must match `^[a-z0-9]([a-z0-9-]*[a-z0-9])?$`. */
  readonly packDomain?: string;
}

/** How `spec.restart.id` changes roll the graph's pods. */
export interface RestartInput {
  /** Any string; changing it requests a restart. Must be unset when the graph is created. */
  readonly id: string;
  /** @default - Sequential, services in alphabetical order */
  readonly strategy?: {
    /** @default 'Sequential' */
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
 */
export interface FailoverInput {
  /** Must equal `gpuMemoryService.mode`; only `IntraPod` is rendered. @default 'IntraPod' */
  readonly mode?: GpuMemoryServiceMode;
  /** Standby engines per rank; upstream allows exactly 1. @default 1 */
  readonly numShadows?: number;
}

/** Topology-aware KV-cache transfer between prefill and decode workers. Immutable after creation. */
export interface KvTransferPolicyInput {
  /** Node label whose value names each worker's domain, e.g. `topology.kubernetes.io/zone`. Exactly one of labelKey / clusterTopologyName. @default - none */
  readonly labelKey?: string;
  /** A Grove ClusterTopology (refused: its domains are only known in the cluster). @default - none */
  readonly clusterTopologyName?: string;
  /** Logical name of the topology level, e.g. `zone`. */
  readonly domain: string;
  /** @default 'required' */
  readonly enforcement?: 'required' | 'preferred';
  /** 0–1; required with, and only with, `preferred`. @default - none */
  readonly preferredWeight?: number;
}

/** Experimental graph features (`spec.experimental`). */
export interface GraphExperimentalInput {
  /** @default - none */
  readonly kvTransferPolicy?: KvTransferPolicyInput;
  /** Not rendered by dynamo-iac (refused with a reason). @default - none */
  readonly componentGroups?: readonly JsonObject[];
}
