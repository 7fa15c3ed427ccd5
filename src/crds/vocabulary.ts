/**
 * The words of the nvidia.com kinds, each defined once: the enums and defaults that the CRD
 * schemas publish, and that loading, validation and rendering check against. A leaf module, below
 * src/api, so the CRDs and the API read one list.
 */

/** Inference backends (`spec.backendFramework`), in the order our messages list them. */
export const BACKEND_FRAMEWORKS = ['vllm', 'sglang', 'trtllm'] as const;
export type BackendFramework = (typeof BACKEND_FRAMEWORKS)[number];

/** Component types with their own defaults (v1beta1 `type`); anything else renders with the "default" rules. */
export const COMPONENT_TYPES = ['frontend', 'worker', 'prefill', 'decode', 'planner', 'epp'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/**
 * v1alpha1 `componentType` values of the 0.x releases (`main` named the entry service) that
 * v1alpha1's CRD, which has no enum, still admits and upstream's type documentation still names.
 * Today's operator has no defaults for them: such a component renders with the default rules.
 */
export const LEGACY_COMPONENT_TYPES = ['main'] as const;

/** At most 25 components per graph; also bounds the cost of the list-wide CEL rules. */
export const MAX_COMPONENTS = 25;
/** At most 100 entries in a graph's `spec.pvcs`. */
export const MAX_PVCS = 100;

/** Name of the container that carries the Dynamo runtime (v1beta1 `podTemplate.spec.containers`). */
export const MAIN_CONTAINER_NAME = 'main';

// DynamoGraphDeploymentRequest

/** `spec.backend`. `auto` lets the search pick the backend. */
export type DgdrBackend = 'auto' | BackendFramework;
// Upstream's CRD lists them sorted, after `auto`.
export const DGDR_BACKENDS: readonly DgdrBackend[] = ['auto', ...[...BACKEND_FRAMEWORKS].sort()];

/** `spec.searchStrategy`: `rapid` is the offline simulation; `thorough` profiles on GPUs in a Job. */
export const SEARCH_STRATEGIES = ['rapid', 'thorough'] as const;
export type SearchStrategy = (typeof SEARCH_STRATEGIES)[number];

/** `spec.hardware.gpuSku`: upstream's enum (GPU system identifiers). */
export const GPU_SKUS = [
  'vr_nvl72',
  'gb200',
  'gb200_sxm',
  'gb10',
  'b300_sxm',
  'b200_sxm',
  'h200_sxm',
  'h100_sxm',
  'h100_pcie',
  'a100_sxm',
  'a100_pcie',
  'a30',
  'l40s',
  'l40',
  'l4',
  'v100_sxm',
  'v100_pcie',
  't4',
  'mi200',
  'mi300',
] as const;
export type GpuSku = (typeof GPU_SKUS)[number];
/** The legacy SKU name upstream still accepts, and what replaces it. */
export const DEPRECATED_GPU_SKUS: Readonly<Record<string, GpuSku>> = { gb200_sxm: 'gb200' };

/** `status.phase` of the v1beta1 record. */
export const DGDR_PHASES = ['Pending', 'Profiling', 'Ready', 'Deploying', 'Deployed', 'Failed'] as const;
/** `status.profilingPhase`: where a running profiling Job is. */
export const PROFILING_PHASES = [
  'Initializing',
  'SweepingPrefill',
  'SweepingDecode',
  'SelectingConfig',
  'BuildingCurves',
  'GeneratingDGD',
  'Done',
] as const;
/** Upstream's CRD defaults. */
export const DGDR_DEFAULTS = {
  backend: 'auto' as DgdrBackend,
  isl: 4000,
  osl: 1000,
  searchStrategy: 'rapid' as SearchStrategy,
  autoApply: true,
  pvcMountPath: '/opt/model-cache',
} as const;
