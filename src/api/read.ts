/**
 * Typed reads from untrusted input. Every wrong-typed value becomes a problem at its path and reads
 * as absent, so conversion continues and the user sees every problem at once.
 */
import { EnvVar, JsonObject } from './k8s-types';
import { Problem } from './problems';
import { mustBeStringMessage } from './type-hints';

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `a.b` for identifier-like keys, `a[key]` for map keys (which may hold dots and slashes). */
export const fieldPath = (base: string, field: string) => (base ? `${base}.${field}` : field);
export const keyPath = (base: string, key: string | number) => `${base}[${key}]`;

export class InputReader {
  public readonly problems: Problem[] = [];

  public error(path: string, message: string): void {
    this.problems.push({ path, message, severity: 'error' });
  }

  public warn(path: string, message: string): void {
    this.problems.push({ path, message, severity: 'warning' });
  }

  public object(v: unknown, path: string): JsonObject | undefined {
    if (v === undefined || v === null) return undefined;
    if (isObject(v)) return v;
    this.error(path, 'must be an object');
    return undefined;
  }

  public list(v: unknown, path: string): unknown[] | undefined {
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) return v;
    this.error(path, 'must be a list');
    return undefined;
  }

  public string(v: unknown, path: string): string | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string') return v;
    this.error(path, mustBeStringMessage(v));
    return undefined;
  }

  public boolean(v: unknown, path: string): boolean | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'boolean') return v;
    this.error(path, 'must be a boolean');
    return undefined;
  }

  public integer(v: unknown, path: string): number | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    this.error(path, 'must be an integer');
    return undefined;
  }

  public number(v: unknown, path: string): number | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    this.error(path, 'must be a number');
    return undefined;
  }

  /** Kubernetes quantities may be written as YAML numbers; they are kept as strings. */
  public quantity(v: unknown, path: string): string | undefined {
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return this.string(v, path);
  }

  /** A map of quantities (resource requests, limits): numbers are quantities too (`cpu: 2`). */
  public quantityMap(v: unknown, path: string): Record<string, string> {
    const o = this.object(v, path);
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(o ?? {})) {
      const q = this.quantity(x, keyPath(path, k));
      if (q !== undefined) out[k] = q;
    }
    return out;
  }

  public stringList(v: unknown, path: string): string[] | undefined {
    const items = this.list(v, path);
    if (!items) return undefined;
    const out: string[] = [];
    items.forEach((x, i) => {
      const s = this.string(x, keyPath(path, i));
      if (s !== undefined) out.push(s);
    });
    return out;
  }

  /** A `map[string]string` (labels, annotations, resource lists); non-string values are problems. */
  public stringMap(v: unknown, path: string): Record<string, string> {
    const o = this.object(v, path);
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(o ?? {})) {
      const s = this.string(x, keyPath(path, k));
      if (s !== undefined) out[k] = s;
    }
    return out;
  }

  public envList(v: unknown, path: string): EnvVar[] {
    const out: EnvVar[] = [];
    (this.list(v, path) ?? []).forEach((x, i) => {
      const item = this.object(x, keyPath(path, i));
      if (!item) return;
      const name = this.string(item.name, fieldPath(keyPath(path, i), 'name'));
      if (name === undefined) {
        this.error(fieldPath(keyPath(path, i), 'name'), 'Required value');
        return;
      }
      out.push({ ...item, name } as EnvVar);
    });
    return out;
  }

  /** A required non-empty string: `Required value` (the API server's wording) when missing. */
  public requiredString(v: unknown, path: string): string | undefined {
    const s = this.string(v, path);
    if (v === undefined || v === null || s === '') this.error(path, 'Required value');
    return s || undefined;
  }
}

/** The strings of a list read from input (anything else is left out). */
export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
