/**
 * The YAML emitter against three readers and the emitter it replaced, on fuzzed JSON data:
 * - round trip: YAML 1.2 (`yaml`), YAML 1.1 (`yaml` with version 1.1, the way kubectl's go-yaml
 *   v2 reads) and js-yaml all read back exactly the data written;
 * - byte-stable: writing what was read back gives the same bytes;
 * - same bytes as `yaml`'s stringify (sorted keys, no folding) wherever the style was not changed
 *   on purpose (strings YAML 1.1 reads as non-strings are quoted now; see yaml-scalar.ts).
 */
import * as jsYaml from 'js-yaml';
import { parse, stringify } from 'yaml';
import { toYaml, toYamlStream } from '../../src/output/yaml';
import { readsAsNonString } from '../../src/output/yaml-scalar';
import { seededRng as random } from '../cluster/fuzz-mutate';

/** Strings that YAML reads as something else, or that break plain style, in some position. */
const TRICKY = [
  'on',
  'On',
  'off',
  'y',
  'Y',
  'n',
  'N',
  'yes',
  'No',
  'true',
  'False',
  'TRUE',
  'null',
  'Null',
  '~',
  '',
  '<<',
  '=',
  '0',
  '7',
  '-1',
  '+1',
  '0755',
  '0o17',
  '0x1F',
  '0b101',
  '1_000',
  '1:20',
  '-1:30:00',
  '1.5',
  '.5',
  '1.',
  '.',
  '-.',
  '1e3',
  '1E-3',
  '-.inf',
  '.Inf',
  '.NaN',
  '+inf',
  '-Infinity',
  '+nan',
  '0x1p-2',
  '2024-01-01',
  '2001-12-14t21:59:43.10-05:00',
  '---',
  '...',
  '--- x',
  '%YAML',
  '- a',
  '-',
  '?',
  '? x',
  ':',
  ':x',
  'a:',
  'a: b',
  'a:b',
  'a #b',
  'a#b',
  '#x',
  ' lead',
  'trail ',
  'multi\nline',
  'multi\nline\n',
  'x\n\n',
  '\n',
  '\n\n',
  ' \n',
  '  \n  x',
  'x\n  y',
  'a\n#b',
  'x\n  ',
  'x\r\ny',
  "it's",
  'say "hi"',
  `both " and '`,
  'tab\tx',
  'ünïcode ✓',
  'emoji 😀',
  '\u0085x',
  'a\u00a0b',
  '\u2028',
  '\u0000',
  '\u0007\u001b',
  '\ud800',
  'a\\b',
  '@x',
  '`x',
  '[x',
  'x]',
  '{x}',
  'x,y',
  '&a',
  '*a',
  '!tag',
  '|',
  '>',
  "'",
  '"',
  '0.6.1',
  '1Gi',
  '100m',
  'nvidia.com/gpu',
  'http://x:80/y',
  'a=b',
  'key: value\nnext: 1',
];

const PIECES = [
  'a',
  'b',
  'Z',
  '0',
  '9',
  '-',
  '_',
  '.',
  ':',
  ' ',
  '  ',
  '#',
  '\n',
  '\t',
  '"',
  "'",
  '\\',
  '/',
  '{',
  '[',
  ']',
  ',',
  '&',
  '*',
  '!',
  '|',
  '>',
  '%',
  '@',
  '`',
  '?',
  '~',
  '=',
  '<',
  'é',
  '✓',
  '😀',
  '\r',
  '\u0001',
  '\u00a0',
  'on',
  'y',
  'null',
  '1',
  '0x',
];

function randomString(r: () => number): string {
  if (r() < 0.3) return TRICKY[Math.floor(r() * TRICKY.length)];
  let s = '';
  const n = Math.floor(r() * 8);
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(r() * PIECES.length)];
  return s;
}

function randomScalar(r: () => number): unknown {
  const x = r();
  if (x < 0.55) return randomString(r);
  if (x < 0.7) return Math.floor((r() - 0.5) * 2 ** (r() * 60));
  if (x < 0.78) return (r() - 0.5) * 10 ** Math.floor(r() * 40 - 20);
  if (x < 0.82) return [0, -0, 1e21, 5e-324, Number.MAX_SAFE_INTEGER, -Infinity, Infinity][Math.floor(r() * 7)];
  if (x < 0.9) return r() < 0.5;
  return null;
}

