/**
 * Planning from inside `cdk8s synth` or a Pulumi program, only when asked: with
 * `DYNAMO_IAC_PLAN=missing` (search requests the lock lacks) or `DYNAMO_IAC_PLAN=refresh`
 * (search all again) the construct runs `dynamo-iac plan` on its request, synchronously, and
 * reads the updated lock. Without it, synth never starts Python.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { toYaml } from '../output/yaml';
import { readPlanLock } from './lock-file';
import { ResolvedRequest, resolveRequest } from './resolve-request';

export const PLAN_ENV = 'DYNAMO_IAC_PLAN';
export type PlanOnSynth = 'missing' | 'refresh';

export function planOnSynth(env: NodeJS.ProcessEnv = process.env): PlanOnSynth | undefined {
  const v = env[PLAN_ENV];
  return v === 'missing' || v === 'refresh' ? v : undefined;
}

/** How to plan a request a construct holds, for its "not planned" message. */
export const PLAN_HINT = `or run the synth with ${PLAN_ENV}=missing to search and record it`;

/**
 * Runs the package's own `dynamo-iac plan` on `manifest` (its progress goes to this process's
 * stderr). Returns the failure, if any, as one message. `defaultNamespace` is the namespace the
 * caller renders a manifest without one into (a cdk8s Chart's): the plan, its lock entry and its
 * artifacts must be keyed by it, or the render looks the request up where it was never planned.
 */
export function planManifestSync(
  manifest: unknown,
  lockFile: string,
  mode: PlanOnSynth,
  defaultNamespace?: string,
): string | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-request-'));
  const name = (manifest as { metadata?: { name?: unknown } } | undefined)?.metadata?.name;
  const file = path.join(dir, `${typeof name === 'string' && /^[a-z0-9.-]+$/.test(name) ? name : 'request'}.yaml`);
  try {
    fs.writeFileSync(file, toYaml(manifest));
    const bin = path.join(__dirname, '..', '..', 'bin', 'dynamo-iac');
    execFileSync(
      process.execPath,
      [
        bin,
        'plan',
        '--lock',
        lockFile,
        ...(defaultNamespace ? ['--namespace', defaultNamespace] : []),
        ...(mode === 'refresh' ? ['--refresh'] : []),
        file,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'], env: process.env },
    );
    return undefined;
  } catch (e) {
    const status = (e as { status?: number }).status;
    return `dynamo-iac plan failed${status === undefined ? `: ${(e as Error).message}` : ` (exit ${status}; its messages are above)`}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the cdk8s construct and the Pulumi component render a request manifest into: the lock
 * read from `lockFile`, and (when DYNAMO_IAC_PLAN asks) the request planned first.
 */
export function resolveRequestWithLock(
  manifest: unknown,
  lockFile: string,
  opts: { defaultNamespace?: string } = {},
): ResolvedRequest {
  const resolve = (): ResolvedRequest => {
    const plans = readPlanLock(lockFile);
    if ('problem' in plans)
      return {
        objects: [],
        deploy: false,
        problems: [{ path: '', message: `${lockFile}: ${plans.problem.message}`, severity: 'error' }],
      };
    return resolveRequest(manifest, plans, opts);
  };
  const first = resolve();
  const mode = planOnSynth();
  const rapid = first.request?.spec.searchStrategy === 'rapid';
  if (!mode || !rapid || !(first.notPlanned || (mode === 'refresh' && first.entry))) return first;
  const failure = planManifestSync(manifest, lockFile, mode, opts.defaultNamespace);
  if (failure)
    return {
      ...first,
      problems: [...first.problems.filter((p) => p.path !== 'spec'), { path: '', message: failure, severity: 'error' }],
    };
  return resolve();
}
