/**
 * Objects that several graphs render (the planner ServiceAccount of a
 * namespace, a model's headless Service) become one Pulumi resource per
 * stack and provider (cluster), owned by the first component that renders them, as in
 * the cdk8s front end: two resources for one object would fight, and deleting
 * either would delete the object from under the other.
 */
import * as pulumi from '@pulumi/pulumi';
import { KubeObject } from '../api/k8s-types';
import { objectKey } from '../render';

interface Registered {
  readonly body: string;
  readonly owner: string;
}

const NONE = {};
const registries = new WeakMap<object, WeakMap<object, Map<string, Registered>>>();

export type Claim =
  { readonly kind: 'new' } | { readonly kind: 'shared' } | { readonly kind: 'conflict'; readonly message: string };

/** Records `o` for `owner`; `shared` when an identical object was claimed before. */
export function claimObject(provider: pulumi.ProviderResource | undefined, o: KubeObject, owner: string): Claim {
  const stack = pulumi.runtime.getStackResource() ?? NONE;
  let byProvider = registries.get(stack);
  if (!byProvider) registries.set(stack, (byProvider = new WeakMap()));
  let registry = byProvider.get(provider ?? NONE);
  if (!registry) byProvider.set(provider ?? NONE, (registry = new Map()));
  const id = objectKey(o);
  const body = JSON.stringify(o);
  const prior = registry.get(id);
  if (!prior) {
    registry.set(id, { body, owner });
    return { kind: 'new' };
  }
  if (prior.body === body) return { kind: 'shared' };
  return {
    kind: 'conflict',
    message: `${o.kind} "${o.metadata.namespace}/${o.metadata.name}" is also rendered by ${prior.owner} with different content`,
  };
}
