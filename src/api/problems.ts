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
 * (what users search for); the problem's path says where it is.
 */
export function unknownFieldMessage(field: string): string {
  return `unknown field ${JSON.stringify(field)}`;
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

/** One problem as `[<source>: ][<path>: ]<message>`. */
export function problemLine(p: Problem, source?: string): string {
  return [source, p.path, p.message].filter((s) => s !== undefined && s !== '').join(': ');
}
