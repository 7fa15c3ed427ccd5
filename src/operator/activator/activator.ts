/**
 * The activator (issue 42): an HTTP pass-through in front of the frontends of scale-to-zero
 * graphs, at `/<namespace>/<graph>/...` (a client's base URL is `http://<activator>/<ns>/<graph>/v1`).
 * A request naming a model the frontend does not list yet is held: the graph's workers are
 * scaled up (once per activation) and the request goes through once `GET /v1/models` lists the
 * model, or gets 503 with Retry-After at the graph's activation timeout; never a 404 from a
 * frontend without workers. It counts requests in flight per graph and scales the workers to
 * zero once the graph has been idle for its window with none in flight. Deadlines and the idle
 * window run on the Clock; the poll of `/v1/models` is an I/O cadence on real timers.
 */
import * as http from 'http';
import { AddressInfo } from 'net';
import { Logger } from 'pino';
import { ScaleToZeroSettings } from '../../api/scale-to-zero';
import { Clock, TimerHandle } from '../runtime/clock';
import { errorText } from '../runtime/log';
import { forward, listModels } from './frontend';
import { IdleTracker } from './idle';
import { ActivatorMetrics } from './metrics';

/** A scale-to-zero graph as the activator sees it. */
export interface ActivatorTarget {
  readonly namespace: string;
  readonly name: string;
  /** `http://host:port` of the graph's frontend. */
  readonly frontendUrl: string;
  readonly settings: ScaleToZeroSettings;
  /** The scale-to-zero workers: their scaling adapter and the count an activation asks for. */
  readonly workers: readonly { readonly adapter: string; readonly replicas: number }[];
}

/** Who moves the workers (the scaling adapters): the operator's side of the activator. */
export interface WorkerScaler {
  /** Whether every scale-to-zero worker of the graph asks for 0 replicas. */
  atZero(target: ActivatorTarget): boolean;
  /** Workers at 0 go to their activation count; whether any was at 0 (a scale-up from zero happened). */
  activate(target: ActivatorTarget): Promise<boolean>;
  /** Workers go to 0. */
  deactivate(target: ActivatorTarget): Promise<void>;
}

export interface ActivatorOptions {
  readonly port: number;
  readonly host?: string;
  readonly clock: Clock;
  readonly log: Logger;
  readonly metrics: ActivatorMetrics;
  readonly scaler: WorkerScaler;
  /** How often a held graph's `/v1/models` is asked (default 250 ms). */
  readonly pollMs?: number;
  /** Largest request body passed through (default 16 MiB). */
  readonly maxBodyBytes?: number;
}

/** Listed: pass it on; timeout: 503; gone: the client left while held. */
type HoldOutcome = 'ready' | 'timeout' | 'gone';

interface Waiter {
  readonly model: string;
  readonly done: (outcome: HoldOutcome) => void;
}

interface GraphState {
  target: ActivatorTarget;
  readonly idle: IdleTracker;
  /** Models the frontend listed at the last look (cleared when the workers go to zero). */
  served: Set<string>;
  waiters: Waiter[];
  polling: boolean;
  /** When the current activation began (a scale-up from zero), until its first model is listed. */
  activationStart?: number;
  /** The activator scaled this graph down and has not brought it up since. */
  down: boolean;
  idleTimer?: TimerHandle;
  /** Scale operations of this graph run one after another (a scale-up never overtakes a scale-down). */
  ops: Promise<void>;
}

const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
/** A held request past its bound: the workers are on their way, so a retry soon is likely served. */
const RETRY_AFTER_SECONDS = 5;

export class Activator {
  private server?: http.Server;
  private readonly graphs = new Map<string, GraphState>();

  constructor(private readonly o: ActivatorOptions) {}

