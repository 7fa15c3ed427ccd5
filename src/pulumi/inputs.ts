/**
 * `pulumi.Input<string>` values inside plain graph props.
 *
 * The render core is synchronous and takes plain values, and resources must not
 * be created inside `apply` (they would vanish from `pulumi preview` while values
 * are unknown). So each Input is replaced by a placeholder token before
 * rendering, the objects are rendered once with the tokens, and every rendered
 * string that holds a token becomes an Output of the real value. The set of
 * resources (and their names) is known at construction; only field values wait.
 *
 * That is exact only when the render core copies the value verbatim (namespace,
 * image, secret name). `checkedValues` proves it once the values are known:
 * it re-renders with the real values and compares.
 */
import * as pulumi from '@pulumi/pulumi';
import { DEFERRED_VALUE_TOKEN, deferredValueToken, hasDeferredValue } from '../api/deferred-value';

/** `T` with every string (also inside arrays and objects) allowed to be a `pulumi.Input<string>`. */
export type WithInputs<T> = T extends string
  ? pulumi.Input<T>
  : T extends readonly (infer U)[]
    ? readonly WithInputs<U>[]
    : T extends object
      ? { readonly [K in keyof T]: WithInputs<T[K]> }
      : T;

// The token format is the API's (src/api/deferred-value.ts): validation knows a token when it sees one.
const TOKEN = DEFERRED_VALUE_TOKEN;
const token = deferredValueToken;

export interface Tokenized<T> {
  /** The props with a token in place of each Input. */
  readonly plain: T;
  /** The Inputs, indexed by token number. */
  readonly inputs: pulumi.Input<string>[];
}

export function tokenize<T>(value: WithInputs<T>): Tokenized<T> {
  const inputs: pulumi.Input<string>[] = [];
  const walk = (v: unknown): unknown => {
    if (pulumi.Output.isInstance(v) || isPromiseLike(v)) {
      inputs.push(v as pulumi.Input<string>);
      return token(inputs.length - 1);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return { plain: walk(value) as T, inputs };
}

export const hasToken = hasDeferredValue;

/** Replaces every token in every string of `v` with its value. */
export function fill<T>(v: T, values: readonly string[]): T {
  return mapStrings(v, (s) => s.replace(TOKEN, (_, i: string) => values[Number(i)])) as T;
}

/**
 * `v` with every string that holds a token turned into an Output of the filled
 * string; everything else stays plain (so resources without Inputs get plain args).
 */
export function substitute(v: unknown, values: pulumi.Output<readonly string[]>): unknown {
  return mapStrings(v, (s) => (hasToken(s) ? values.apply((vals) => fill(s, vals)) : s));
}

/** Paths of object keys that hold a token: Pulumi args cannot have an Output as a key. */
export function tokenKeys(v: unknown, path = ''): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => tokenKeys(x, `${path}[${i}]`));
  if (!isPlainObject(v)) return [];
  return Object.entries(v).flatMap(([k, x]) => [
    ...(hasToken(k) ? [`${path}${path ? '.' : ''}${k}`] : []),
    ...tokenKeys(x, `${path}${path ? '.' : ''}${k}`),
  ]);
}

function mapStrings(v: unknown, f: (s: string) => unknown): unknown {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]));
  return v;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const isPromiseLike = (v: unknown): v is PromiseLike<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';
