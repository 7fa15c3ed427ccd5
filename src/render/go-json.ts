/**
 * Go's encoding/json output for a value read from a manifest, so a hash over it matches
 * upstream's `json.Marshal` of the Go structs: fields in declaration order (`go-json-fields.ts`),
 * `omitempty`, map keys sorted, `<` `>` `&` U+2028 U+2029 escaped as `\u00XX`, metav1.Time's null,
 * resource.Quantity in canonical form.
 *
 * Not byte-identical (inputs where it differs are unusual in a pod template):
 * - types typed `any` in the tables are written with sorted keys (see that file);
 * - map keys sort by UTF-16 code unit, Go by byte: differs only for keys mixing characters above
 *   U+FFFF with ones in U+E000..U+FFFF;
 * - a lone surrogate in a string is escaped (`\udXXX`) where Go writes U+FFFD;
 * - numbers are written as JavaScript prints them (integers are the same; Go prints some floats,
 *   e.g. 1e21 and up, differently);
 * - a value of the wrong JSON type for its field (a string where Go has an int) is written as is,
 *   where Go would have failed to decode the manifest.
 */
import { goStruct, GoType } from './go-json-fields';

/** `json.Marshal` of `value` read into the Go type `type`. */
export function goJson(value: unknown, type: GoType): string {
  const out: string[] = [];
  writeGo(value, type, out);
  return out.join('');
}

/** The JSON of an absent or null value of each Go type that is not a struct, slice, map or pointer. */
const ZERO_TEXT: ReadonlyMap<GoType, string> = new Map([
  ['string', '""'],
  ['int', '0'],
  ['intOrString', '0'],
  ['bool', 'false'],
  ['quantity', '"0"'],
  ['time', 'null'],
  ['any', 'null'],
]);

/**
 * Appends the JSON of `value` as the Go type `type` to `out`. Pieces, joined once at the end: a
 * string per level would copy each pod template's text once for every level it is nested in.
 */
function writeGo(value: unknown, type: GoType, out: string[]): void {
  if (type.startsWith('*')) {
    if (value === undefined || value === null) out.push('null');
    else writeGo(value, type.slice(1), out);
    return;
  }
  if (type.startsWith('[]')) {
    if (value === undefined || value === null) out.push('null');
    else if (!Array.isArray(value)) writeAny(value, out);
    else {
      const of = type.slice(2);
      writeList(value, out, (x) => writeGo(x, of, out));
    }
    return;
  }
  if (type.startsWith('map[')) {
    if (value === undefined || value === null) out.push('null');
    else if (!isPlainObject(value)) writeAny(value, out);
    else {
      const of = type.slice(4, -1);
      writeEntries(sortedEntries(value), out, (x) => writeGo(x, of, out));
    }
    return;
  }
  const zero = ZERO_TEXT.get(type);
  if (zero !== undefined) {
    if (value === undefined || value === null) out.push(zero);
    else if (type === 'quantity' && (typeof value === 'string' || typeof value === 'number'))
      out.push(goString(canonicalQuantity(String(value))));
    else writeAny(value, out);
    return;
  }
  const layout = goStruct(type);
  if (!layout) throw new Error(`go-json: no layout for Go type ${type}`);
  const obj = value === undefined || value === null ? {} : value;
  if (!isPlainObject(obj)) {
    writeAny(obj, out);
    return;
  }
  out.push('{');
  let first = true;
  for (const f of layout.fields) {
    const x = obj[f.json];
    if (f.omitEmpty && isEmpty(x, f.type)) continue;
    out.push(first ? `${fieldName(f.json)}:` : `,${fieldName(f.json)}:`);
    first = false;
    writeGo(x, f.type, out);
  }
  if (hasUnlistedKey(obj, layout.names))
    for (const [k, x] of sortedEntries(obj)) {
      if (layout.names.has(k)) continue;
      out.push(first ? `${goString(k)}:` : `,${goString(k)}:`);
      first = false;
      writeAny(x, out);
    }
  out.push('}');
}

/**
 * `[a,b]`, each item written by `item`. As the `map` and `join` this replaces: a hole, or an item
 * JSON has no text for (a function, a symbol), is written as nothing.
 */
function writeList(list: readonly unknown[], out: string[], item: (x: unknown) => void): void {
  out.push('[');
  for (let i = 0; i < list.length; i++) {
    if (i > 0) out.push(',');
    const x = list[i];
    if (i in list && typeof x !== 'function' && typeof x !== 'symbol') item(x);
  }
  out.push(']');
}

/** `{"k":v,…}` of entries already sorted, each value written by `value`. */
function writeEntries(entries: [string, unknown][], out: string[], value: (x: unknown) => void): void {
  out.push('{');
  for (let i = 0; i < entries.length; i++) {
    out.push(i === 0 ? `${goString(entries[i][0])}:` : `,${goString(entries[i][0])}:`);
    value(entries[i][1]);
  }
  out.push('}');
}

/** Struct field names written as JSON strings, once each: the tables name a few hundred. */
const fieldNames = new Map<string, string>();

function fieldName(name: string): string {
  let quoted = fieldNames.get(name);
  if (quoted === undefined) fieldNames.set(name, (quoted = goString(name)));
  return quoted;
}

/** Whether `obj` has a key the struct does not list: the common case, none, needs no sorted copy of its entries. */
function hasUnlistedKey(obj: Record<string, unknown>, names: ReadonlySet<string>): boolean {
  for (const k of Object.keys(obj)) if (!names.has(k)) return true;
  return false;
}

