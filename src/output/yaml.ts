/**
 * The one YAML form of everything dynamo-iac writes (rendered objects, CRDs, kustomizations):
 * block style, keys sorted, no line folding, no anchors, so the same data always gives the same
 * bytes and diffs stay small. It writes plain JSON data only (objects, arrays, strings, numbers,
 * booleans, null), which is all the render core produces, and it is several times faster than a
 * general-purpose emitter. Scalars: yaml-scalar.ts.
 *
 * Like JSON.stringify, a key whose value is `undefined` is left out, and `undefined` in a list
 * is written as null. An object shared by two places is written out in full at both.
 */
import { numberValue, stringKey, stringValue } from './yaml-scalar';

/** One document, ending in a newline. */
export function toYaml(value: unknown): string {
  const out: string[] = [];
  const keys = mapKeys(value);
  if (keys) writeMap(value as Map, keys, '', false, out);
  else if (isNonEmptyList(value)) writeList(value, '', false, out);
  // A block scalar at the top would need other indentation rules; one line is enough here.
  else out.push(typeof value === 'string' ? stringKey(value) : inlineValue(value, ''), '\n');
  return out.join('');
}

/** Documents separated by `---`. */
export function toYamlStream(values: readonly unknown[]): string {
  return values.map(toYaml).join('---\n');
}

/** YAML allows implicit keys of at most 1024 characters; longer ones take the explicit `? key` form. */
const MAX_IMPLICIT_KEY = 1024;

type Map = Record<string, unknown>;

/**
 * Writes the pairs of a non-empty map (`keys`: its defined keys, sorted) whose keys sit at
 * `indent`. `continues` says the first key goes on a line already started (`- ` of a list item,
 * or `: ` of an explicit key).
 */
function writeMap(map: Map, keys: readonly string[], indent: string, continues: boolean, out: string[]): void {
  const inner = `${indent}  `;
  for (let i = 0; i < keys.length; i++) {
    const value = map[keys[i]];
    // One piece per line where it can be: fewer, longer pieces join faster.
    const lead = i === 0 && continues ? '' : indent;
    const k = stringKey(keys[i]);
    if (k.length > MAX_IMPLICIT_KEY) {
      out.push(`${lead}? ${k}\n${indent}: `);
      writeItem(value, inner, out);
      continue;
    }
    const valueKeys = mapKeys(value);
    if (valueKeys) {
      out.push(`${lead}${k}:\n`);
      writeMap(value as Map, valueKeys, inner, false, out);
    } else if (isNonEmptyList(value)) {
      out.push(`${lead}${k}:\n`);
      writeList(value, inner, false, out);
    } else {
      out.push(`${lead}${k}: ${inlineValue(value, inner)}\n`);
    }
  }
}

/**
 * The keys of a map whose value is not `undefined`, in code-unit order; undefined when `value` is
 * not a map or has no such key (it is written `{}`). Most maps the render core builds already list
 * their keys in order, and the rest are short: an insertion sort in place, which allocates
 * nothing, where `Array.prototype.sort` copies every array it sorts.
 */
function mapKeys(value: unknown): string[] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  let keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    if ((value as Map)[keys[i]] === undefined) {
      keys = keys.filter((k) => (value as Map)[k] !== undefined);
      break;
    }
  }
  if (keys.length === 0) return undefined;
  if (keys.length > 32) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i];
    let j = i - 1;
    if (keys[j] < key) continue;
    while (j >= 0 && keys[j] > key) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

/** Writes the items of a list whose dashes sit at `indent`. */
function writeList(list: readonly unknown[], indent: string, continues: boolean, out: string[]): void {
  const inner = `${indent}  `;
  for (let i = 0; i < list.length; i++) {
    out.push(i === 0 && continues ? '- ' : `${indent}- `);
    writeItem(list[i], inner, out);
  }
}

/** A value after `- ` or `: `: a map or list continues on that line (compact form). */
function writeItem(value: unknown, indent: string, out: string[]): void {
  const keys = mapKeys(value);
  if (keys) writeMap(value as Map, keys, indent, true, out);
  else if (isNonEmptyList(value)) writeList(value, indent, true, out);
  else out.push(inlineValue(value, indent), '\n');
}

/** A scalar or an empty collection; `indent` is where the lines of a multi-line string go. */
function inlineValue(value: unknown, indent: string): string {
  switch (typeof value) {
    case 'string':
      return stringValue(value, indent);
    case 'number':
      return numberValue(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return 'null';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? '[]' : '{}';
    default:
      throw new TypeError(`toYaml: cannot write a ${typeof value}; only JSON data is supported`);
  }
}

function isNonEmptyList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value) && value.length > 0;
}