function randomValue(r: () => number, depth: number): unknown {
  const x = r();
  if (depth > 4 || x < 0.45) return randomScalar(r);
  if (x < 0.75) {
    const o: Record<string, unknown> = {};
    const n = Math.floor(r() * 5);
    for (let i = 0; i < n; i++) o[randomString(r)] = r() < 0.05 ? undefined : randomValue(r, depth + 1);
    return o;
  }
  return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
}

/** What a reader gets back: JSON's view (undefined keys dropped, undefined items null), NaN kept out of the data. */
function expected(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : expected(v)));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, expected(v)]),
    );
  }
  return value;
}

function strings(value: unknown, keys: string[] = [], values: string[] = []): { keys: string[]; values: string[] } {
  if (typeof value === 'string') values.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, keys, values));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      keys.push(k);
      strings(v, keys, values);
    }
  }
  return { keys, values };
}

/**
 * Strings whose style was changed on purpose: those YAML 1.1 reads as non-strings (quoted now),
 * keys that start like a document marker (always quoted now), and double-quoted strings with line
 * breaks (`\n` escapes now where `yaml` folds long ones over several lines).
 */
function styleChanged(s: string, isKey: boolean): boolean {
  if (readsAsNonString(s) || /^(---|\.\.\.)/.test(s)) return true;
  // `yaml` writes these as `|` blocks that read back with their blanks lost.
  if (/^[\n\t ]*[\t ][\n\t ]*$/.test(s) && s.includes('\n')) return true;
  // What kubectl's reader (go-yaml v2) needs that `yaml` does not do: DEL, C1 controls, the
  // Unicode line separators and U+FEFF/U+FFFE/U+FFFF escaped; no `|` block starting with a tab.
  if (/[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/.test(s) || /^\n*\t/.test(s)) return true;
  // eslint-disable-next-line no-control-regex -- control characters force double quotes
  const doubleQuoted = isKey || /[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(s) || /\n[\t ]+$/.test(s);
  return s.includes('\n') && doubleQuoted && (s.includes(' \n') || JSON.stringify(s).length >= 40);
}

const YAML_PACKAGE_OPTIONS = { sortMapEntries: true, lineWidth: 0, aliasDuplicateObjects: false } as const;
const CASES = 3000;

describe('toYaml on fuzzed JSON data', () => {
  const r = random(20261123);
  const values = Array.from({ length: CASES }, () => randomValue(r, 0));

  test('YAML 1.2, YAML 1.1 and js-yaml read back exactly the data written', () => {
    for (const value of values) {
      const text = toYaml(value);
      const want = expected(value);
      expect({ text, read: parse(text) }).toEqual({ text, read: want });
      expect({ text, read: parse(text, { version: '1.1' }) }).toEqual({ text, read: want });
      expect({ text, read: jsYaml.load(text) }).toEqual({ text, read: want });
    }
  });

  test('output is byte-stable: the same data always gives the same bytes', () => {
    for (const value of values) {
      const text = toYaml(value);
      expect(toYaml(parse(text))).toBe(text);
      expect(toYaml(structuredClone(value))).toBe(text);
    }
  });

  test('same bytes as the yaml package wherever the style was not changed on purpose', () => {
    let compared = 0;
    for (const value of values) {
      // A document that is one multi-line string is one line here, a block there.
      if (typeof value === 'string' && value.includes('\n')) continue;
      const { keys, values: vals } = strings(value);
      if (keys.some((k) => styleChanged(k, true)) || vals.some((v) => styleChanged(v, false))) continue;
      compared++;
      expect(toYaml(value)).toBe(stringify(value, YAML_PACKAGE_OPTIONS));
    }
    // The filter must leave most cases in, or this test would prove little.
    expect(compared).toBeGreaterThan(CASES / 2);
  });
});

describe("toYaml for kubectl's reader (go-yaml v2)", () => {
  test.each([
    [
      'DEL and C1 controls are escaped, even inside quotes (go-yaml refuses them raw)',
      'a\x7fb\x85c\x9f',
      '"a\\x7fb\\x85c\\x9f"',
    ],
    [
      'line and paragraph separators are escaped (go-yaml folds them as line breaks)',
      'a\u2028b\u2029',
      '"a\\u2028b\\u2029"',
    ],
    [
      'a byte order mark and the noncharacters U+FFFE, U+FFFF are escaped',
      '\ufeffa\ufffe\uffff',
      '"\\ufeffa\\ufffe\\uffff"',
    ],
    ['a multi-line string whose first line starts with a tab is not a | block', '\tx\ny', '"\\tx\\ny"'],
    ['an exponent without digits before it is quoted', 'E1', '"E1"'],
    // Found by the kubectl-reader fuzz (seed 2): go-yaml v2 reads a signed binary after `0b` as an integer.
    ['a signed binary after 0b is quoted', '0b+1', '"0b+1"'],
    // go-yaml v2 deletes every `_` of a scalar starting with a sign or digit before it parses a number (issue 39).
    ['an underscore after a sign is quoted (kubectl reads -_1 as -1)', '-_1', '"-_1"'],
    ['an underscore after a plus sign is quoted', '+_1', '"+_1"'],
    ['an underscore after a base prefix is quoted', '0x_1F', '"0x_1F"'],
    ['a signed binary with underscores is quoted', '-0b_1', '"-0b_1"'],
    ['an underscore after a leading-zero octal digit is quoted', '0_7', '"0_7"'],
    ['an underscore inside an exponent is quoted', '1e_3', '"1e_3"'],
    ['an underscore before a fraction is quoted', '-_.5', '"-_.5"'],
    ['trailing underscores after a sign and digits are quoted', '-1__', '"-1__"'],
    ['an underscore first is a string to every reader and stays plain', '_1', '_1'],
  ])('%s', (_, value, written) => {
    expect(toYaml({ v: value })).toBe(`v: ${written}\n`);
    expect(parse(toYaml({ v: value }), { version: '1.1' })).toEqual({ v: value });
  });
});

describe('toYaml quoting', () => {
  test.each(TRICKY)('%j reads back as the same string, as a value, a list item and a key, in YAML 1.1 and 1.2', (s) => {
    const data = { v: s, l: [s], [s]: 'k' };
    const text = toYaml(data);
    expect(parse(text)).toEqual(data);
    expect(parse(text, { version: '1.1' })).toEqual(data);
    expect(jsYaml.load(text)).toEqual(data);
  });

  test('every string YAML 1.1 reads as a boolean, null, number or date is quoted', () => {
    const text = toYaml({
      a: 'on',
      b: 'y',
      c: 'n',
      d: '0755',
      e: '1_000',
      f: '1:20',
      g: '2024-01-01',
      h: '+inf',
      i: '<<',
      j: '=',
    });
    expect(text).toBe(
      'a: "on"\nb: "y"\nc: "n"\nd: "0755"\ne: "1_000"\nf: "1:20"\ng: "2024-01-01"\nh: "+inf"\ni: "<<"\nj: "="\n',
    );
  });

  test('strings that are strings in every version stay plain', () => {
    expect(
      toYaml({
        image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1',
        memory: '1Gi',
        cpu: '100m',
        tag: '0.6.1',
        on: 'x',
      }),
    ).toBe('cpu: 100m\nimage: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1\nmemory: 1Gi\n"on": x\ntag: 0.6.1\n');
  });

  test('multi-line strings are literal blocks that keep leading spaces and trailing newlines', () => {
    expect(toYaml({ a: 'x\ny', b: 'x\n', c: 'x\n\n', d: '  x\ny' })).toBe(
      'a: |-\n  x\n  y\nb: |\n  x\nc: |+\n  x\n\nd: |2-\n    x\n  y\n',
    );
  });

  test('structure: nested maps and lists, empty collections, compact list items', () => {
    expect(toYaml({ m: { a: [1, { b: [] }, [2, {}]] }, e: {}, u: undefined, n: null })).toBe(
      'e: {}\nm:\n  a:\n    - 1\n    - b: []\n    - - 2\n      - {}\n"n": null\n',
    );
  });

  test('keys longer than YAML allows for implicit keys use the explicit form', () => {
    const key = 'k'.repeat(1100);
    const text = toYaml({ [key]: { a: 1, b: 2 } });
    expect(text).toBe(`? ${key}\n: a: 1\n  b: 2\n`);
    expect(parse(text)).toEqual({ [key]: { a: 1, b: 2 } });
  });

  test('a stream separates documents with ---', () => {
    expect(toYamlStream([{ a: 1 }, { b: 2 }])).toBe('a: 1\n---\nb: 2\n');
  });

  test('values that are not JSON data are refused', () => {
    expect(() => toYaml({ f: () => 1 })).toThrow('toYaml: cannot write a function; only JSON data is supported');
    expect(() => toYaml({ n: 1n })).toThrow('cannot write a bigint');
  });
});
