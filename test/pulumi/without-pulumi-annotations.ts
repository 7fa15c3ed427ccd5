/** What Pulumi adds to an object we render, taken off again so the two can be compared. */

interface WithMetadata {
  readonly metadata?: { readonly annotations?: Record<string, string>; readonly ownerReferences?: unknown };
}

/**
 * `o` without the `pulumi.com/*` annotations (readiness settings, checked on their own) and without
 * the ownerReference to the graph record Pulumi gives worker generations (its uid is not rendered).
 */
export function withoutPulumiAnnotations<T extends WithMetadata>(o: T): T {
  if (!o.metadata) return o;
  const annotations = Object.fromEntries(
    Object.entries(o.metadata.annotations ?? {}).filter(([k]) => !k.startsWith('pulumi.com/')),
  );
  const { annotations: _, ownerReferences, ...rest } = o.metadata;
  const owners = ((ownerReferences ?? []) as { kind?: string }[]).filter((r) => r.kind !== 'DynamoGraphDeployment');
  const base = owners.length ? { ...rest, ownerReferences: owners } : rest;
  return { ...o, metadata: Object.keys(annotations).length ? { ...base, annotations } : base };
}
