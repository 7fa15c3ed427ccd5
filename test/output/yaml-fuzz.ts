/**
 * Seeded random strings for the YAML writer's round-trip tests: every Unicode plane, control
 * characters, YAML indicators, and words and numbers some YAML reader takes for something else.
 * The same seed always gives the same cases, so a failure names a reproducible case.
 */

/** The cluster fuzz's seeded generator (mulberry32): the same seed always gives the same cases. */
export { seededRng as random } from '../cluster/fuzz-mutate';

/** Whole strings that YAML 1.1, 1.2 or go-yaml v2 read as null, booleans, numbers or dates. */
const WORDS = [
  '',
  '~',
  'null',
  'Null',
  'NULL',
  'true',
  'True',
  'false',
  'FALSE',
  'y',
  'Y',
  'n',
  'N',
  'yes',
  'No',
  'on',
  'OFF',
  '<<',
  '=',
  '0',
  '-0',
  '+1',
  '007',
  '0o12',
  '0O17',
  '0x1F',
  '0X1f',
  '0b101',
  '1_000',
  '1e3',
  '1E-3',
  '.5',
  '5.',
  '+.5e3',
  '.inf',
  '-.Inf',
  '+.INF',
  '.nan',
  '.NaN',
  'inf',
  'NaN',
  'Infinity',
  '-infinity',
  '1:20',
  '190:20:30.15',
  '2024-01-01',
  '2001-12-14t21:59:43.10-05:00',
  '2001-12-14 21:59:43.10 -5',
  '0x1p3',
  '1__0',
  '-_1',
  '+_1',
  '_1',
  '1_',
  '-1__',
  '0x_1F',
  '-_0x_1f',
  '0b_1',
  '-0b_1',
  '0o_7',
  '0_7',
  '1e_3',
  '1_e3',
  '-_.5',
  '+1_000.5e+3',
  '0.',
  '._',
  '-.',
  '---',
  '...',
  '- a',
  '? a',
  ': a',
  'a: b',
  'a #b',
  '#a',
  '&a',
  '*a',
  '!a',
  '|',
  '>',
  "'",
  '"',
  '%a',
  '@a',
  '`a',
  '[a]',
  '{a: 1}',
  'a,b',
  ' a',
  'a ',
  '\t',
  'a:',
  ':',
  '-',
  '?',
  '\ufeffa',
  'a\u2028b',
  'a\u2029',
  '\u0085',
  'a\rb',
];

/** Characters that matter to a YAML reader, to build strings from. */
const SPECIAL = [
  ...' \t\n\r:#-?,[]{}&*!|>\'"%@`~.+_0123456789eEoOxXbBinfINFaN',
  '\u0000',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ufffd',
  '\ufffe',
  '\uffff',
  '\u{10000}',
  '\u{1f642}',
  '\u{10ffff}',
  '\u{e0001}',
  '\\',
  '\\n',
  '\\x41',
  '\\u0041',
];

/** A code point from any plane (never a lone surrogate: those cannot be UTF-8). */
function anyCodePoint(next: () => number): string {
  const plane = next();
  let cp: number;
  if (plane < 0.35) cp = Math.floor(next() * 0x80);
  else if (plane < 0.45) cp = 0x80 + Math.floor(next() * 0x80);
  else if (plane < 0.85) cp = Math.floor(next() * 0x10000);
  else cp = 0x10000 + Math.floor(next() * 0x100000);
  if (cp >= 0xd800 && cp <= 0xdfff) cp += 0x800;
  return String.fromCodePoint(cp);
}

/**
 * A random YAML 1.1 number form (or something one character away from it): a sign, a base
 * prefix (`0b`, `0o`, `0x`, a leading zero), digits, a fraction, an exponent, base-60 parts,
 * `.inf` / `.nan`, with `_` anywhere: go-yaml v2 deletes every `_` before it parses a number.
 */
export function numberForm(next: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const digits = (alphabet: string) =>
    Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick([...alphabet])).join('');
  const body = pick([
    () => digits('0123456789'),
    () => `${pick(['0b', '0B'])}${digits('01')}`,
    () => `${pick(['0o', '0O', '0'])}${digits('01234567')}`,
    () => `${pick(['0x', '0X'])}${digits('0123456789abcdefABCDEF')}`,
    () => `${digits('0123456789')}.${digits('0123456789')}`,
    () => `.${digits('0123456789')}`,
    () => `${digits('0123456789')}${pick(['e', 'E'])}${pick(['', '+', '-'])}${digits('0123456789')}`,
    () => `${digits('0123456789')}:${digits('012345')}${pick(['', `:${digits('012345')}`])}`,
    () => pick(['.inf', '.Inf', '.INF', '.nan', '.NaN', 'inf', 'nan']),
  ])();
  let s = `${pick(['', '', '-', '+'])}${body}`;
  // Underscores anywhere, even right after the sign or the prefix (`-_1`, `0x_1`).
  const underscores = Math.floor(next() * 3);
  for (let i = 0; i < underscores; i++) {
    const at = Math.floor(next() * (s.length + 1));
    s = `${s.slice(0, at)}_${s.slice(at)}`;
  }
  return s;
}

/** One random string. */
export function randomString(next: () => number): string {
  const kind = next();
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  if (kind < 0.25) return pick(WORDS);
  if (kind < 0.35) return numberForm(next);
  const length = Math.floor(next() * (next() < 0.9 ? 12 : 200));
  let s = '';
  for (let i = 0; i < length; i++) {
    const c = next();
    s += c < 0.45 ? pick(SPECIAL) : c < 0.55 ? pick(WORDS) : anyCodePoint(next);
  }
  return s;
}

/** A document with random strings in every place a string can be: values, keys, list items, nesting. */
export function randomDocument(next: () => number, strings = 8): Record<string, unknown> {
  const s = () => randomString(next);
  const values = Array.from({ length: strings }, s);
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'fuzz', annotations: Object.fromEntries(values.slice(0, 3).map((v) => [v, s()])) },
    data: Object.fromEntries(values.map((v, i) => [`k${i}`, v])),
    list: values,
    nested: [{ [s()]: [s(), { [s()]: s() }] }],
  };
}
