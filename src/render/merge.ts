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
  const out = clone(base);
  if (overlay) mergeOver(out, overlay);
  return out;
}

/** Merges `overlay` into `out`, which is already a copy (so nested objects are not copied twice). */
function mergeOver(out: JsonObject, overlay: JsonObject): void {
  for (const key of Object.keys(overlay)) {
    const value = overlay[key];
    if (isEmptyValue(value)) continue;
    const current = out[key];
    if (isPlainObject(value) && isPlainObject(current)) mergeOver(current, value);
    else out[key] = clone(value);
  }
}

/** Deep copy of JSON data (the render core never shares structure with its input). */
export function clone<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  // Index loops, not map/entries: this runs for every value a render copies (see the render bench).
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = clone(v[i]);
    return out as T;
  }
  const source = v as JsonObject;
  const out: JsonObject = {};
  for (const k of Object.keys(source)) out[k] = clone(source[k]);
  return out as T;
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
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (v === undefined) continue;
    if (isPlainObject(v) && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return out as T;
}

/**
 * A structural merge for partial manifests, with the list semantics of the graph's schema: lists
 * whose items are named (components, containers, env, volumes) merge item by item by `name`;
 * other lists, and scalars, are replaced; objects merge key by key. Unlike `overrideMerge`, an
 * explicit empty value in the overlay does replace.
 */
export function mergeByName(base: unknown, overlay: unknown): unknown {
  if (overlay === undefined) return clone(base);
  if (isPlainObject(base) && isPlainObject(overlay)) {
    const out: JsonObject = clone(base);
    for (const [k, v] of Object.entries(overlay)) out[k] = mergeByName(base[k], v);
    return out;
  }
  if (Array.isArray(base) && Array.isArray(overlay) && isNamedList(base) && isNamedList(overlay)) {
    const out = base.map(clone) as JsonObject[];
    for (const item of overlay as JsonObject[]) {
      const i = out.findIndex((x) => x.name === item.name);
      if (i >= 0) out[i] = mergeByName(out[i], item) as JsonObject;
      else out.push(clone(item));
    }
    return out;
  }
  return clone(overlay);
}

const isNamedList = (l: unknown[]) => l.length > 0 && l.every((x) => isPlainObject(x) && typeof x.name === 'string');
