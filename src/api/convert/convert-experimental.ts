/**
 * Reading the experimental and Grove-pathway fields (GPU Memory Service, failover, KV transfer
 * policy, roles, priority class, overrides) into the model, the same way for both input
 * versions. v1alpha1 spells the experimental blocks with `enabled`; v1beta1 by their presence.
 */
import { optional } from './convert-common';
import { ComponentRoleModel, FailoverModel, GpuMemoryServiceModel, KvTransferPolicyModel } from '../model';
import { fieldPath, InputReader, keyPath } from '../read';

/** `present` when v1beta1 (the block is the opt-in), `enabled: true` when v1alpha1. */
function optedIn(r: InputReader, o: Record<string, unknown>, path: string, byEnabled: boolean): boolean {
  return !byEnabled || r.boolean(o.enabled, fieldPath(path, 'enabled')) === true;
}

export function readGpuMemoryService(
  r: InputReader,
  v: unknown,
  path: string,
  byEnabled: boolean,
): GpuMemoryServiceModel | undefined {
  const o = r.object(v, path);
  if (!o || !optedIn(r, o, path, byEnabled)) return undefined;
  const at = (f: string) => fieldPath(path, f);
  return {
    ...optional('mode', r.string(o.mode, at('mode'))),
    ...optional('deviceClassName', r.string(o.deviceClassName, at('deviceClassName')) || undefined),
    extraClientContainers: r.stringList(o.extraClientContainers, at('extraClientContainers')) ?? [],
    extraClientPods: (r.list(o.extraClientPods, at('extraClientPods')) ?? []).length,
  };
}

export function readFailover(r: InputReader, v: unknown, path: string, byEnabled: boolean): FailoverModel | undefined {
  const o = r.object(v, path);
  if (!o || !optedIn(r, o, path, byEnabled)) return undefined;
  return {
    ...optional('mode', r.string(o.mode, fieldPath(path, 'mode'))),
    ...optional('numShadows', r.integer(o.numShadows, fieldPath(path, 'numShadows'))),
  };
}

export function readRoles(r: InputReader, v: unknown, path: string): ComponentRoleModel[] | undefined {
  const items = r.list(v, path);
  if (!items) return undefined;
  return items.flatMap((x, i) => {
    const p = keyPath(path, i);
    const o = r.object(x, p);
    if (!o) return [];
    return [
      {
        name: r.string(o.name, fieldPath(p, 'name')) ?? '',
        ...optional('replicas', r.integer(o.replicas, fieldPath(p, 'replicas'))),
        hasPodTemplate: o.podTemplate !== undefined && o.podTemplate !== null,
        hasProviderOverride: o.providerOverride !== undefined && o.providerOverride !== null,
      },
    ];
  });
}

function readKvTransferPolicy(r: InputReader, v: unknown, path: string): KvTransferPolicyModel | undefined {
  const o = r.object(v, path);
  if (!o) return undefined;
  const at = (f: string) => fieldPath(path, f);
  return {
    ...optional('labelKey', r.string(o.labelKey, at('labelKey'))),
    ...optional('clusterTopologyName', r.string(o.clusterTopologyName, at('clusterTopologyName'))),
    ...optional('domain', r.string(o.domain, at('domain'))),
    ...optional('enforcement', r.string(o.enforcement, at('enforcement'))),
    ...optional('preferredWeight', r.number(o.preferredWeight, at('preferredWeight'))),
  };
}

const isSet = (v: unknown) => v !== undefined && v !== null;

/** DGD-level fields both versions share (`spec.priorityClassName`, `providerOverride`, `experimental`). */
export function readGraphExtras(r: InputReader, spec: Record<string, unknown>) {
  const experimental = r.object(spec.experimental, 'spec.experimental') ?? {};
  return {
    ...optional('priorityClassName', r.string(spec.priorityClassName, 'spec.priorityClassName') || undefined),
    ...optional(
      'kvTransferPolicy',
      readKvTransferPolicy(r, experimental.kvTransferPolicy, 'spec.experimental.kvTransferPolicy'),
    ),
    ...(isSet(spec.providerOverride) ? { providerOverride: true } : {}),
    ...(isSet(experimental.componentGroups) ? { componentGroups: true } : {}),
  };
}

/** Component fields only v1beta1 has (besides `experimental`, read by the converter). */
export function readComponentExtras(r: InputReader, c: Record<string, unknown>, path: string) {
  const at = (f: string) => fieldPath(path, f);
  return {
    ...optional('roles', readRoles(r, c.roles, at('roles'))),
  };
}

/** `providerOverride` on a component (both versions' CRDs declare it). */
export function readProviderOverride(c: Record<string, unknown>) {
  return isSet(c.providerOverride) ? { providerOverride: true } : {};
}
