/**
 * Problems with options a command turned into a library's options, said in the user's words:
 * `dynamo-iac <command>: <flag> "<value>": <message>`, one line each, every one at once.
 */
import type { Problem } from '../api/problems';
import { oneLine } from './report';

/** Which flag an option path comes from: the first pattern that matches names it. */
export type FlagOf = readonly (readonly [RegExp, string])[];

/** One line per problem, each once (one flag may feed several options). */
export function flagProblemLines(
  command: string,
  problems: readonly Problem[],
  flagOf: FlagOf,
  options: object,
): string[] {
  const lines = problems.map((p) => {
    const flag = flagOf.find(([path]) => path.test(p.path))?.[1] ?? p.path;
    const value = p.path
      .split(/[.[\]]+/)
      .filter(Boolean)
      .reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], options);
    return oneLine(
      `dynamo-iac ${command}: ${flag}${value === undefined ? '' : ` ${JSON.stringify(value)}`}: ${p.message}`,
    );
  });
  return [...new Set(lines)];
}
