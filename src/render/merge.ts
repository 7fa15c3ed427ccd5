/**
 * Override merge with the semantics of the upstream operator's struct merge
 * (mergo `WithOverride`), expressed on JSON values:
 * - an overlay value that is "empty" (undefined, null, "", 0, false, [] or {})
 *   never replaces the base value;
 * - arrays are replaced wholesale;
 * - objects are merged key by key, recursively (so a user probe keeps the
 *   default fields it does not set).
 */
import { JsonObject } from '../api/k8s-types';

export function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null || v === '' || v === 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

export function isPlainObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function overrideMerge<T extends JsonObject>(base: T, overlay: JsonObject | undefined): T {
  if (!overlay) return clone(base);
  const out: JsonObject = clone(base);
  for (const [key, value] of Object.entries(overlay)) {
    if (isEmptyValue(value)) continue;
    const current = out[key];
    if (isPlainObject(value) && isPlainObject(current)) {
      out[key] = overrideMerge(current, value);
    } else {
      out[key] = clone(value);
    }
  }
  return out as T;
}

/** Deep copy of JSON data (the render core never shares structure with its input). */
export function clone<T>(v: T): T {
  if (Array.isArray(v)) return v.map(clone) as unknown as T;
  if (isPlainObject(v)) {
    const out: JsonObject = {};
    for (const [k, val] of Object.entries(v)) out[k] = clone(val);
    return out as T;
  }
  return v;
}

/** Merge string maps; later maps win. Returns undefined for an empty result so callers can omit the field. */
export function mergeMaps(...maps: (Record<string, string> | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of maps) if (m) Object.assign(out, m);
  return out;
}

/** Drops keys whose value is undefined, and empty maps/arrays, so output carries no noise. */
export function compact<T extends JsonObject>(o: T): T {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    if (isPlainObject(v) && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return out as T;
}
