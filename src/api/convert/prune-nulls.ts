/**
 * The API server drops a map entry whose value is null before it validates a custom resource,
 * when the field's schema is not `nullable` (none of the nvidia.com CRDs' fields is): upstream's
 * own recipes write `subComponentType: null`, and `kubectl apply` takes them. Below a field the
 * CRD keeps opaque (`x-kubernetes-preserve-unknown-fields` without a schema) a null is kept, as
 * the API server keeps it. Core fields inside pod templates are pruned too: upstream's CRDs
 * embed their full schemas.
 */
import { isObject } from '../read';

/**
 * The opaque fields of upstream's CRDs, as paths with list items written `[]` and map values
 * `{}`; matched as the end of a path.
 */
const OPAQUE_SUFFIXES: readonly string[] = [
  // DGD / DCD: provider-native fragments and the EPP's plugin parameters.
  'providerOverride.value',
  'eppConfig.config.plugins[].parameters',
];
/** DynamoGraphDeploymentRequest fields kept opaque (whole paths). */
const OPAQUE_REQUEST_PATHS: readonly string[] = [
  'spec.profilingConfig.config',
  'spec.features.planner',
  'spec.overrides.dgd',
];

/** The document as the API server validates it: null map entries dropped (the input is not changed). */
export function pruneNulls<T>(doc: T): T {
  if (!isObject(doc)) return doc;
  const opaque = (path: string) =>
    OPAQUE_SUFFIXES.some((s) => path === s || path.endsWith(`.${s}`)) ||
    (doc.kind === 'DynamoGraphDeploymentRequest' && OPAQUE_REQUEST_PATHS.includes(path));
  return walk(doc, '') as T;

  /**
   * The value without its null map entries; the same object when it has none (most documents).
   * A copy is made only once a change is found, and scalars are not visited (nothing to prune).
   */
  function walk(value: unknown, path: string): unknown {
    if (path !== '' && opaque(path)) return value;
    if (Array.isArray(value)) {
      let items: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const v: unknown = value[i];
        const w = typeof v === 'object' && v !== null ? walk(v, `${path}[]`) : v;
        if (w !== v) (items ??= value.slice())[i] = w;
      }
      return items ?? value;
    }
    if (!isObject(value)) return value;
    let out: Record<string, unknown> | undefined;
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const v = value[key];
      const w = typeof v === 'object' && v !== null ? walk(v, path === '' ? key : `${path}.${key}`) : v;
      if (w === v && v !== null) {
        if (out) out[key] = v;
        continue;
      }
      // The first change: the entries before it are copied as they are.
      if (!out) {
        out = {};
        for (let j = 0; j < i; j++) out[keys[j]] = value[keys[j]];
      }
      if (v !== null) out[key] = w;
    }
    return out ?? value;
  }
}
