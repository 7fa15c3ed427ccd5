/**
 * The activator against a real HTTP stand-in frontend on loopback: held requests are answered
 * once the model is listed (plain and streaming, one at a time and 20 at once), a request past
 * the bound gets 503 with Retry-After and never the frontend's 404, and the idle window (on a
 * fake clock) scales the workers down only with no request in flight. The workers themselves
 * are a scaler stand-in here; test/cluster/operator-scale-to-zero.test.ts moves real adapters.
 */
import { Registry } from 'prom-client';
import { Activator, ActivatorTarget, WorkerScaler } from '../../../src/operator/activator/activator';
import { ActivatorMetrics } from '../../../src/operator/activator/metrics';
import { Clock, systemClock } from '../../../src/operator/runtime/clock';
import { createLogger } from '../../../src/operator/runtime/log';
import { FakeClock } from '../fake-clock';
import { post, StandInFrontend } from './stand-in-frontend';

const MODEL = 'mock-model';

/** Workers that register their model with the frontend `registerAfterMs` after a scale-up. */
class StandInWorkers implements WorkerScaler {
  replicas = 0;
  activations = 0;
  deactivations = 0;
  constructor(
    private readonly frontend: StandInFrontend,
    private readonly registerAfterMs: number | undefined,
  ) {}
  atZero(): boolean {
    return this.replicas === 0;
  }
  async activate(): Promise<boolean> {
    this.activations++;
    const wasZero = this.replicas === 0;
    this.replicas = 1;
    const after = this.registerAfterMs;
    if (after !== undefined) setTimeout(() => this.frontend.models.add(MODEL), after);
    return wasZero;
  }
  async deactivate(): Promise<void> {
    this.deactivations++;
    this.replicas = 0;
    this.frontend.models.delete(MODEL);
  }
}

interface Rig {
  frontend: StandInFrontend;
  workers: StandInWorkers;
  activator: Activator;
  registry: Registry;
  url: string;
}

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.activator.stop();
  await rig?.frontend.stop();
  rig = undefined;
});

async function setUp(
  opts: { registerAfterMs?: number; timeoutMs?: number; idleMs?: number; clock?: Clock; warm?: boolean } = {},
): Promise<Rig> {
  const frontend = new StandInFrontend();
  const base = await frontend.start();
  const workers = new StandInWorkers(frontend, opts.registerAfterMs);
  if (opts.warm) {
    workers.replicas = 1;
    frontend.models.add(MODEL);
  }
  const registry = new Registry();
  const activator = new Activator({
    port: 0,
    host: '127.0.0.1',
    clock: opts.clock ?? systemClock,
    log: createLogger('silent', process.stderr),
    metrics: new ActivatorMetrics(registry),
    scaler: workers,
    pollMs: 20,
  });
  const port = await activator.start();
  const target: ActivatorTarget = {
    namespace: 'ml',
    name: 'agg',
    frontendUrl: base,
    settings: { idleAfterMs: opts.idleMs ?? 3_600_000, activationTimeoutMs: opts.timeoutMs ?? 10_000 },
    workers: [{ adapter: 'agg-decode', replicas: 1 }],
  };
  activator.register(target);
  rig = { frontend, workers, activator, registry, url: `http://127.0.0.1:${port}/ml/agg/v1/chat/completions` };
  return rig;
}

const chat = (extra: object = {}) => ({
  model: MODEL,
  messages: [{ role: 'user', content: 'hi' }],
  max_tokens: 5,
  ...extra,
});

async function metric(registry: Registry, name: string): Promise<number> {
  const m = (await registry.getMetricsAsJSON()).find((x) => x.name === name);
  const values = (m?.values ?? []) as { value: number; metricName?: string }[];
  return values.filter((v) => !v.metricName || v.metricName === `${name}_count`).reduce((a, v) => a + v.value, 0);
}

test('a request at zero is held, the workers are scaled up, and it is answered once the model is listed', async () => {
  const { url, workers, frontend, registry } = await setUp({ registerAfterMs: 300 });
  const started = Date.now();
  const res = await post(url, chat());
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text).usage.completion_tokens).toBe(5);
  expect(res.firstByteAt - started).toBeGreaterThanOrEqual(250);
  expect(workers.activations).toBe(1);
  // The frontend never saw the request while it had no worker (it would have answered 404).
  expect(frontend.answered).toEqual([200]);
  expect(await metric(registry, 'dynamo_iac_activator_activations_total')).toBe(1);
  expect(await metric(registry, 'dynamo_iac_activator_held_requests_total')).toBe(1);
  expect(await metric(registry, 'dynamo_iac_activator_held_requests')).toBe(0);
  expect(await metric(registry, 'dynamo_iac_activator_activation_duration_seconds')).toBe(1);
});

