/** Running the search tool's processes: output captured, never a shell, never inherited stdio. */
import { spawn } from 'child_process';

export interface CommandResult {
  /** Exit code; undefined when the process could not start or was killed. */
  readonly code?: number;
  /** stdout and stderr, interleaved as they arrived. */
  readonly output: string;
  /** Why the process did not run or end normally (ENOENT, a signal). */
  readonly failure?: string;
}

export function runCommand(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let child;
    try {
      child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      resolve({ output: '', failure: (e as Error).message });
      return;
    }
    child.stdout.on('data', (b: Buffer) => chunks.push(b));
    child.stderr.on('data', (b: Buffer) => chunks.push(b));
    child.on('error', (e) => resolve({ output: Buffer.concat(chunks).toString('utf8'), failure: e.message }));
    child.on('close', (code, signal) =>
      resolve({
        output: Buffer.concat(chunks).toString('utf8'),
        ...(code === null ? { failure: `killed by ${signal}` } : { code }),
      }),
    );
  });
}

/** The last lines of a tool's output, for an error message. */
export function tail(output: string, lines = 8): string {
  return output
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l && !/DeprecationWarning|sys\.exit\(main\(\)\)|aisimulate/.test(l))
    .slice(-lines)
    .join('\n');
}
