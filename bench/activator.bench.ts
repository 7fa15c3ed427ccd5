/**
 * Activator benchmark (scale to zero, docs/scale-to-zero.md), run after the operator benchmark by
 * `npm run bench`: the activator in this process in front of a loopback stand-in frontend (the
 * test's), with 1,000 scale-to-zero graphs registered. Reported: its idle cost (resident memory
 * and heap added by the graphs, CPU over 5 s of idle), the latency it adds to a warm request
 * (p50 / p99 over 300 sequential requests, against the stand-in directly), and its own share of
 * an activation (time to the first byte minus the stand-in worker's registration delay). The
 * real node's figures (a request at zero to its first token, the operator at idle) are the e2e
 * suite's: printed after these from the checkout's last `npm run test:e2e`.
 */
import * as http from 'http';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { Activator, ActivatorTarget, WorkerScaler } from '../src/operator/activator/activator';
import { ActivatorMetrics } from '../src/operator/activator/metrics';
import { systemClock } from '../src/operator/runtime/clock';
import { createLogger } from '../src/operator/runtime/log';
import { Registry } from 'prom-client';
import { post, StandInFrontend } from '../test/operator/activator/stand-in-frontend';
import { latestFigures } from '../test/e2e/figures';

/** The checkout (this file runs compiled into .bench/bench/). */
const ROOT = path.resolve(__dirname, '..', '..');
const GRAPHS = 1000;
const WARM = 300;
const REGISTER_AFTER_MS = 2000;
const MODEL = 'bench-model';
const MiB = 1024 * 1024;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function activatorBench(): Promise<boolean> {
  console.log('\nActivator (scale to zero), in-process against a loopback stand-in frontend');
  const frontend = new StandInFrontend();
  const base = await frontend.start();
  const atZero = new Set<string>();
  const scaler: WorkerScaler = {
    atZero: (t) => atZero.has(t.name),
    activate: async (t) => {
      const wasZero = atZero.delete(t.name);
      setTimeout(() => frontend.models.add(`${MODEL}-${t.name}`), REGISTER_AFTER_MS);
      return wasZero;
    },
    deactivate: async (t) => void atZero.add(t.name),
  };
  global.gc?.();
  const before = process.memoryUsage();
  const activator = new Activator({
    port: 0,
    host: '127.0.0.1',
    clock: systemClock,
    log: createLogger('silent', process.stderr),
    metrics: new ActivatorMetrics(new Registry()),
    scaler,
  });
  const port = await activator.start();
  const target = (i: number): ActivatorTarget => ({
    namespace: 'bench',
    name: `g${i}`,
    frontendUrl: base,
    settings: { idleAfterMs: 3_600_000, activationTimeoutMs: 60_000 },
    workers: [{ adapter: `g${i}-decode`, replicas: 1 }],
  });
  for (let i = 0; i < GRAPHS; i++) activator.register(target(i));
  global.gc?.();
  const after = process.memoryUsage();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(5000);
  const cpu = process.cpuUsage(cpu0);
  const cpuPerSecMs = (cpu.user + cpu.system) / 1000 / ((performance.now() - t0) / 1000);
  console.log(
    `  idle, ${GRAPHS} graphs registered: +${((after.rss - before.rss) / MiB).toFixed(1)} MiB resident, ` +
      `+${((after.heapUsed - before.heapUsed) / MiB).toFixed(1)} MiB heap, ${cpuPerSecMs.toFixed(2)} ms CPU per second`,
  );

  // Warm pass-through: the same request straight to the stand-in and through the activator.
  frontend.models.add(`${MODEL}-g0`);
  const body = { model: `${MODEL}-g0`, messages: [{ role: 'user', content: 'hi' }], max_tokens: 4 };
  const timed = async (url: string) => {
    const s = performance.now();
    const res = await post(url, body);
    if (res.status !== 200) throw new Error(`status ${res.status}`);
    return performance.now() - s;
  };
  const direct: number[] = [];
  const through: number[] = [];
  for (let i = 0; i < WARM; i++) {
    direct.push(await timed(`${base}/v1/chat/completions`));
    through.push(await timed(`http://127.0.0.1:${port}/bench/g0/v1/chat/completions`));
  }
  console.log(
    `  warm request, ${WARM} sequential: direct p50 ${pct(direct, 0.5).toFixed(2)} ms / p99 ${pct(direct, 0.99).toFixed(2)} ms; ` +
      `through the activator p50 ${pct(through, 0.5).toFixed(2)} ms / p99 ${pct(through, 0.99).toFixed(2)} ms`,
  );

  // An activation: g1 at zero, its stand-in worker registers REGISTER_AFTER_MS after the scale-up.
  atZero.add('g1');
  const s = performance.now();
  const res = await post(`http://127.0.0.1:${port}/bench/g1/v1/chat/completions`, { ...body, model: `${MODEL}-g1` });
  const total = performance.now() - s;
  console.log(
    `  request at zero: answered ${res.status} after ${total.toFixed(0)} ms, of which the activator's own ` +
      `${(total - REGISTER_AFTER_MS).toFixed(0)} ms beyond the worker's ${REGISTER_AFTER_MS} ms registration (poll every 250 ms)`,
  );
  await activator.stop();
  await frontend.stop();
  http.globalAgent.destroy();
  printRealNodeFigures();
  return res.status === 200;
}

/** The real node's scale-to-zero figures from the checkout's last e2e run (budget: first token <= 30 s). */
function printRealNodeFigures(): void {
  const figures = latestFigures(ROOT, 'scale to zero');
  if (!figures?.length) {
    console.log('  on the real node: not measured in this checkout yet (`npm run test:e2e` measures it)');
    return;
  }
  for (const { at, what, value } of figures) console.log(`  on the real node (e2e, ${at}): ${what}: ${value}`);
}
