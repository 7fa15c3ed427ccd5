/**
 * Checking plain values against a declared shape, field by field, so a wrong type, a null or an
 * unknown key given from JavaScript, YAML or another Pulumi language is one problem at its path,
 * never a TypeError deep inside: platform settings (settings-check.ts) and the options of every
 * construct and component. A shape is declared once per props type, typed against it
 * (`PropsShape<T>`), so a new prop fails to compile until its check is declared.
 */
import { Problem } from './problems';
import { mustBeStringMessage } from './type-hints';

/** A check of one value at `path`: appends `[path, message]` for each problem. */
export type Check = (value: unknown, path: string, problems: string[][]) => void;

/** One check per prop of T, every prop named: what `fields` checks a props object with. */
export type PropsShape<T> = { readonly [K in keyof Required<T>]: Check };

/** What a value is, for a message: `null`, `an array`, or its typeof. */
export const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

export const str: Check = (v, path, out) => {
  if (typeof v !== 'string') out.push([path, mustBeStringMessage(v)]);
};
export const bool: Check = (v, path, out) => {
  if (typeof v !== 'boolean') out.push([path, 'must be a boolean (true or false)']);
};
/** A whole number, at least `min`. */
export const int =
  (min = Number.MIN_SAFE_INTEGER): Check =>
  (v, path, out) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) out.push([path, 'must be a whole number']);
    else if (v < min) out.push([path, `must be ${min} or more`]);
  };
export const oneOf =
  (...allowed: readonly string[]): Check =>
  (v, path, out) => {
    if (typeof v !== 'string' || !allowed.includes(v)) out.push([path, `must be one of: ${allowed.join(', ')}`]);
  };
export const listOf =
  (item: Check): Check =>
  (v, path, out) => {
    if (!Array.isArray(v)) out.push([path, 'must be a list']);
    else v.forEach((x, i) => item(x, `${path}[${i}]`, out));
  };
export const mapOf =
  (value: Check): Check =>
  (v, path, out) => {
    if (!isMap(v)) out.push([path, 'must be a map']);
    else for (const [k, x] of Object.entries(v)) value(x, `${path}[${k}]`, out);
  };
/** An object this library made (a construct, a component), recognised by `is`. */
export const instanceOf =
  (what: string, is: (v: unknown) => boolean): Check =>
  (v, path, out) => {
    if (!is(v)) out.push([path, `must be a ${what}, got ${typeOf(v)}`]);
  };
/** Content checked elsewhere, in the manifest it becomes (a spec, pod content, metadata). */
export const checkedLater: Check = () => undefined;

/**
 * A map of known fields: each present one checked (a prop left `undefined` is unset), any other
 * an unknown field; `required` ones must be there.
 */
export const fields =
  (known: Readonly<Record<string, Check>>, required: readonly string[] = []): Check =>
  (v, path, out) => {
    if (!isMap(v)) {
      out.push([path, 'must be a map']);
      return;
    }
    for (const k of required) if (v[k] === undefined) out.push([path ? `${path}.${k}` : k, 'Required value']);
    for (const [k, x] of Object.entries(v)) {
      const at = path ? `${path}.${k}` : k;
      // Own keys only: `__proto__` or `toString` in a file is an unknown field, not Object's.
      const check = Object.hasOwn(known, k) ? known[k] : undefined;
      if (!check) out.push([at, `unknown field; expected one of: ${Object.keys(known).join(', ')}`]);
      else if (x !== undefined) check(x, at, out);
    }
  };

export interface ShapeOptions {
  /** Path of the value (`settings`); '' for props. */
  readonly base?: string;
  /** What the value is called when it is no object at all. @default - base, else 'props' */
  readonly what?: string;
  /** Fields that must be given. @default - none */
  readonly required?: readonly string[];
}

/**
 * Problems of `value` as the props `shape` declares: `props: must be an object, got null` for no
 * object at all, else one problem per field at its path.
 */
export function shapeProblems(
  value: unknown,
  shape: Readonly<Record<string, Check>>,
  opts: ShapeOptions = {},
): Problem[] {
  const base = opts.base ?? '';
  if (!isMap(value)) {
    const what = opts.what ?? (base || 'props');
    return [{ path: '', message: `${what}: must be an object, got ${typeOf(value)}`, severity: 'error' }];
  }
  const found: string[][] = [];
  fields(shape, opts.required)(value, base, found);
  return found.map(([path, message]) => ({ path, message, severity: 'error' }));
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
