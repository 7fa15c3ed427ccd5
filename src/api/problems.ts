import { nearestName } from './nearest-name';

/**
 * Validation problems with field paths.
 *
 * Every check collects problems instead of throwing, so a user sees all of them
 * at once. Front ends decide how to report them (CLI: one line per problem;
 * cdk8s: construct validation; Pulumi: an error on the component).
 */
export interface Problem {
  /** Dotted / indexed path from the manifest root, e.g. `spec.services[Frontend].replicas`. */
  readonly path: string;
  readonly message: string;
  /** Warnings are reported but do not fail validation (upstream admission warnings). */
  readonly severity?: 'error' | 'warning';
}

/** A problem together with the input it came from (a file name, `-` for stdin). */
export interface SourcedProblem extends Problem {
  readonly source: string;
}

/**
 * The message for a field the schema does not declare, in the API server's and kubectl's words
 * (what users search for), with the nearest of the `known` fields when one is a likely typo; the
 * problem's path says where it is.
 */
export function unknownFieldMessage(field: string, known: Iterable<string> = []): string {
  const near = nearestName(field, known);
  return `unknown field ${JSON.stringify(field)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`;
}

/** Thrown by front ends when a model has error-level problems. */
export class ValidationError extends Error {
  public readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[], source?: string) {
    super(formatProblems(problems, source));
    this.name = 'ValidationError';
    this.problems = problems;
  }
}

export function errorsOf(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => (p.severity ?? 'error') === 'error');
}

/** `<source>: <path>: <message>` lines, as the CLI contract prints them. */
export function formatProblems(problems: readonly Problem[], source?: string): string {
  return problems.map((p) => problemLine(p, source)).join('\n');
}

/**
 * One problem as `[<source>: ][<path>: ][warning: ]<message>`, on one printable line: input reaches
 * paths and messages, and must not break or forge a line, or reach the terminal as a command.
 */
export function problemLine(p: Problem, source?: string): string {
  const message = p.severity === 'warning' ? `warning: ${p.message}` : p.message;
  return oneLine([source, p.path, message].filter((s) => s !== undefined && s !== '').join(': '));
}

/**
 * Characters from input that could break a line, forge one or reach the terminal as a command:
 * C0 and C1 controls, DEL, line and paragraph separators, and bidirectional overrides.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` as one printable line: unsafe characters become escapes (`\n`, `\x1b`, `\u2028`). */
export function oneLine(text: string): string {
  return text.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
  });
}
