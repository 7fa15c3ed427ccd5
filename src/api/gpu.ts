/** GPUs per node of a component, as upstream's multinode launch math reads them. */
import { ResourceRequirements } from './k8s-types';

export const DEFAULT_GPU_RESOURCE = 'nvidia.com/gpu';

/**
 * The GPU quantity in `requests` or `limits`: `nvidia.com/gpu`, else another `…/gpu` resource
 * (v1alpha1 `gpuType` names the resource the `gpu` field maps to).
 */
export function gpuQuantity(
  resources: ResourceRequirements | undefined,
  section: 'requests' | 'limits',
): string | undefined {
  const items = resources?.[section];
  if (!items) return undefined;
  if (items[DEFAULT_GPU_RESOURCE] !== undefined) return items[DEFAULT_GPU_RESOURCE];
  const key = Object.keys(items)
    .sort()
    .find((k) => /(^|[./])gpu$/i.test(k));
  return key === undefined ? undefined : items[key];
}

/** A whole number of GPUs, or 0 when absent or not a plain integer (upstream parses it the same way). */
export function gpuCount(quantity: string | undefined): number {
  return quantity !== undefined && /^\d+$/.test(quantity) ? Number(quantity) : 0;
}

/** GPUs a GPU Memory Service claim asks for: the limit, else the request (as upstream reads it). */
export function claimedGpuCount(resources: ResourceRequirements | undefined): number {
  return gpuCount(gpuQuantity(resources, 'limits') ?? gpuQuantity(resources, 'requests'));
}
