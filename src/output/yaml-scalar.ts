/**
 * How one string, number or boolean is written in block YAML: plain when every reader takes it
 * back as the same value, quoted or as a literal block otherwise.
 *
 * "Every reader" is the point: kubectl, Flux and Helm read YAML 1.1 (sigs.k8s.io/yaml on go-yaml
 * v2), where `on`, `y`, `no`, `0755`, `1_000`, `1:20` and `2024-01-01` are not strings, while
 * most JavaScript and Python tools read YAML 1.2. A string that either version reads as anything
 * else is quoted.
 *
 * The style otherwise follows the `yaml` package's (the emitter the project used before), so
 * the bytes stayed the same: double quotes unless the string holds `"` and no `'`, `|` blocks for
 * multi-line strings, no line folding.
 */

/**
 * Characters only double quotes can write, as escapes: C0 and C1 controls and DEL (go-yaml v2,
 * kubectl's reader, refuses them raw, even inside quotes), NEL and the Unicode line and paragraph
 * separators (YAML 1.1 line breaks: go-yaml folds them, even inside quotes), U+FEFF (a byte order
 * mark), the noncharacters U+FFFE and U+FFFF (refused raw), and lone surrogates.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPES = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\u{d800}-\u{dfff}]/u;
/** Of NEEDS_ESCAPES, those JSON.stringify writes raw. */
const RAW_IN_JSON = /[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/g;

/**
 * A one-line string that cannot be plain: it starts with an indicator or whitespace, is a lone
 * `-` / `?` or starts with one followed by a blank, holds `: ` or ` #`, or ends in a blank or `:`.
 */
const NOT_PLAIN = /^[\t ,[\]{}#&*!|>'"%@`]|^[-?]([\t ]|$)|:[\t ]|[\t ]#|[\t :]$/;

/** Words YAML 1.1 or 1.2 reads as null, a boolean or a merge / value key. */
const NON_STRING_WORDS = new Set([
  '',
  '~',
  'null',
  'Null',
  'NULL',
  'true',
  'True',
  'TRUE',
  'false',
  'False',
  'FALSE',
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'on',
  'On',
  'ON',
  'off',
  'Off',
  'OFF',
  '<<',
  '=',
]);

/**
 * Numbers as either version (or Go's number parsing in go-yaml v2) reads them: decimal with
 * `_` separators, leading zeros (1.1 octal) and exponents (the `yaml` package's 1.1 schema even reads `.` as a
 * float); 0b / 0o / 0x; hexadecimal floats;
 * base 60 (`1:20`); infinities and NaN; and anything that starts like a date (1.1 timestamps).
 */
const NUMBER_LIKE = [
  /^[-+]?(\.[0-9_]*|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$/,
  /^[-+]?0([bB][01_]+|[oO][0-7_]+|[xX][0-9a-fA-F_]+)$/,
  // go-yaml v2 reads the digits after a `0b` prefix with Go's ParseInt, which takes a sign: `0b+1` is 1.
  /^[-+]?0[bB][-+][01_]+$/,
  /^[-+]?0[xX][0-9a-fA-F_]*(\.[0-9a-fA-F_]*)?[pP][-+]?[0-9]+$/,
  /^[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$/,
  /^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$|^[-+](inf|infinity|nan)$/i,
  /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt\t ]|$)/,
  // The `yaml` package's 1.1 schema reads an exponent without digits before it (`E1`) as a float.
  /^[-+]?[eE][-+]?[0-9]+$/,
];

/** A first character that can start a number: the cheap test before the regular expressions. */
const NUMBER_START = /^[-+.0-9eE]/;

/** True when a YAML 1.1 or 1.2 reader would take the plain form of `s` as something other than that string. */
export function readsAsNonString(s: string): boolean {
  if (NON_STRING_WORDS.has(s)) return true;
  if (!NUMBER_START.test(s)) return false;
  // go-yaml v2 deletes every `_` of a plain scalar that starts with a sign or a digit before it
  // parses the number: `-_1`, `0x_1F` and `1e_3` are numbers to kubectl.
  const withoutUnderscores = SIGN_OR_DIGIT.test(s) ? s.replaceAll('_', '') : s;
  return NUMBER_LIKE.some((re) => re.test(s) || re.test(withoutUnderscores));
}

const SIGN_OR_DIGIT = /^[-+0-9]/;

/** A line starting with `---` or `...` would end the document if it ever stood at column 0. */
const DOCUMENT_MARKER = /^(---|\.\.\.)/;

/**
 * Multi-line strings a `|` block cannot hold: a last line of only blanks (it would read as
 * indentation), nothing but blanks and line breaks with a blank among them, or a first line
 * that starts with a tab (go-yaml v2, kubectl's reader, takes it for indentation and fails).
 */
const NO_LITERAL_BLOCK = /\n[\t ]+$|^[\n\t ]*[\t ][\n\t ]*$|^\n*\t/;

/**
 * The written forms of the strings seen so far: rendered objects repeat the same keys and many
 * of the same values (labels, images, names) thousands of times, and a lookup costs far less
 * than the tests above. Bounded, so a stream of distinct strings costs no more memory than that.
 */
const MEMO_MAX = 1 << 16;
/** Longer strings are seldom repeated, and keeping them would hold on to more memory. */
const MEMO_MAX_LENGTH = 256;
const keyForms = new Map<string, string>();
const valueForms = new Map<string, string>();

/** A string in value position (after `key: ` or `- `); `indent` is the indentation of a block's lines. */
export function stringValue(s: string, indent: string): string {
  let form = valueForms.get(s);
  if (form !== undefined) return form;
  if (s.includes('\n'))
    return NEEDS_ESCAPES.test(s) || NO_LITERAL_BLOCK.test(s) ? doubleQuoted(s) : literalBlock(s, indent);
  // A one-line string is written the same at any indentation.
  form = NEEDS_ESCAPES.test(s) ? doubleQuoted(s) : NOT_PLAIN.test(s) || readsAsNonString(s) ? quoted(s) : s;
  if (valueForms.size < MEMO_MAX && s.length <= MEMO_MAX_LENGTH) valueForms.set(s, form);
  return form;
}

/** A mapping key, or a document that is a single string: always on one line. */
export function stringKey(s: string): string {
  let form = keyForms.get(s);
  if (form !== undefined) return form;
  if (NEEDS_ESCAPES.test(s) || s.includes('\n')) form = doubleQuoted(s);
  else if (NOT_PLAIN.test(s) || DOCUMENT_MARKER.test(s) || readsAsNonString(s)) form = quoted(s);
  else form = s;
  if (keyForms.size < MEMO_MAX && s.length <= MEMO_MAX_LENGTH) keyForms.set(s, form);
  return form;
}

export function numberValue(n: number): string {
  if (Number.isNaN(n)) return '.nan';
  if (!Number.isFinite(n)) return n > 0 ? '.inf' : '-.inf';
  return Object.is(n, -0) ? '-0' : String(n);
}

/** Single quotes for a one-line string with `"` and no `'` (nothing to escape); double quotes otherwise. */
function quoted(s: string): string {
  return s.includes('"') && !s.includes("'") ? `'${s}'` : doubleQuoted(s);
}

/** YAML's short escapes where JSON would write `\u00XX`. */
const SHORT_ESCAPES: Record<string, string> = { '00': '\\0', '07': '\\a', '0b': '\\v', '1b': '\\e' };

/** JSON's double-quoted form is valid YAML; control characters get YAML's shorter escapes. */
function doubleQuoted(s: string): string {
  const json = JSON.stringify(s).replace(RAW_IN_JSON, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16)}` : `\\u${code.toString(16)}`;
  });
  if (!json.includes('\\u00')) return json;
  return json.replace(/\\(\\|u00([0-9a-f]{2}))/g, (all, _e: string, hex: string | undefined) =>
    hex === undefined ? all : (SHORT_ESCAPES[hex] ?? `\\x${hex}`),
  );
}

/**
 * A `|` block. Its header says how trailing newlines are kept (`-` none, nothing for one, `+`
 * all) and gives the indentation (`2`) when the text starts with spaces, which the reader would
 * otherwise take for indentation. Empty lines carry no indentation, except inside the leading
 * and trailing runs of blank lines, where the reader needs it to keep them.
 */
function literalBlock(s: string, indent: string): string {
  let bodyEnd = s.length;
  while (bodyEnd > 0 && ' \t\n'.includes(s[bodyEnd - 1])) bodyEnd--;
  let trailing = s.slice(bodyEnd);
  const firstNewline = trailing.indexOf('\n');
  const chomp = firstNewline === -1 ? '-' : bodyEnd === 0 || firstNewline !== trailing.length - 1 ? '+' : '';
  if (trailing.endsWith('\n')) trailing = trailing.slice(0, -1);
  trailing = trailing.replace(/\n+(?!\n|$)/g, `$&${indent}`);

  let leadEnd = 0;
  let lastLeadNewline = -1;
  let startsWithSpace = false;
  for (; leadEnd < bodyEnd; leadEnd++) {
    const c = s[leadEnd];
    if (c === ' ') startsWithSpace = true;
    else if (c === '\n') lastLeadNewline = leadEnd;
    else break;
  }
  const leading = s.slice(0, lastLeadNewline + 1).replace(/\n+/g, `$&${indent}`);
  const body = s.slice(lastLeadNewline + 1, bodyEnd).replace(/\n+/g, `$&${indent}`);
  return `|${startsWithSpace ? '2' : ''}${chomp}\n${indent}${leading}${body}${trailing}`;
}
