/**
 * Every input that affects a request's search, and the hash that keys its lock entry. Fields that
 * only shape the generated graph (image, model cache, planner, overrides, names, autoApply) are
 * left out of a rapid search's inputs: changing them needs no new search, only a new render.
 */
import { DEPRECATED_GPU_SKUS, DeploymentRequestModel, SLA_DEFAULTS } from '../api/input/deployment-request';
import { canonicalJson } from '../api/canonical-json';
import { sha256Hex } from '../api/sha256';
import { JsonObject } from '../api/k8s-types';
import { AIC_PACKAGE, AIC_VERSION } from './aiconfigurator/tool';

/** The profiler a thorough request's Job runs (upstream's `python -m dynamo.profiler`). */
export const PROFILER_TOOL = 'dynamo-profiler';

export interface SearchInputs {
  readonly searchStrategy: 'rapid' | 'thorough';
  readonly tool: { readonly name: string; readonly version: string };
  readonly model: string;
  readonly backend: string;
  /** The GPU system, with a deprecated SKU name replaced by its successor. */
  readonly system: string;
  readonly totalGpus: number;
  readonly isl: number;
  readonly osl: number;
  /** The SLA bounds searched with (the profiler's defaults where the request leaves them out). */
  readonly sla: { readonly ttftMs?: number; readonly itlMs?: number; readonly e2eLatencyMs?: number };
  /** Thorough only: the rapid search takes no load target. */
  readonly concurrency?: number;
  readonly requestRate?: number;
  /**
   * Thorough only: the rest of the request the profiler reads (its image, hardware details,
   * model cache, planner and overrides), since its output depends on all of them.
   */
  readonly profiler?: JsonObject;
}

export function searchInputsOf(request: DeploymentRequestModel): SearchInputs {
  const s = request.spec;
  const sla =
    s.sla.e2eLatency !== undefined
      ? { e2eLatencyMs: s.sla.e2eLatency }
      : { ttftMs: s.sla.ttft ?? SLA_DEFAULTS.ttft, itlMs: s.sla.itl ?? SLA_DEFAULTS.itl };
  const sku = s.hardware.gpuSku ?? '';
  const common = {
    searchStrategy: s.searchStrategy,
    model: s.model,
    backend: s.backend,
    system: DEPRECATED_GPU_SKUS[sku] ?? sku,
    totalGpus: s.hardware.totalGpus ?? 0,
    isl: s.workload.isl,
    osl: s.workload.osl,
    sla,
  };
  if (s.searchStrategy === 'rapid') return { ...common, tool: { name: AIC_PACKAGE, version: AIC_VERSION } };
  const image = s.image ?? '';
  const profiler = JSON.parse(
    JSON.stringify({
      image,
      hardware: s.hardware,
      modelCache: s.modelCache,
      features: s.features,
      overrides: { dgd: s.overrides.dgd },
    }),
  ) as JsonObject;
  return {
    ...common,
    ...(s.workload.concurrency === undefined ? {} : { concurrency: s.workload.concurrency }),
    ...(s.workload.requestRate === undefined ? {} : { requestRate: s.workload.requestRate }),
    tool: { name: PROFILER_TOOL, version: imageTag(image) },
    profiler,
  };
}

/** The hash that keys a lock entry: SHA-256 of the inputs' canonical JSON (sorted keys), 16 hex digits. */
export function inputHash(inputs: SearchInputs): string {
  return sha256Hex(canonicalJson(inputs)).slice(0, 16);
}

/** `nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.0` → `1.3.0`; the whole reference when it has no tag. */
export function imageTag(image: string): string {
  const at = image.indexOf('@');
  if (at >= 0) return image.slice(at + 1);
  const colon = image.lastIndexOf(':');
  return colon > image.lastIndexOf('/') ? image.slice(colon + 1) : image;
}

/** `<namespace>/<name>` of a request, as the lock lists it. */
export const requestKey = (r: { readonly namespace: string; readonly name: string }) => `${r.namespace}/${r.name}`;
