/**
 * The search tool's private Python environment: a venv under the user's cache, created on first
 * use from PyPI with the pinned version, reused afterwards. A half-built venv is never reused: a
 * marker file written last says it is complete.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Progress } from '../progress';
import { runCommand, tail } from './command';
import { AIC_PACKAGE, AIC_PYTHON, AIC_VERSION } from './tool';

/** The search tool cannot be installed or run: one message, nothing written. */
export class SearchToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchToolError';
  }
}

export interface ToolEnvironment {
  /** The venv's `aiconfigurator` executable. */
  readonly executable: string;
  readonly venv: string;
}

const READY_MARKER = '.dynamo-iac-ready';

/** `$DYNAMO_IAC_CACHE_DIR`, else `$HOME/.cache/dynamo-iac`. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DYNAMO_IAC_CACHE_DIR || path.join(os.homedir(), '.cache', 'dynamo-iac');
}

export const venvDir = (env: NodeJS.ProcessEnv = process.env) =>
  path.join(cacheDir(env), `${AIC_PACKAGE}-${AIC_VERSION}`);

/** The venv, created first when missing or incomplete. */
export async function ensureTool(progress: Progress, env: NodeJS.ProcessEnv = process.env): Promise<ToolEnvironment> {
  const venv = venvDir(env);
  const executable = path.join(venv, 'bin', AIC_PACKAGE);
  if (isReady(venv, executable)) return { executable, venv };
  const release = await lockInstall(venv);
  try {
    // Another process may have finished the install while this one waited.
    if (isReady(venv, executable)) return { executable, venv };
    const python = await findPython(env);
    const done = progress.step(
      `installing ${AIC_PACKAGE} ${AIC_VERSION} into ${venv} (first use only: about 850 MB from PyPI)`,
    );
    fs.rmSync(venv, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(venv), { recursive: true });
    const steps: [string, string[]][] = [
      [python, ['-m', 'venv', venv]],
      [
        path.join(venv, 'bin', 'python'),
        [
          '-m',
          'pip',
          'install',
          '--disable-pip-version-check',
          '--no-input',
          '--quiet',
          `${AIC_PACKAGE}==${AIC_VERSION}`,
        ],
      ],
    ];
    for (const [command, args] of steps) {
      const result = await runCommand(command, args, env);
      if (result.code !== 0) {
        done('failed');
        fs.rmSync(venv, { recursive: true, force: true });
        throw new SearchToolError(
          `cannot install ${AIC_PACKAGE} ${AIC_VERSION} from PyPI into ${venv} (${path.basename(command)} ${args.slice(0, 3).join(' ')} ${result.failure ?? `exited ${result.code}`}):\n${tail(result.output)}`,
        );
      }
    }
    if (!fs.existsSync(executable)) {
      done('failed');
      throw new SearchToolError(
        `${AIC_PACKAGE} ${AIC_VERSION} installed into ${venv} without its ${AIC_PACKAGE} command`,
      );
    }
    fs.writeFileSync(
      path.join(venv, READY_MARKER),
      `${JSON.stringify({ package: AIC_PACKAGE, version: AIC_VERSION, python })}\n`,
    );
    done('done');
    return { executable, venv };
  } finally {
    release();
  }
}

function isReady(venv: string, executable: string): boolean {
  return fs.existsSync(path.join(venv, READY_MARKER)) && fs.existsSync(executable);
}

/**
 * A Python the tool supports: `$DYNAMO_IAC_PYTHON` when set, else the first of python3.13,
 * python3.12, python3.11, python3 on PATH whose version is in range.
 */
export async function findPython(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const candidates = env.DYNAMO_IAC_PYTHON
    ? [env.DYNAMO_IAC_PYTHON]
    : ['python3.13', 'python3.12', 'python3.11', 'python3'];
  const seen: string[] = [];
  for (const candidate of candidates) {
    const result = await runCommand(candidate, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], env);
    const version = result.code === 0 ? (result.output.trim().split('\n').pop() ?? '') : '';
    if (!/^\d+\.\d+$/.test(version)) continue;
    seen.push(`${candidate} (${version})`);
    const [major, minor] = version.split('.').map(Number);
    const atLeast = (v: readonly number[]) => major > v[0] || (major === v[0] && minor >= v[1]);
    if (atLeast(AIC_PYTHON.min) && !atLeast(AIC_PYTHON.maxExclusive)) return candidate;
  }
  const range = `>= ${AIC_PYTHON.min.join('.')} and < ${AIC_PYTHON.maxExclusive.join('.')}`;
  throw new SearchToolError(
    `${AIC_PACKAGE} ${AIC_VERSION} needs Python ${range}; found ${seen.length ? seen.join(', ') : `none of ${candidates.join(', ')}`} (set DYNAMO_IAC_PYTHON to one)`,
  );
}

/** One installer per venv at a time (parallel `plan` runs, parallel tests): a lock directory. */
async function lockInstall(venv: string): Promise<() => void> {
  const lock = `${venv}.lock`;
  fs.mkdirSync(path.dirname(venv), { recursive: true });
  const deadline = Date.now() + 30 * 60 * 1000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      return () => fs.rmSync(lock, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new SearchToolError(`cannot create ${lock}: ${(e as Error).message}`);
    }
    // A lock older than the longest install is left over from a killed run.
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 30 * 60 * 1000) fs.rmSync(lock, { recursive: true, force: true });
    if (Date.now() > deadline)
      throw new SearchToolError(`gave up waiting for another process installing ${AIC_PACKAGE} (${lock})`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
