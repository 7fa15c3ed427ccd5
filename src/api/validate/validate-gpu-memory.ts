/**
 * GPU Memory Service and failover rules (upstream's admission webhook and CEL, reference
 * dynamo-experimental.md §1–2), plus what dynamo-iac does not render: the inter-pod layout.
 */
import { engineProfile } from '../engine-profile';
import { GMS_SNAPSHOT_DISABLED } from '../gms-snapshot';
import { claimedGpuCount } from '../gpu';
import { ComponentModel, DEFAULT_GMS_MODE, isWorkerComponent } from '../model';
import { fieldPath, isObject, keyPath } from '../read';
import { ValidationContext } from './validation-context';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';

export const KUBE_DISCOVERY_MODE_ANNOTATION = 'nvidia.com/dynamo-kube-discovery-mode';
const INTER_POD = 'InterPod';
const INTER_POD_NOT_RENDERED =
  'dynamo-iac renders only the IntraPod layout: inter-pod GMS runs rank-local GMS pods on Grove, which is not rendered (docs/deviations.md)';

export function validateGpuMemory(ctx: ValidationContext, c: ComponentModel, i: number): void {
  if (c.gpuMemoryService) validateGms(ctx, c, i);
  if (c.failover) validateFailover(ctx, c, i);
}

function validateGms(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const gms = c.gpuMemoryService!;
  const p = ctx.paths;
  const path = p.gpuMemoryService(i);
  if (!isWorkerComponent(c.type))
    ctx.error(path, 'GPU memory service is only supported for worker, prefill, or decode components');
  if (claimedGpuCount(c.resources) < 1) {
    const where = p.v1alpha1
      ? 'resources.limits.gpu'
      : 'podTemplate.spec.containers[main].resources.limits.nvidia.com/gpu';
    ctx.error(path, `GPU memory service requires ${where} >= 1`);
  }
  const mode = gms.mode ?? DEFAULT_GMS_MODE;
  // The CRD's CEL rules (an empty list counts as unset).
  if (gms.extraClientContainers.length > 0 && mode !== DEFAULT_GMS_MODE)
    ctx.error(path, 'extraClientContainers is only supported with mode=IntraPod');
  if (gms.extraClientPods > 0) {
    if (mode !== INTER_POD) ctx.error(path, 'extraClientPods is only supported with mode=InterPod');
    ctx.error(path, 'extraClientPods is reserved for inter-pod GMS and is not implemented yet');
  }
  if (mode === INTER_POD) {
    ctx.error(fieldPath(path, 'mode'), `Unsupported value: "${INTER_POD}": ${INTER_POD_NOT_RENDERED}`);
    return;
  }
  const containers = new Set([MAIN_CONTAINER_NAME, ...podContainerNames(c)]);
  const seen = new Set<string>();
  gms.extraClientContainers.forEach((name, j) => {
    const at = keyPath(fieldPath(path, 'extraClientContainers'), j);
    if (seen.has(name)) ctx.error(at, `Duplicate value: "${name}"`);
    else if (!containers.has(name))
      ctx.error(
        at,
        `Invalid value: "${name}": does not name a container in ${p.v1alpha1 ? 'extraPodSpec.containers' : 'podTemplate.spec.containers'}`,
      );
    seen.add(name);
  });
  if (c.checkpoint?.enabled) ctx.error(p.checkpoint(i), GMS_SNAPSHOT_DISABLED);
}

function validateFailover(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const failover = c.failover!;
  const path = ctx.paths.failover(i);
  const mode = failover.mode ?? DEFAULT_GMS_MODE;
  const gms = c.gpuMemoryService;
  if (!gms) ctx.error(path, `gpuMemoryService is required when failover mode is "${mode}"`);
  else if ((gms.mode ?? DEFAULT_GMS_MODE) !== mode)
    ctx.error(fieldPath(path, 'mode'), `must match gpuMemoryService.mode "${gms.mode ?? DEFAULT_GMS_MODE}"`);
  if (mode === INTER_POD) {
    ctx.error(fieldPath(path, 'mode'), `Unsupported value: "${INTER_POD}": ${INTER_POD_NOT_RENDERED}`);
    return;
  }
  // Engines are cloned from main; only vLLM's shadow mode is wired (upstream's render error).
  const backend = ctx.backendOf(c);
  if (isWorkerComponent(c.type) && !engineProfile(backend)?.failover)
    ctx.error(path, `failover is currently supported only for vLLM (detected: ${backend ?? '<unset>'})`);
}

/** Intra-pod failover engines register per container, so the graph must use container discovery (once per graph). */
export function validateFailoverDiscoveryMode(ctx: ValidationContext): void {
  const intraPod = ctx.model.components.some(
    (c) => c.failover && (c.failover.mode ?? DEFAULT_GMS_MODE) === DEFAULT_GMS_MODE,
  );
  if (!intraPod || ctx.model.metadataAnnotations[KUBE_DISCOVERY_MODE_ANNOTATION] === 'container') return;
  ctx.error(
    keyPath('metadata.annotations', KUBE_DISCOVERY_MODE_ANNOTATION),
    'must be "container" when intra-pod failover is configured',
  );
}

function podContainerNames(c: ComponentModel): string[] {
  const containers = Array.isArray(c.podSpec.containers) ? c.podSpec.containers : [];
  return containers.map((x) => (isObject(x) && typeof x.name === 'string' ? x.name : '')).filter((n) => n);
}
