/**
 * Writing a status the operator owns with a JSON merge patch: compare before writing (so an
 * unchanged status costs no request), and remove map entries that are gone (a merge patch
 * merges maps, so a key is only removed by sending it as null).
 */

/** JSON with sorted keys, so the server's field order does not count as a change. */
export function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, val) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val).sort(([a], [b]) => (a < b ? -1 : 1)))
      : val,
  );
}

/** Whether every field of `desired` already has that value in `current` (an undefined field must be absent). */
export function unchanged(desired: Record<string, unknown>, current: Record<string, unknown> | undefined): boolean {
  return Object.entries(desired).every(([k, v]) => canonical(v ?? null) === canonical(current?.[k] ?? null));
}

/** `desired`, plus null for each key of `current` it no longer has: the merge-patch value replacing a whole map. */
export function replacingMap(desired: Record<string, unknown> | undefined, current: unknown): Record<string, unknown> {
  const before = current && typeof current === 'object' && !Array.isArray(current) ? Object.keys(current) : [];
  return {
    ...Object.fromEntries(before.filter((k) => !(k in (desired ?? {}))).map((k) => [k, null])),
    ...(desired ?? {}),
  };
}

/** A merge patch of `status`: undefined fields become null (removed), the named map fields replace the current maps. */
export function statusPatch(
  desired: Record<string, unknown>,
  current: Record<string, unknown> | undefined,
  maps: readonly string[] = [],
): { status: Record<string, unknown> } {
  const status: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(desired)) {
    if (maps.includes(k) && v !== undefined) status[k] = replacingMap(v as Record<string, unknown>, current?.[k]);
    else status[k] = v ?? null;
  }
  return { status };
}
