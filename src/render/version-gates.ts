/**
 * Upstream's version gates, read as upstream reads them, each threshold defined once here.
 * Two versions feed them: the graph's origin version (`nvidia.com/dynamo-operator-origin-version`
 * on the pod template, stamped by the release that created the graph) and the component's resolved
 * runtime version (`runtimeVersionOverride`, else the main image tag's semantic version).
 * An absent or non-semver version passes no gate, as upstream's.
 */
import { imageTagOf, isSemanticVersion } from '../api/image-version';
import { ANNOTATION } from './labels';

type Triple = readonly [number, number, number];

/** vLLM multinode runs the `mp` executor by default for graphs created from this release. */
export const VLLM_MP_DEFAULT_FROM: Triple = [1, 0, 0];
/** The canary health check applies to graphs created from this release. */
export const CANARY_HEALTH_CHECK_FROM: Triple = [1, 4, 0];
/** The v2 worker hash (which includes `runtimeVersionOverride`) applies from this runtime version. */
export const WORKER_HASH_V2_FROM: Triple = [1, 5, 0];

/** Whether `version` is a semantic version at or above `min`; a pre-release of `min` comes before it. */
export function semverAtLeast(version: string | undefined, min: Triple): boolean {
  if (version === undefined || !isSemanticVersion(version)) return false;
  const m = /^v?(\d+)\.(\d+)\.(\d+)(-[^+]+)?/.exec(version)!;
  const parts = [Number(m[1]), Number(m[2]), Number(m[3])];
  for (let i = 0; i < 3; i++) if (parts[i] !== min[i]) return parts[i] > min[i];
  return m[4] === undefined;
}

/** The origin version a pod template's annotations carry, if any. */
export const originVersionOf = (annotations: Readonly<Record<string, string>>): string | undefined =>
  annotations[ANNOTATION.operatorOriginVersion];

/** The runtime version upstream resolves: the override, else the main image's semver tag, else none. */
export function resolvedRuntimeVersion(override: string | undefined, image: string | undefined): string | undefined {
  if (override !== undefined) return override;
  const tag = image === undefined ? undefined : imageTagOf(image);
  return tag !== undefined && isSemanticVersion(tag) ? tag : undefined;
}

/**
 * vLLM multinode executor: the `nvidia.com/vllm-distributed-executor-backend` annotation decides
 * (`mp` / `ray`, any case); otherwise `mp` iff the origin version is ≥ 1.0.0. An invalid value
 * falls through to the version gate, as upstream.
 */
export function useMpExecutor(annotations: Readonly<Record<string, string>>): boolean {
  const choice = annotations[ANNOTATION.vllmExecutorBackend]?.toLowerCase();
  if (choice === 'mp') return true;
  if (choice === 'ray') return false;
  return semverAtLeast(originVersionOf(annotations), VLLM_MP_DEFAULT_FROM);
}

/** Whether upstream would add its canary health check to a graph of this origin version. */
export const canaryHealthCheckApplies = (annotations: Readonly<Record<string, string>>): boolean =>
  semverAtLeast(originVersionOf(annotations), CANARY_HEALTH_CHECK_FROM);

/** Whether upstream hashes this worker with the v2 input (override included) rather than the legacy one. */
export const usesWorkerHashV2 = (runtimeVersion: string | undefined): boolean =>
  semverAtLeast(runtimeVersion, WORKER_HASH_V2_FROM);
