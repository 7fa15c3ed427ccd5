/**
 * Input shapes shared by `nvidia.com/v1alpha1` and `nvidia.com/v1beta1`.
 *
 * Kubernetes core shapes (pod spec, container, probe) are kept open (`[field: string]: unknown`)
 * so any valid Kubernetes field passes through unchanged; only the fields Dynamo reads are typed.
 */
import { EnvVar, JsonObject } from './k8s-types';

export type { EnvVar } from './k8s-types';

/** Inference backend of a graph or component. Upstream validates it as an enum. */
export type BackendFrameworkInput = 'vllm' | 'sglang' | 'trtllm';

/** A Kubernetes Probe (httpGet / exec / grpc / tcpSocket plus timings). */
export type ProbeInput = JsonObject;

/** A Kubernetes Container. `name` is optional where Dynamo names the container itself. */
export interface ContainerInput {
  /** @default - set by Dynamo (`main`) for the main container */
  readonly name?: string;
  /** @default - the component type's default image, if any */
  readonly image?: string;
  /** @default - the component type's default command */
  readonly command?: readonly string[];
  /** @default - the component type's default args */
  readonly args?: readonly string[];
  /** @default - none */
  readonly env?: readonly EnvVar[];
  /** @default - none */
  readonly envFrom?: readonly JsonObject[];
  /** Kubernetes ResourceRequirements. @default - none */
  readonly resources?: {
    readonly requests?: Readonly<Record<string, string>>;
    readonly limits?: Readonly<Record<string, string>>;
    readonly claims?: readonly JsonObject[];
  };
  /** @default - the component type's default probe */
  readonly livenessProbe?: ProbeInput;
  /** @default - the component type's default probe */
  readonly readinessProbe?: ProbeInput;
  /** @default - the component type's default probe */
  readonly startupProbe?: ProbeInput;
  readonly [field: string]: unknown;
}

/** A Kubernetes PodSpec. */
export interface PodSpecInput {
  /** User containers (sidecars); in v1beta1 also the `main` container. @default - none */
  readonly containers?: readonly ContainerInput[];
  /** @default - none */
  readonly volumes?: readonly JsonObject[];
  readonly [field: string]: unknown;
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
