/** Runs the built bin the way a user does: a child process, from the repository root. */
import { spawnSync } from 'child_process';
import * as path from 'path';

export const ROOT = path.join(__dirname, '..', '..');
const BIN = path.join(ROOT, 'bin', 'dynamo-iac');

export const FIXTURES = 'test/fixtures';
export const CLI_FIXTURES = 'test/fixtures/cli';

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function run(args: string[], options: { input?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...(options.env ? { env: options.env } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** stderr split into lines, without the final empty one. */
export const lines = (text: string) => text.split('\n').filter((l) => l !== '');
