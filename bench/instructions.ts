/**
 * Instruction counts of whole processes under valgrind's callgrind (every thread): the work a
 * command does, which, unlike its time, the machine's load does not change. The cold-start rows
 * of render.bench.ts shown this way, so their ratios to `node -e 0` hold on a busy CI machine.
 * Reported only, never asserted; skipped where valgrind is not installed.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/** Runs of each command; the median is reported (Go's GC threads vary kubectl's count by ~10%). */
const RUNS = 3;

/**
 * Node's start runs a primality test of a random size (OpenSSL's, 5–17 M instructions of a
 * `node -e 0` of ~80 M): left out of every count, as noise that is no command's work.
 */
const NOISE = /detail::sprp/;

/** callgrind on the machine, or why not. */
export function callgrindMissing(): string | undefined {
  const valgrind = spawnSync('valgrind', ['--version'], { encoding: 'utf8' });
  // callgrind_annotate --version prints its version but exits 255: found is enough.
  const annotate = spawnSync('callgrind_annotate', ['--version'], { encoding: 'utf8' });
  return valgrind.status === 0 && annotate.error === undefined ? undefined : 'valgrind (callgrind) is not installed';
}

/**
 * Instructions of one run of `command args` (stdout discarded), without the start-up noise.
 * Go programs run with async preemption off: callgrind aborts on the signals it sends.
 */
export function instructions(dir: string, command: string, args: string[], cwd: string): number {
  const out = path.join(dir, 'callgrind.out');
  fs.rmSync(out, { force: true });
  const run = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, command, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, GODEBUG: 'asyncpreemptoff=1' },
    maxBuffer: 64 * 2 ** 20,
  });
  if (run.status !== 0)
    throw new Error(`callgrind of ${command} ${args.join(' ')} exited ${run.status}: ${lastLine(run.stderr)}`);
  const annotated = spawnSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', out], {
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  let total = NaN;
  let noise = 0;
  for (const line of annotated.stdout.split('\n')) {
    const m = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line);
    if (!m) continue;
    const count = Number(m[1].replace(/,/g, ''));
    if (m[2].startsWith('PROGRAM TOTALS')) total = count;
    else if (NOISE.test(m[2])) noise += count;
  }
  if (Number.isNaN(total)) throw new Error(`callgrind_annotate gave no total for ${command} ${args.join(' ')}`);
  return total - noise;
}

/** The median instruction count of RUNS runs. */
export function medianInstructions(dir: string, command: string, args: string[], cwd: string): number {
  const counts = Array.from({ length: RUNS }, () => instructions(dir, command, args, cwd)).sort((a, b) => a - b);
  return counts[(RUNS - 1) / 2];
}

function lastLine(text: Buffer | string | null): string {
  return (text ?? '').toString().trim().split('\n').pop() ?? '';
}
