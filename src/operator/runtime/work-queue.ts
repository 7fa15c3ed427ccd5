/**
 * A work queue with client-go's guarantees: a key is queued at most once however often it is
 * added, is never processed by two workers at once (an add while it is processed queues it
 * again after `done`), and failing keys come back after an exponentially growing delay.
 */
import { BackoffOptions, backoffDelay } from './backoff';
import { Clock, systemClock, TimerHandle } from './clock';

export interface WorkQueueOptions {
  readonly clock?: Clock;
  readonly backoff?: BackoffOptions;
}

export const DEFAULT_QUEUE_BACKOFF: BackoffOptions = { baseMs: 5, maxMs: 60_000 };

export class WorkQueue {
  private readonly clock: Clock;
  private readonly backoff: BackoffOptions;
  private readonly queue: string[] = [];
  /** Keys waiting to be processed (queued, or re-added while processing). */
  private readonly dirty = new Set<string>();
  private readonly processing = new Set<string>();
  private readonly failures = new Map<string, number>();
  /** Delayed adds; a sooner one replaces a later one for the same key. */
  private readonly delayed = new Map<string, { at: number; timer: TimerHandle }>();
  private waiters: Array<(key: string | undefined) => void> = [];
  private shuttingDown = false;

  constructor(opts: WorkQueueOptions = {}) {
    this.clock = opts.clock ?? systemClock;
    this.backoff = opts.backoff ?? DEFAULT_QUEUE_BACKOFF;
  }

  /** Keys queued and not yet handed to a worker. */
  get length(): number {
    return this.queue.length;
  }

  add(key: string): void {
    if (this.shuttingDown || this.dirty.has(key)) return;
    this.dirty.add(key);
    if (this.processing.has(key)) return;
    const waiter = this.waiters.shift();
    if (waiter) {
      this.dirty.delete(key);
      this.processing.add(key);
      waiter(key);
    } else {
      this.queue.push(key);
    }
  }

  addAfter(key: string, delayMs: number): void {
    if (this.shuttingDown) return;
    if (delayMs <= 0) return this.add(key);
    const at = this.clock.now() + delayMs;
    const existing = this.delayed.get(key);
    if (existing && existing.at <= at) return;
    existing?.timer.cancel();
    const timer = this.clock.setTimer(() => {
      this.delayed.delete(key);
      this.add(key);
    }, delayMs);
    this.delayed.set(key, { at, timer });
  }

  /** Re-adds a key after its next backoff delay; returns that delay. */
  addRateLimited(key: string): number {
    const n = this.failures.get(key) ?? 0;
    this.failures.set(key, n + 1);
    const delay = backoffDelay(n, this.backoff);
    this.addAfter(key, delay);
    return delay;
  }

  /** Clears a key's failure count (call after a successful reconcile). */
  forget(key: string): void {
    this.failures.delete(key);
  }

  failureCount(key: string): number {
    return this.failures.get(key) ?? 0;
  }

  /** The next key, waiting for one; `undefined` once the queue is shut down. */
  get(): Promise<string | undefined> {
    const key = this.queue.shift();
    if (key !== undefined) {
      this.dirty.delete(key);
      this.processing.add(key);
      return Promise.resolve(key);
    }
    if (this.shuttingDown) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Marks a key processed; if it was added meanwhile it is queued again. */
  done(key: string): void {
    this.processing.delete(key);
    if (this.dirty.has(key)) {
      this.dirty.delete(key);
      this.add(key);
    }
  }

  shutDown(): void {
    this.shuttingDown = true;
    for (const { timer } of this.delayed.values()) timer.cancel();
    this.delayed.clear();
    for (const w of this.waiters) w(undefined);
    this.waiters = [];
  }
}
