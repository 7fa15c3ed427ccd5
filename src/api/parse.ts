/** Parsing manifest text (YAML or JSON, multi-document) into plain documents, with limits. */
import { loadAll } from 'js-yaml';
import type { YAMLError } from 'yaml';
import { documentStartLines } from './document-lines';
import { Problem } from './problems';

/** Larger inputs are refused before parsing: no real manifest is near this size. */
export const MAX_MANIFEST_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENTS = 1000;
/** Bounds alias expansion ("billion laughs"). */
const MAX_ALIAS_COUNT = 100;
/** Each document, aliases expanded, measured as JSON: what the renderer and writer will hold. */
export const MAX_EXPANDED_BYTES = MAX_MANIFEST_BYTES;
/** Deeper than any Kubernetes object; bounds the recursion of every later step. */
export const MAX_DEPTH = 100;

/** Manifest text and where it came from. */
export interface ManifestInput {
  /** File name shown in problems (`-` for stdin). */
  readonly source: string;
  readonly text: string;
}

export interface ParsedManifests {
  readonly docs: unknown[];
  /** The 1-based line each of `docs` starts on, when known (problems name the document by it). */
  readonly lines?: number[];
  readonly problems: Problem[];
}

/**
 * Every non-empty document of `text`. Never throws: syntax errors, oversized input and too many
 * documents become problems (with `line N, column M` where known). `source` names the input in
 * messages (a file name, `-` for stdin).
 */
export function parseManifestText(text: string, source: string): ParsedManifests {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_MANIFEST_BYTES) {
    return {
      docs: [],
      problems: [
        {
          path: '',
          message: `${source} is ${bytes} bytes; the limit is ${MAX_MANIFEST_BYTES} bytes (10 MiB)`,
          severity: 'error',
        },
      ],
    };
  }
  const fast = parseCommonYaml(text);
  if (fast) {
    if (fast.length > MAX_DOCUMENTS) return { docs: [], problems: [tooManyDocuments(source, fast.length)] };
    const starts = documentStartLines(text);
    const kept = fast.map((d, i) => ({ d, line: starts[i] })).filter(({ d }) => d !== null && d !== undefined);
    return bounded(
      kept.map(({ d }) => d),
      [],
      starts.length === fast.length ? kept.map(({ line }) => line) : undefined,
    );
  }
  const problems: Problem[] = [];
  const docs: unknown[] = [];
  const docLines: number[] = [];
  let parsed;
  // Loaded here: text the fast path reads never needs the yaml package.
  const yaml = require('yaml') as typeof import('yaml');
  const lines = new yaml.LineCounter();
  try {
    // Not yaml's pretty errors: they append the location to the message and a source excerpt
    // after it, and the CLI contract is one line per problem with the location said once.
    parsed = yaml.parseAllDocuments(text, { lineCounter: lines, prettyErrors: false });
  } catch (e) {
    return {
      docs: [],
      problems: [{ path: '', message: `cannot parse ${source}: ${(e as Error).message}`, severity: 'error' }],
    };
  }
  const all = Array.from(parsed);
  if (all.length > MAX_DOCUMENTS) return { docs: [], problems: [tooManyDocuments(source, all.length)] };
  all.forEach((doc, i) => {
    if (doc.errors.length > 0) {
      for (const err of doc.errors) {
        const at = lines.linePos(err.pos[0]);
        problems.push({
          path: '',
          message: `invalid YAML at line ${at.line}, column ${at.col}: ${yamlMessage(err, text)}`,
          severity: 'error',
        });
      }
      return;
    }
    try {
      const value: unknown = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
      // `---` with nothing (or only comments) after it is an empty document, not a null manifest.
      if (value !== null && value !== undefined) {
        docs.push(value);
        docLines.push(lines.linePos(doc.contents?.range[0] ?? doc.range[0]).line);
      }
    } catch (e) {
      problems.push({
        path: '',
        message: `invalid YAML in document ${i + 1}: ${firstLine((e as Error).message)}`,
        severity: 'error',
      });
    }
  });
  // The parser recursed out of stack on deep nesting: one problem naming the limit, not one per error.
  if (problems.some((p) => STACK_OVERFLOW.test(p.message))) {
    return {
      docs: [],
      problems: [
        { path: '', message: `is nested too deeply to read; the limit is ${MAX_DEPTH} levels`, severity: 'error' },
      ],
    };
  }
  return bounded(docs, problems, docLines);
}

