/**
 * Compares a rendered object with an expected object written in upstream Dynamo's controller
 * golden-test notation (deploy/operator/internal/controller/testdata/<kind>/<case>/output.yaml):
 * plain YAML whose values and keys may be matcher words.
 *
 *   `$pattern:<regex>`  the actual value is a string that the whole regex matches
 *   `$glob:<glob>`      the actual value is a string the glob (`*`, `?`) matches
 *   `$ignore`           any value, or none (as a value); `$ignore: true` in a map ignores the map
 *   `$notexists`        the field is absent
 *   `$var:<name>`       binds the actual value the first time, then must equal it everywhere
 *   `$strict: false`    in a map: the actual map may have keys the expected one does not name
 *                       (inherited by the maps below it); maps are strict otherwise
 *
 * Lists are compared element by element; a list whose expected elements all have a literal `name`
 * (containers, env, ports, volumes, ...) is compared by name, as Kubernetes merges them.
 * Every expected leaf is one compared field; every key the actual has under a strict map and the
 * expected lacks is one more (a difference).
 */
import { isDeepStrictEqual } from 'node:util';

export interface FieldDifference {
  /** Dotted path, list elements by name or index: `spec.template.spec.containers[main].env[POD_NAME]`. */
  readonly path: string;
  readonly kind: 'missing' | 'extra' | 'value';
  readonly expected?: unknown;
  readonly actual?: unknown;
}

export interface MatchResult {
  /** Expected leaves compared, plus the keys that are extra under strict maps. */
  compared: number;
  matched: number;
  differences: FieldDifference[];
}

export interface MatchOptions {
  /** `$var:` bindings, shared across the objects of one golden case. @default - a fresh map */
  readonly vars?: Map<string, unknown>;
  /**
   * An expected field the actual object lacks that is not a difference and not compared, such as
   * a default the API server fills in. Called with the path and the expected value.
   */
  readonly skipMissing?: (path: string, expected: unknown) => boolean;
}

const STRICT = '$strict';
const IGNORE = '$ignore';

/** Compares `actual` with `expected` (golden notation). */
export function matchGolden(expected: unknown, actual: unknown, options: MatchOptions = {}): MatchResult {
  const result: MatchResult = { compared: 0, matched: 0, differences: [] };
  const vars = options.vars ?? new Map<string, unknown>();
  walk(expected, actual, '', true, true);
  return result;

  function walk(exp: unknown, act: unknown, path: string, present: boolean, strict: boolean): void {
    if (typeof exp === 'string' && exp.startsWith('$')) return word(exp, act, path, present);
    if (isMap(exp) && exp[IGNORE] === true) return;
    if (!present) return missing(exp, path);
    if (isMap(exp)) {
      if (!isMap(act)) return differ(path, 'value', exp, act, leaves(exp));
      const mapStrict = typeof exp[STRICT] === 'boolean' ? exp[STRICT] : strict;
      for (const [key, value] of Object.entries(exp)) {
        if (key === STRICT || key === IGNORE) continue;
        walk(value, act[key], join(path, key), key in act, mapStrict);
      }
      if (mapStrict)
        for (const key of Object.keys(act).filter((k) => !(k in exp)))
          differ(join(path, key), 'extra', undefined, act[key]);
      return;
    }
    if (Array.isArray(exp)) {
      if (!Array.isArray(act)) return differ(path, 'value', exp, act, leaves(exp));
      const byName =
        exp.length > 0 && exp.every((e) => isMap(e) && typeof e.name === 'string' && !e.name.startsWith('$'));
      if (byName) return walkNamedList(exp as Record<string, unknown>[], act, path, strict);
      exp.forEach((e, i) => walk(e, act[i], `${path}[${i}]`, i < act.length, strict));
      for (let i = exp.length; i < act.length; i++) differ(`${path}[${i}]`, 'extra', undefined, act[i]);
      return;
    }
    count(isDeepStrictEqual(exp, act), path, 'value', exp, act);
  }

  function walkNamedList(exp: Record<string, unknown>[], act: unknown[], path: string, strict: boolean): void {
    const named = new Map(act.filter(isMap).map((a) => [a.name, a]));
    for (const e of exp) {
      const found = named.get(e.name);
      walk(e, found, `${path}[${String(e.name)}]`, found !== undefined, strict);
      named.delete(e.name);
    }
    for (const [name, a] of named) differ(`${path}[${String(name)}]`, 'extra', undefined, a);
  }

  function word(exp: string, act: unknown, path: string, present: boolean): void {
    if (exp === IGNORE) return;
    if (exp === '$notexists') return count(!present, path, 'extra', undefined, act);
    if (!present) return missing(exp, path);
    const [name, arg] = splitWord(exp);
    switch (name) {
      case '$pattern':
        return count(typeof act === 'string' && new RegExp(`^(?:${arg})$`).test(act), path, 'value', exp, act);
      case '$glob':
        return count(typeof act === 'string' && globRegExp(arg).test(act), path, 'value', exp, act);
      case '$var':
        if (!vars.has(arg)) vars.set(arg, act);
        return count(isDeepStrictEqual(vars.get(arg), act), path, 'value', exp, act);
      default:
        // A literal string that starts with `$` (a shell variable, say).
        return count(exp === act, path, 'value', exp, act);
    }
  }

  function missing(exp: unknown, path: string): void {
    if (options.skipMissing?.(path, exp)) return;
    differ(path, 'missing', exp, undefined, leaves(exp));
  }

  function count(ok: boolean, path: string, kind: FieldDifference['kind'], exp: unknown, act: unknown): void {
    if (ok) {
      result.compared++;
      result.matched++;
    } else differ(path, kind, exp, act);
  }

  function differ(path: string, kind: FieldDifference['kind'], exp: unknown, act: unknown, fields = 1): void {
    result.compared += fields;
    result.differences.push({
      path,
      kind,
      ...(exp === undefined ? {} : { expected: exp }),
      ...(act === undefined ? {} : { actual: act }),
    });
  }
}

/** Does `actual` satisfy a value that may be a matcher word? For pairing objects by name. */
export function matchesValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'string' && expected.startsWith('$')) {
    const [name, arg] = splitWord(expected);
    if (name === '$glob') return typeof actual === 'string' && globRegExp(arg).test(actual);
    if (name === '$pattern') return typeof actual === 'string' && new RegExp(`^(?:${arg})$`).test(actual);
    if (name === IGNORE || name === '$var') return true;
  }
  return isDeepStrictEqual(expected, actual);
}

/** The expected leaves a subtree counts as (words like `$ignore` and map flags count as none). */
export function leaves(exp: unknown): number {
  if (exp === IGNORE) return 0;
  if (isMap(exp)) {
    if (exp[IGNORE] === true) return 0;
    return Object.entries(exp)
      .filter(([k]) => k !== STRICT && k !== IGNORE)
      .reduce((n, [, v]) => n + leaves(v), 0);
  }
  if (Array.isArray(exp)) return exp.reduce((n: number, v) => n + leaves(v), 0);
  return 1;
}

function splitWord(word: string): [string, string] {
  const colon = word.indexOf(':');
  return colon < 0 ? [word, ''] : [word.slice(0, colon), word.slice(colon + 1)];
}

function globRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`);
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

function isMap(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
