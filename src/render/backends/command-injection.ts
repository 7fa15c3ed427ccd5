/**
 * How multinode launch flags get into the user's command, as upstream does it:
 * - `python3 -m dynamo.<engine> …` as command + args: flags are appended to args; when a flag needs
 *   a shell (arithmetic), the whole line becomes `sh -c "exec …"` so python stays PID 1;
 * - a shell command (`sh -c "… python3 -m dynamo.<engine> …"`): flags are inserted right after the
 *   `dynamo.<engine>` module in the first argument that runs it.
 */
import { engineRunInShell, isPythonCommand } from '../../api/engine-profile';
import { JsonObject } from '../../api/k8s-types';

export interface CommandLine {
  readonly command: string[];
  readonly args: string[];
}

/** The shell upstream uses when it rewrites a command into one script. */
export const BIN_SH = ['/bin/sh', '-c'];
/** The shell of the `exec` wrapper (upstream writes plain `sh` there). */
export const SH = ['sh', '-c'];

/** Command and args of a container as plain string lists. */
export function commandLineOf(container: Readonly<JsonObject>): CommandLine {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return { command: list(container.command), args: list(container.args) };
}

/** Characters after which a word needs quoting (the set upstream checks). */
const NEEDS_QUOTING = /[ \t\n'"\\{}[\]$`!]/;

/** One word of a shell script: double-quoted (with `\ " $ \`` escaped) only when it needs it. */
export function shellWord(word: string): string {
  if (!NEEDS_QUOTING.test(word)) return word;
  return `"${word.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
}

/**
 * A word for a script that itself sits inside single quotes (`bash -c '…'`): as `shellWord`, and a
 * single quote closes the outer quotes, adds a quoted `'`, and reopens them.
 */
export function shellWordInSingleQuotes(word: string): string {
  return shellWord(word).replace(/'/g, `'"'"'`);
}

/** Command and args as one line of shell words. */
export function shellLine(line: CommandLine, quote: (w: string) => string = shellWord): string {
  return [...line.command, ...line.args].map(quote).join(' ');
}

export function injectFlags(
  line: CommandLine,
  flags: readonly string[],
  needsShell: boolean,
  engine: string,
): CommandLine {
  if (isPythonCommand(line.command)) {
    if (!needsShell) return { command: [...line.command], args: [...line.args, ...flags] };
    return { command: [...SH], args: [`exec ${shellLine(line)} ${flags.join(' ')}`] };
  }
  const run = engineRunInShell(engine);
  const args = [...line.args];
  const at = args.findIndex((a) => run.test(a));
  // Upstream leaves a command it cannot find the engine in unchanged (validation warns about it).
  if (at >= 0) args[at] = args[at].replace(engineRunInShell(engine, 'g'), (m) => `${m} ${flags.join(' ')}`);
  return { command: [...line.command], args };
}
