/**
 * Exit codes and problem lines: the CLI's contract with scripts and CI.
 * Commands return an exit code instead of calling process.exit, so piped
 * stdout is always flushed before the process ends.
 */
import { SourcedProblem } from '../api/problems';

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

/** `<file>: <path>: <message>`, `warning: ` before the message for warnings; empty parts are left out. */
export function problemLine(p: SourcedProblem): string {
  const message = p.severity === 'warning' ? `warning: ${p.message}` : p.message;
  return oneLine([p.source, p.path, message].filter((s) => s !== '').join(': '));
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

/** Prints every problem, one per line, and returns the exit code they imply. */
export function reportProblems(problems: readonly SourcedProblem[]): number {
  for (const p of problems) process.stderr.write(`${problemLine(p)}\n`);
  return problems.some((p) => (p.severity ?? 'error') === 'error') ? EXIT_INVALID : EXIT_OK;
}