const STACK_OVERFLOW = /Maximum call stack size exceeded|Stack overflow/;

const LONE_SURROGATE_MESSAGE =
  'holds a lone UTF-16 surrogate (an escape such as \\ud800 without its pair), which is not text';

/** Documents within MAX_DEPTH and MAX_EXPANDED_BYTES (with their start lines); the others become problems. */
function bounded(docs: unknown[], problems: Problem[], lines?: number[]): ParsedManifests {
  const kept: unknown[] = [];
  const keptLines: number[] = [];
  docs.forEach((doc, i) => {
    const over = overLimits(doc);
    if (over === undefined) {
      kept.push(doc);
      if (lines) keptLines.push(lines[i]);
    } else problems.push({ path: '', message: `document ${i + 1} ${over}`, severity: 'error' });
  });
  return { docs: kept, ...(lines ? { lines: keptLines } : {}), problems };
}

/**
 * Why `doc` is over a limit, or undefined. Iterative, and stops as soon as a limit is passed: an
 * alias expanding to gigabytes costs no more than the limit to measure, and a cycle (an object
 * built in code that contains itself) ends at the depth limit.
 */
export function overLimits(doc: unknown): string | undefined {
  let size = 0;
  // Two stacks side by side (value, its depth): no pair allocated per value of a large input.
  const values: unknown[] = [doc];
  const depths: number[] = [1];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    if (typeof value === 'string') {
      // A `\ud800`-style escape without its pair: no UTF-8 output (and no kubectl) can hold it.
      if (!value.isWellFormed()) return LONE_SURROGATE_MESSAGE;
      size += value.length + 2;
    } else if (value === null || typeof value !== 'object') size += 8;
    else {
      if (depth > MAX_DEPTH) return `is nested more than ${MAX_DEPTH} levels deep; the limit is ${MAX_DEPTH}`;
      size += 2;
      if (Array.isArray(value))
        for (const v of value) {
          values.push(v);
          depths.push(depth + 1);
        }
      else
        for (const k of Object.keys(value)) {
          if (!k.isWellFormed()) return LONE_SURROGATE_MESSAGE;
          size += k.length + 3;
          values.push((value as Record<string, unknown>)[k]);
          depths.push(depth + 1);
        }
    }
    if (size > MAX_EXPANDED_BYTES) {
      return `is more than ${MAX_EXPANDED_BYTES} bytes with its aliases expanded; the limit is ${MAX_EXPANDED_BYTES} bytes (10 MiB)`;
    }
  }
  return undefined;
}

const DUPLICATE_KEY_TEXT = /^(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\n]|'')*)'|([^\s:#,{}[\]][^:#\n,{}]*?))\s*:/;

/** One line: a duplicate key names the key; other messages keep only their first line. */
function yamlMessage(err: YAMLError, text: string): string {
  if (err.code === 'DUPLICATE_KEY') {
    // yaml points at the key's first character: read the key (plain or quoted) from there.
    const key = DUPLICATE_KEY_TEXT.exec(text.slice(err.pos[0], err.pos[0] + 1024))
      ?.slice(1)
      .find((k) => k !== undefined);
    return key === undefined
      ? 'map keys must be unique'
      : `duplicate key ${JSON.stringify(key)}: map keys must be unique`;
  }
  return firstLine(err.message);
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/:\s*$/, '');
}

const tooManyDocuments = (source: string, count: number): Problem => ({
  path: '',
  message: `${source} has ${count} documents; the limit is ${MAX_DOCUMENTS}`,
  severity: 'error',
});

/**
 * The common case, ~5x faster: js-yaml with the same YAML 1.2 core schema as `yaml` (the same
 * values for the same text; test/api/parse.test.ts compares them). Undefined sends the text to
 * `yaml`, which words syntax errors, bounds alias expansion and applies `%YAML 1.1`: any error,
 * any alias or unknown tag, and any directive.
 */
export function parseCommonYaml(text: string): unknown[] | undefined {
  if (/^%/m.test(text)) return undefined;
  try {
    return loadAll(text, { maxAliases: 0 });
  } catch {
    return undefined;
  }
}
