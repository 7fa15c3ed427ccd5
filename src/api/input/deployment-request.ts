/**
 * DynamoGraphDeploymentRequest (DGDR): a model, hardware and latency targets instead of a graph.
 * Input shapes (`nvidia.com/v1beta1`, the props of the constructs), the enums and defaults of
 * upstream's CRD, and the resolved request the planner and the renderer work from.
 */
import type { DgdrBackend, GpuSku, SearchStrategy } from '../../crds/vocabulary';
import { JsonObject } from '../k8s-types';

export const DGDR_KIND = 'DynamoGraphDeploymentRequest';
export const DGDR_API_VERSIONS = ['nvidia.com/v1alpha1', 'nvidia.com/v1beta1', 'nvidia.com/v1beta2'] as const;

export {
  DEPRECATED_GPU_SKUS,
  DGDR_BACKENDS,
  DGDR_DEFAULTS,
  DGDR_PHASES,
  GPU_SKUS,
  PROFILING_PHASES,
  SEARCH_STRATEGIES,
} from '../../crds/vocabulary';
export type { DgdrBackend, GpuSku, SearchStrategy } from '../../crds/vocabulary';

/** `status.conditions[].type` upstream's controller keeps. */
export const DGDR_CONDITIONS = ['Succeeded', 'Validation', 'Profiling', 'SpecGenerated', 'DeploymentReady'] as const;

/**
 * SLA targets the profiler assumes when `spec.sla` leaves them out (its Python defaults): the
 * search needs both bounds.
 */
export const SLA_DEFAULTS = { ttft: 2000, itl: 30 } as const;

/** Labels upstream's controller puts on the graph it generates from a request. */
export const DGDR_LABEL = {
  name: 'dgdr.nvidia.com/name',
  namespace: 'dgdr.nvidia.com/namespace',
} as const;

/**
 * `spec.modelCache`: a PVC that already holds the weights.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeploymentrequest_types.go
 */
export interface ModelCacheInput {
  /** PVC in the request's namespace. */
  readonly pvcName?: string;
  /** Directory of the model inside the PVC (or an absolute path under `pvcMountPath`). @default - the PVC root */
  readonly pvcModelPath?: string;
  /** Where the PVC is mounted in the worker pods (and the profiling Job). @default '/opt/model-cache' */
  readonly pvcMountPath?: string;
}

/**
 * `spec.hardware`: the GPUs the graph will run on. Build-time planning has no GPU discovery.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeploymentrequest_types.go
 */
export interface HardwareInput {
  /** The GPU system (an AIConfigurator system name for the rapid search). */
  readonly gpuSku?: GpuSku;
  /** VRAM per GPU in MiB. @default - the system's */
  readonly vramMb?: number;
  /** The GPU budget of the whole graph. Required for planning (no cluster to count GPUs in). */
  readonly totalGpus?: number;
  /** GPUs per node; only the thorough search uses it. @default - the system's */
  readonly numGpusPerNode?: number;
  /** `nvlink`, `pcie`, ... @default - unknown */
  readonly interconnect?: string;
  /** Whether the nodes have RDMA networking; only the thorough search uses it. @default - unknown */
  readonly rdma?: boolean;
}

/**
 * `spec.workload`: the traffic the graph must serve.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeploymentrequest_types.go
 */
export interface WorkloadInput {
  /** Input sequence length in tokens. @default 4000 */
  readonly isl?: number;
  /** Output sequence length in tokens. @default 1000 */
  readonly osl?: number;
  /** Target concurrent requests (not with `requestRate`). @default - maximum throughput */
  readonly concurrency?: number;
  /** Target request rate in req/s (not with `concurrency`). @default - maximum throughput */
  readonly requestRate?: number;
}

/**
 * `spec.sla`, in milliseconds.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeploymentrequest_types.go
 */
export interface SlaInput {
  /** Time to first token. @default 2000 */
  readonly ttft?: number;
  /** Inter-token latency. @default 30 */
  readonly itl?: number;
  /** End-to-end request latency, instead of `ttft` + `itl`. @default - none */
  readonly e2eLatency?: number;
}

/**
 * `spec.overrides`: changes to the profiling Job and to the generated graph.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeploymentrequest_types.go
 */