/**
 * `reflect.DeepEqual(v, T{})` for the Go value `value` would decode to: nil pointers, slices and
 * maps, and zero scalars are zero; a present slice or map is not, even empty.
 */
export function goIsZero(value: unknown, type: GoType): boolean {
  if (value === undefined || value === null) return true;
  if (type.startsWith('*') || type.startsWith('[]') || type.startsWith('map[')) return false;
  switch (type) {
    case 'string':
      return value === '';
    case 'int':
      return value === 0;
    case 'bool':
      return value === false;
    case 'intOrString':
    case 'quantity':
    case 'time':
    case 'any':
      return false;
  }
  const fields = goStruct(type)?.fields ?? [];
  if (!isPlainObject(value)) return false;
  return Object.entries(value).every(([k, x]) => goIsZero(x, fields.find((f) => f.json === k)?.type ?? 'any'));
}

/** What `omitempty` drops: false, 0, "", nil pointers, and nil or empty slices and maps (never a struct). */
function isEmpty(value: unknown, type: GoType): boolean {
  if (value === undefined || value === null) return !isStructType(type);
  if (type.startsWith('[]')) return Array.isArray(value) && value.length === 0;
  if (type.startsWith('map[')) return isPlainObject(value) && Object.keys(value).length === 0;
  if (type === 'string') return value === '';
  if (type === 'int') return value === 0;
  if (type === 'bool') return value === false;
  return false;
}

const isStructType = (type: GoType) =>
  type === 'quantity' || type === 'time' || type === 'intOrString' || goStruct(type) !== undefined;

/** A value of unknown Go type (interface{} or an unlisted field): keys sorted, nothing omitted. */
function writeAny(value: unknown, out: string[]): void {
  if (value === undefined || value === null) out.push('null');
  else if (Array.isArray(value)) writeList(value, out, (x) => writeAny(x, out));
  else if (isPlainObject(value)) writeEntries(sortedEntries(value), out, (x) => writeAny(x, out));
  else if (typeof value === 'string') out.push(goString(value));
  // `${}` of what JSON.stringify gives: `undefined` for a function or a symbol, as before.
  else out.push(String(JSON.stringify(value)));
}

/** A JSON string as Go writes it: JavaScript's escapes plus Go's HTML-safe ones. */
export function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function sortedEntries(o: Record<string, unknown>): [string, unknown][] {
  return Object.entries(o)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const BINARY = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
const BINARY_SUFFIX: Record<string, number> = { Ki: 1, Mi: 2, Gi: 3, Ti: 4, Pi: 5, Ei: 6 };
const DECIMAL_SUFFIX: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const DECIMAL_BY_EXPONENT = Object.fromEntries(Object.entries(DECIMAL_SUFFIX).map(([s, e]) => [e, s]));
const NANO = 10n ** 9n;

/**
 * resource.Quantity's canonical string (what it marshals to): the value to nano precision
 * (rounded up), in the input's format family. Binary (`Ki`…`Ei`) stays binary when the value is a
 * whole number of at least 1024, with the largest exact suffix (`1024Mi` → `1Gi`); otherwise, and
 * for decimal input, the largest exact power-of-1000 suffix (`1000m` → `1`, `0.5` → `500m`);
 * `e` exponents stay exponents. Input that does not parse is returned unchanged (validation
 * reports it).
 */
export function canonicalQuantity(text: string): string {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return text;
  const [, sign, whole, frac = '', suffix = ''] = m;
  const negative = sign === '-';
  let scaled = BigInt(whole + frac || '0'); // value × 10^frac.length
  let pow10 = -frac.length;
  let pow1024 = 0;
  let format: 'binary' | 'decimal' | 'exponent' = 'decimal';
  if (suffix in BINARY_SUFFIX) {
    format = 'binary';
    pow1024 = BINARY_SUFFIX[suffix];
  } else if (suffix in DECIMAL_SUFFIX) pow10 += DECIMAL_SUFFIX[suffix];
  else {
    format = 'exponent';
    pow10 += Number(suffix.slice(1));
  }
  scaled *= 1024n ** BigInt(pow1024);
  // In nano units, rounded up (Quantity keeps at most nine decimal places).
  const shift = pow10 + 9;
  let nano: bigint;
  if (shift >= 0) nano = scaled * 10n ** BigInt(shift);
  else {
    const d = 10n ** BigInt(-shift);
    nano = scaled / d + (scaled % d === 0n ? 0n : 1n);
  }
  const prefix = negative && nano !== 0n ? '-' : '';
  if (format === 'binary') {
    if (nano >= 1024n * NANO && nano % NANO === 0n) {
      let n = nano / NANO;
      let e = 0;
      while (e < 6 && n % 1024n === 0n) {
        n /= 1024n;
        e++;
      }
      return `${prefix}${n}${BINARY[e]}`;
    }
    format = 'decimal';
  }
  if (nano === 0n) return '0';
  let mantissa = nano;
  let exponent = -9;
  while (mantissa % 10n === 0n) {
    mantissa /= 10n;
    exponent++;
  }
  const r = ((exponent % 3) + 3) % 3;
  mantissa *= 10n ** BigInt(r);
  exponent -= r;
  const decimalSuffix = DECIMAL_BY_EXPONENT[exponent];
  const out =
    format === 'exponent' || decimalSuffix === undefined
      ? `${mantissa}${exponent === 0 ? '' : `e${exponent}`}`
      : `${mantissa}${decimalSuffix}`;
  return prefix + out;
}