test('20 concurrent requests at zero: one activation, all 20 answered', async () => {
  const { url, workers, frontend } = await setUp({ registerAfterMs: 300 });
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(url, chat({ max_tokens: i + 1 }))));
  expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
  expect(results.map((r) => JSON.parse(r.text).usage.completion_tokens)).toEqual(
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
  expect(workers.activations).toBe(1);
  expect(frontend.answered.filter((s) => s === 404)).toEqual([]);
});

test('a streaming request at zero streams every token once the worker registers', async () => {
  const { url } = await setUp({ registerAfterMs: 200 });
  const res = await post(url, chat({ stream: true, max_tokens: 6 }));
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/event-stream');
  const events = res.text.split('\n\n').filter((e) => e.startsWith('data: '));
  expect(events).toHaveLength(7);
  expect(events[6]).toBe('data: [DONE]');
});

test('past the activation bound: 503 with Retry-After, never the frontend 404', async () => {
  const { url, workers, frontend, registry } = await setUp({ registerAfterMs: undefined, timeoutMs: 300 });
  const res = await post(url, chat());
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(JSON.parse(res.text).error.type).toBe('service_unavailable');
  expect(workers.activations).toBe(1);
  expect(frontend.answered).toEqual([]);
  expect(await metric(registry, 'dynamo_iac_activator_timeouts_total')).toBe(1);
});

test('a warm graph passes requests straight through; an unknown graph is a clear 404', async () => {
  const { url, workers, frontend, activator } = await setUp({ warm: true });
  expect((await post(url, chat())).status).toBe(200);
  expect(workers.activations).toBe(0);
  expect(frontend.answered).toEqual([200]);
  const other = await post(url.replace('/ml/agg/', '/ml/nope/'), chat());
  expect(other.status).toBe(404);
  expect(JSON.parse(other.text).error.message).toContain('no scale-to-zero graph at /ml/nope/v1/chat/completions');
  expect(activator.inFlight('ml', 'agg')).toBe(0);
});

test('idle window on a fake clock: workers go to zero only after the whole window', async () => {
  const clock = new FakeClock();
  const { workers, activator } = await setUp({ warm: true, clock, idleMs: 60_000 });
  clock.advance(59_999);
  await activator.settled('ml', 'agg');
  expect(workers.deactivations).toBe(0);
  clock.advance(1);
  await activator.settled('ml', 'agg');
  expect(workers.deactivations).toBe(1);
  expect(workers.replicas).toBe(0);
  // Already at zero: the window passing again does nothing.
  clock.advance(120_000);
  await activator.settled('ml', 'agg');
  expect(workers.deactivations).toBe(1);
});

test('never scaled down with a request in flight; the window restarts when it ends', async () => {
  const clock = new FakeClock();
  const { url, workers, frontend, activator } = await setUp({ warm: true, clock, idleMs: 60_000 });
  const release = frontend.hold();
  const pending = post(url, chat());
  while (frontend.received === 0) await new Promise((r) => setTimeout(r, 5));
  clock.advance(10 * 60_000);
  await activator.settled('ml', 'agg');
  expect(workers.deactivations).toBe(0);
  release();
  expect((await pending).status).toBe(200);
  while (activator.inFlight('ml', 'agg') > 0) await new Promise((r) => setTimeout(r, 5));
  clock.advance(59_999);
  await activator.settled('ml', 'agg');
  expect(workers.deactivations).toBe(0);
  clock.advance(1);
  await activator.settled('ml', 'agg');
  expect(workers.deactivations).toBe(1);
});

test('after an idle scale-down the next request activates the graph again', async () => {
  const clock = new FakeClock();
  const { url, workers, frontend, activator } = await setUp({ warm: true, clock, idleMs: 1000, registerAfterMs: 100 });
  clock.advance(1000);
  await activator.settled('ml', 'agg');
  expect(workers.replicas).toBe(0);
  const res = await post(url, chat());
  expect(res.status).toBe(200);
  expect(workers.activations).toBe(1);
  expect(frontend.answered).toEqual([200]);
});

test('a client that gives up while held is dropped: no 503 counted, nothing left in flight', async () => {
  const { url, registry, activator } = await setUp({ registerAfterMs: undefined, timeoutMs: 10_000 });
  const http = await import('http');
  const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
  req.on('error', () => undefined);
  req.end(JSON.stringify(chat()));
  while ((await metric(registry, 'dynamo_iac_activator_held_requests')) === 0)
    await new Promise((r) => setTimeout(r, 5));
  req.destroy();
  while (activator.inFlight('ml', 'agg') > 0) await new Promise((r) => setTimeout(r, 5));
  expect(await metric(registry, 'dynamo_iac_activator_held_requests')).toBe(0);
  expect(await metric(registry, 'dynamo_iac_activator_timeouts_total')).toBe(0);
});

test('a frontend that cannot be reached gives 503 with Retry-After, not a reset', async () => {
  const { url, frontend } = await setUp({ warm: true });
  // Listed at the last look, then the frontend goes away.
  expect((await post(url, chat())).status).toBe(200);
  await frontend.stop();
  const res = await post(url, chat());
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBeDefined();
});