export interface OverridesInput {
  /** Merged into the profiling Job's spec (`searchStrategy: thorough`). @default - none */
  readonly profilingJob?: JsonObject;
  /**
   * A partial DynamoGraphDeployment (`apiVersion` and `kind` set) merged into the generated one:
   * `metadata.name` names the graph, labels and annotations are merged, `spec` is merged by
   * component name.
   * @default - none
   */
  readonly dgd?: JsonObject;
}

/**
 * `spec.features`: optional parts of the generated graph.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeploymentrequest_types.go
 */
export interface FeaturesInput {
  /** Planner configuration; its presence adds a Planner to the graph. @default - no planner */
  readonly planner?: JsonObject;
  /** Simulated workers instead of real engines. @default - disabled */
  readonly mocker?: { readonly enabled?: boolean };
}

/**
 * `spec` of a `nvidia.com/v1beta1` DynamoGraphDeploymentRequest.
 * @see https://github.com/ai-dynamo/dynamo/blob/v1.6.1/deploy/operator/api/v1beta1/dynamographdeploymentrequest_types.go
 */
export interface DynamoGraphDeploymentRequestSpec {
  /** HuggingFace ID or private model name, e.g. `Qwen/Qwen3-32B`. */
  readonly model: string;
  /** The engine to plan for (`vllm`, `sglang`, `trtllm`); `auto` lets the rapid search choose. @default 'auto' */
  readonly backend?: DgdrBackend;
  /** Image of every generated component (and of the profiling Job). @default - the search tool's runtime image */
  readonly image?: string;
  /**
   * A PVC that already holds the weights, mounted read-only into the workers.
   * @default - weights downloaded from HuggingFace
   */
  readonly modelCache?: ModelCacheInput;
  readonly hardware?: HardwareInput;
  readonly workload?: WorkloadInput;
  /** The latency targets the search must meet. @default - ttft 2000 ms, itl 30 ms */
  readonly sla?: SlaInput;
  readonly overrides?: OverridesInput;
  readonly features?: FeaturesInput;
  /**
   * `rapid` (an offline AIConfigurator search) or `thorough` (a profiling Job in the cluster, its result imported).
   * @default 'rapid'
   */
  readonly searchStrategy?: SearchStrategy;
  /** Deploy the generated graph. `false` keeps it out of the rendered output (review only). @default true */
  readonly autoApply?: boolean;
}

/** The request with upstream's defaults applied: what is hashed, searched and generated from. */
export interface ResolvedRequestSpec {
  readonly model: string;
  readonly backend: DgdrBackend;
  readonly image?: string;
  readonly modelCache?: { readonly pvcName?: string; readonly pvcModelPath?: string; readonly pvcMountPath: string };
  readonly hardware: HardwareInput;
  readonly workload: {
    readonly isl: number;
    readonly osl: number;
    readonly concurrency?: number;
    readonly requestRate?: number;
  };
  /** As written: defaults for the search are applied where the search is prepared. */
  readonly sla: SlaInput;
  readonly overrides: OverridesInput;
  readonly features: FeaturesInput;
  readonly searchStrategy: SearchStrategy;
  readonly autoApply: boolean;
}

/** A loaded request: metadata resolved, spec defaulted, field paths in the version written. */
export interface DeploymentRequestModel {
  readonly apiVersion: (typeof DGDR_API_VERSIONS)[number];
  readonly name: string;
  readonly namespace: string;
  readonly labels: Record<string, string>;
  readonly annotations: Record<string, string>;
  readonly spec: ResolvedRequestSpec;
  /**
   * v1alpha1 `deploymentOverrides`: the generated graph's name, labels, annotations and image
   * (v1beta1 says the same through `overrides.dgd` and `image`).
   */
  readonly deploymentOverrides?: {
    readonly name?: string;
    readonly labels?: Record<string, string>;
    readonly annotations?: Record<string, string>;
    readonly workersImage?: string;
  };
  /** Where each spec field was written (`sla.ttft` → `spec.sla.ttft` or its v1alpha1 place). */
  readonly paths: RequestPaths;
  /** The manifest as written: emitted unchanged as the request record. */
  readonly source: JsonObject;
}

/** Field paths of a request's spec fields in the version the user wrote. */
export interface RequestPaths {
  /** `field` is a v1beta1 spec path such as `sla.ttft`. */
  at(field: string): string;
}
