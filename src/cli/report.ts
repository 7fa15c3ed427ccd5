/**
 * Exit codes and problem lines: the CLI's contract with scripts and CI.
 * Commands return an exit code instead of calling process.exit, so piped
 * stdout is always flushed before the process ends.
 */
import { problemLine, SourcedProblem } from '../api/problems';
import { writeStderr } from './stdio';

// The CLI's commands print through this module; a line with input in it goes through `oneLine`.
export { oneLine } from '../api/problems';

export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/**
 * A failure the user can act on, found outside manifest validation (an unreadable
 * settings file, a non-empty `-o DIR`): its message is printed as it is, with no stack.
 */
export class CliError extends Error {
  constructor(
    message: string,
    public readonly exitCode: number = EXIT_INVALID,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Prints every problem, one per line, and returns the exit code they imply. */
export function reportProblems(problems: readonly SourcedProblem[]): number {
  for (const p of problems) writeStderr(`${problemLine(p, p.source)}\n`);
  return problems.some((p) => (p.severity ?? 'error') === 'error') ? EXIT_INVALID : EXIT_OK;
}
