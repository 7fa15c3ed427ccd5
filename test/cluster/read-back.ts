/**
 * "Every field we set is present and equal in the read-back": the check behind the
 * apply tests. Server-added fields (defaults, metadata, status) are fine; a field that
 * is missing or different means the server pruned or rewrote what we wrote.
 */

/** Paths (`spec.template.spec.containers[0].image`) where `actual` lost or changed a value of `expected`. */
export function lostOrChanged(expected: unknown, actual: unknown, path = ''): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected a list, got ${describe(actual)}`];
    // Lists are atomic or keyed in Kubernetes; either way, ours must come back item for item.
    if (actual.length !== expected.length) return [`${path}: expected ${expected.length} items, got ${actual.length}`];
    return expected.flatMap((e, i) => lostOrChanged(e, actual[i], `${path}[${i}]`));
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return [`${path}: expected an object, got ${describe(actual)}`];
    return Object.keys(expected).flatMap((k) => {
      const at = path ? `${path}.${k}` : k;
      if (!(k in actual)) return [`${at}: missing (pruned?)`];
      return lostOrChanged(expected[k], actual[k], at);
    });
  }
  return Object.is(expected, actual)
    ? []
    : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function describe(v: unknown): string {
  return v === undefined ? 'nothing' : JSON.stringify(v);
}
