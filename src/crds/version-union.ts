/**
 * Lets each served version's schema also carry the other versions' fields.
 *
 * Our CRDs use `conversion: None` (we ship no conversion webhook), so the API server only
 * rewrites `apiVersion` between versions and then prunes with the *target* version's schema.
 * With disjoint schemas a v1alpha1 DGD lost `spec.services` on its way to v1beta1 storage, and a
 * v1beta1 scaling adapter lost `dgdRef.componentName` on its way to v1alpha1 storage (proved by
 * test/cluster/crds.test.ts). With every version knowing every version's fields, an object is
 * stored and read back exactly as it was written, through either version.
 *
 * Merge rules (`own` is the version being built, `foreign` another version):
 * - keywords of `own` win (type, enum, bounds, required, CEL rules, list type);
 * - fields only `foreign` has are added with their constraints, so a foreign-shaped write is
 *   still checked the way its own version checks it. The added field itself loses its `default`
 *   (else a v1beta1 `scalingAdapter: {}` would gain v1alpha1's `enabled: false`); defaults below
 *   it stay, as they only apply inside a foreign-shaped value, as its own version applies them;
 * - a field whose type differs between versions (a `container` component field: an object in
 *   v1alpha1, a string in v1beta1) becomes an untyped, preserve-unknown node: either value survives.
 */
import { JSONSchemaProps } from './schema';

export function acceptForeignFields(own: JSONSchemaProps, foreign: JSONSchemaProps): JSONSchemaProps {
  if (own.type && foreign.type && own.type !== foreign.type) return eitherType(own, foreign);
  const merged: JSONSchemaProps = { ...own };
  if (own.properties || foreign.properties) {
    const props: Record<string, JSONSchemaProps> = { ...(own.properties ?? {}) };
    for (const [key, node] of Object.entries(foreign.properties ?? {})) {
      props[key] = props[key] ? acceptForeignFields(props[key], node) : withoutDefault(node);
    }
    // An open object stays open; a closed one lists the union of fields.
    if (Object.keys(props).length > 0 || !own['x-kubernetes-preserve-unknown-fields']) merged.properties = props;
  }
  if (own.additionalProperties && foreign.additionalProperties) {
    merged.additionalProperties = acceptForeignFields(own.additionalProperties, foreign.additionalProperties);
  }
  if (own.items && foreign.items) merged.items = acceptForeignFields(own.items, foreign.items);
  return merged;
}

function eitherType(own: JSONSchemaProps, foreign: JSONSchemaProps): JSONSchemaProps {
  const description = `A ${own.type} in this version, a ${foreign.type} in another; kept as written (conversion: None).`;
  return { description, 'x-kubernetes-preserve-unknown-fields': true };
}

function withoutDefault(node: JSONSchemaProps): JSONSchemaProps {
  const copy: JSONSchemaProps = { ...node };
  delete copy.default;
  return copy;
}