  /** Resolves with the bound port (useful with port 0). */
  start(): Promise<number> {
    const server = http.createServer((req, res) => void this.handle(req, res));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.o.port, this.o.host ?? '0.0.0.0', () => resolve((server.address() as AddressInfo).port));
    });
  }

  async stop(): Promise<void> {
    for (const s of this.graphs.values()) s.idleTimer?.cancel();
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Adds or updates a graph; a new one starts its idle window now. */
  register(target: ActivatorTarget): void {
    const key = `${target.namespace}/${target.name}`;
    const s = this.graphs.get(key);
    if (s) {
      s.target = target;
    } else {
      this.graphs.set(key, {
        target,
        idle: new IdleTracker(this.o.clock),
        served: new Set(),
        waiters: [],
        polling: false,
        down: false,
        ops: Promise.resolve(),
      });
    }
    this.scheduleIdle(this.graphs.get(key) as GraphState);
  }

  unregister(namespace: string, name: string): void {
    const key = `${namespace}/${name}`;
    this.graphs.get(key)?.idleTimer?.cancel();
    this.graphs.delete(key);
  }

  registered(): string[] {
    return [...this.graphs.keys()].sort();
  }

  /** Requests in flight for a graph (tests, status). */
  inFlight(namespace: string, name: string): number {
    return this.graphs.get(`${namespace}/${name}`)?.idle.requestsInFlight ?? 0;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://activator');
    const m = /^\/([^/]+)\/([^/]+)(\/.*)$/.exec(url.pathname);
    const s = m ? this.graphs.get(`${m[1]}/${m[2]}`) : undefined;
    if (!m || !s) {
      return sendError(
        res,
        404,
        'not_found',
        `no scale-to-zero graph at ${url.pathname}: use /<namespace>/<graph>/v1/...`,
      );
    }
    const labels = { namespace: s.target.namespace, graph: s.target.name };
    s.idle.begin();
    s.idleTimer?.cancel();
    this.o.metrics.inFlight.inc(labels);
    res.on('close', () => {
      s.idle.end();
      this.o.metrics.inFlight.dec(labels);
      this.scheduleIdle(s);
    });
    const body = await readBody(req, this.o.maxBodyBytes ?? DEFAULT_MAX_BODY);
    if (body === undefined) return sendError(res, 413, 'invalid_request_error', 'request body too large');
    if (res.destroyed) return;
    const model = req.method === 'POST' ? modelOf(body) : undefined;
    if (model !== undefined && (s.down || !s.served.has(model) || this.o.scaler.atZero(s.target))) {
      const outcome = await this.hold(s, model, res);
      if (outcome === 'timeout') {
        this.o.metrics.timedOut.inc(labels);
        return sendError(
          res,
          503,
          'service_unavailable',
          `model ${JSON.stringify(model)} of ${labels.namespace}/${labels.graph} has no worker ready yet; retry later`,
          { 'Retry-After': String(RETRY_AFTER_SECONDS) },
        );
      }
      if (outcome === 'gone' || res.destroyed) return;
    }
    forward(s.target.frontendUrl, m[3] + url.search, req, body, res, (err) => {
      this.o.log.warn({ graph: `${labels.namespace}/${labels.graph}`, err: errorText(err) }, 'frontend unreachable');
      sendError(res, 503, 'service_unavailable', 'the frontend cannot be reached; retry later', { 'Retry-After': '1' });
    });
  }

  /** Waits until the frontend lists `model` ('ready') or the activation timeout passes ('timeout'). */
  private hold(s: GraphState, model: string, res: http.ServerResponse): Promise<HoldOutcome> {
    const labels = { namespace: s.target.namespace, graph: s.target.name };
    this.o.metrics.held.inc(labels);
    this.o.metrics.heldNow.inc(labels);
    if (s.down || this.o.scaler.atZero(s.target)) this.activate(s);
    return new Promise((resolve) => {
      let settled = false;
      const waiter: Waiter = {
        model,
        done: (outcome) => {
          if (settled) return;
          settled = true;
          timer.cancel();
          s.waiters = s.waiters.filter((w) => w !== waiter);
          this.o.metrics.heldNow.dec(labels);
          resolve(outcome);
        },
      };
      const timer = this.o.clock.setTimer(() => waiter.done('timeout'), s.target.settings.activationTimeoutMs);
      // A client that gives up stops being held (its answer goes nowhere).
      res.on('close', () => waiter.done('gone'));
      s.waiters.push(waiter);
      void this.poll(s);
    });
  }

  /**
   * Counted as an activation only when the scaler raised a worker from 0 (it reads each adapter
   * fresh), so a cache that still says zero right after a scale-up does not count twice.
   */
  private activate(s: GraphState): void {
    const requestedAt = this.o.clock.now();
    s.down = false;
    this.serially(s, async () => {
      if (!(await this.o.scaler.activate(s.target))) return;
      this.o.metrics.activations.inc({ namespace: s.target.namespace, graph: s.target.name });
      this.o.log.info({ graph: `${s.target.namespace}/${s.target.name}` }, 'activating: scaled workers up from zero');
      // Its latency is measured when a held request is released; none waiting: nothing to measure.
      if (s.waiters.length > 0) s.activationStart ??= requestedAt;
    });
  }

  /** One look at `/v1/models` per pollMs while anyone waits; each look releases the waiters whose model is listed. */
  private async poll(s: GraphState): Promise<void> {
    if (s.polling) return;
    s.polling = true;
    try {
      while (s.waiters.length > 0) {
        s.served = new Set(await listModels(s.target.frontendUrl));
        const ready = s.waiters.filter((w) => s.served.has(w.model));
        if (ready.length > 0 && s.activationStart !== undefined) {
          const seconds = (this.o.clock.now() - s.activationStart) / 1000;
          this.o.metrics.activationSeconds.observe({ namespace: s.target.namespace, graph: s.target.name }, seconds);
          this.o.log.info({ graph: `${s.target.namespace}/${s.target.name}`, seconds }, 'activated');
          s.activationStart = undefined;
        }
        for (const w of ready) w.done('ready');
        if (s.waiters.length > 0) await new Promise((r) => setTimeout(r, this.o.pollMs ?? 250));
      }
    } finally {
      s.polling = false;
    }
  }

  private scheduleIdle(s: GraphState): void {
    s.idleTimer?.cancel();
    s.idleTimer = undefined;
    const wait = s.idle.idleIn(s.target.settings.idleAfterMs);
    if (wait === undefined) return;
    s.idleTimer = this.o.clock.setTimer(() => this.onIdle(s), wait);
  }

  private onIdle(s: GraphState): void {
    s.idleTimer = undefined;
    // Checked again at the moment of scaling: never in the middle of a request.
    const wait = s.idle.idleIn(s.target.settings.idleAfterMs);
    if (wait === undefined) return;
    if (wait > 0) return this.scheduleIdle(s);
    // Scaling down is idempotent (the scaler reads each adapter fresh), so only the cache's view
    // of zero stops it: a scale-down that found no adapter yet is tried again.
    if (this.o.scaler.atZero(s.target)) return;
    s.down = true;
    s.served = new Set();
    this.serially(s, async () => {
      if (s.idle.requestsInFlight > 0 || !s.down) return;
      this.o.log.info({ graph: `${s.target.namespace}/${s.target.name}` }, 'idle: scaling workers to zero');
      this.o.metrics.scaleDowns.inc({ namespace: s.target.namespace, graph: s.target.name });
      await this.o.scaler.deactivate(s.target);
    });
  }

  private serially(s: GraphState, op: () => Promise<void>): void {
    s.ops = s.ops.then(op).catch((err) => {
      this.o.log.warn({ graph: `${s.target.namespace}/${s.target.name}`, err: errorText(err) }, 'scaling failed');
    });
  }

  /** Resolves once the graph's queued scale operations are done (tests). */
  settled(namespace: string, name: string): Promise<void> {
    return this.graphs.get(`${namespace}/${name}`)?.ops ?? Promise.resolve();
  }
}

function readBody(req: http.IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= max) chunks.push(c);
    });
    req.on('end', () => resolve(size <= max ? Buffer.concat(chunks) : undefined));
    req.on('error', () => resolve(Buffer.concat(chunks)));
  });
}

/** The OpenAI request's `model`, when the body is JSON with one. */
function modelOf(body: Buffer): string | undefined {
  try {
    const m = (JSON.parse(body.toString('utf8')) as { model?: unknown }).model;
    return typeof m === 'string' ? m : undefined;
  } catch {
    return undefined;
  }
}

/** An OpenAI-shaped error. */
function sendError(
  res: http.ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify({ error: { message, type, code: status } });
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
