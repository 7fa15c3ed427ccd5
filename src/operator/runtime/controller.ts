/**
 * Runs a reconcile function over a work queue: workers take keys, failures come back with
 * backoff, a reconcile can ask to run again later, and every run is measured. Keys of namespaces
 * the gate does not allow (another operator holds them) are not queued; when the gate allows a
 * namespace again, `onResume` says which keys to catch up on.
 */
import { Logger } from 'pino';
import type { Clock } from './clock';
import type { EventRecorder } from './events';
import type { ObjectApi } from './kube/api';
import { errorType } from './kube/errors';
import type { NamespaceGate } from './namespace-gate';
import { OperatorMetrics } from './metrics';
import { WorkQueue } from './work-queue';
import { errorText } from './log';

/** What every reconciler works with: the API, logs, time, events, and which namespaces are ours. */
export interface ReconcilerContext {
  readonly api: ObjectApi;
  readonly log: Logger;
  readonly clock: Clock;
  readonly events: EventRecorder;
  readonly gate: NamespaceGate;
}

/** `requeueAfterMs`: reconcile again after that long even without a change. */
export type ReconcileOutcome = void | { requeueAfterMs: number };

/** Something the operator starts once its caches are synced and stops on shutdown. */
export interface Runnable {
  start(): void;
  stop(): Promise<void>;
}

export interface ControllerOptions {
  readonly name: string;
  /** `resource_type` label: the Kind reconciled. */
  readonly resourceType: string;
  readonly reconcile: (key: string) => Promise<ReconcileOutcome>;
  readonly log: Logger;
  readonly metrics: OperatorMetrics;
  readonly gate: NamespaceGate;
  readonly clock?: Clock;
  readonly workers?: number;
  /** The keys of a namespace that became allowed again (its other operator went away). */
  readonly onResume?: (namespace: string) => Iterable<string>;
}

export class Controller implements Runnable {
  readonly queue: WorkQueue;
  private running: Promise<void>[] = [];

  constructor(private readonly opts: ControllerOptions) {
    this.queue = new WorkQueue({ clock: opts.clock });
    const { onResume } = opts;
    if (onResume) opts.gate.onResume((ns) => [...onResume(ns)].forEach((k) => this.enqueue(k)));
  }

  /** Queues `<namespace>/<name>` unless another operator holds the namespace; undefined is ignored. */
  enqueue(key: string | undefined): void {
    if (key !== undefined && this.opts.gate.allows(namespaceOf(key))) this.queue.add(key);
  }

  start(): void {
    const n = this.opts.workers ?? 2;
    for (let i = 0; i < n; i++) this.running.push(this.work());
  }

  /** Stops taking keys and waits for in-flight reconciles. */
  async stop(): Promise<void> {
    this.queue.shutDown();
    await Promise.all(this.running);
  }

  private async work(): Promise<void> {
    const { queue } = this;
    const { reconcile, log, metrics, resourceType, name } = this.opts;
    for (;;) {
      metrics.queueDepth.set({ controller: name }, queue.length);
      const key = await queue.get();
      if (key === undefined) return;
      const namespace = namespaceOf(key);
      const end = metrics.reconcileDuration.startTimer({ resource_type: resourceType, namespace });
      let result: 'success' | 'error' | 'requeue' = 'success';
      try {
        const outcome = await reconcile(key);
        queue.forget(key);
        if (outcome) {
          result = 'requeue';
          queue.addAfter(key, outcome.requeueAfterMs);
        }
      } catch (err) {
        result = 'error';
        metrics.reconcileErrors.inc({ resource_type: resourceType, namespace, error_type: errorType(err) });
        const retryInMs = queue.addRateLimited(key);
        log.warn({ controller: name, key, err: errorText(err), retryInMs }, 'reconcile failed');
      } finally {
        end({ result });
        metrics.reconcileTotal.inc({ resource_type: resourceType, namespace, result });
        queue.done(key);
      }
    }
  }
}

/** The namespace of a `<namespace>/<name>` key ('' for a cluster-scoped name). */
export const namespaceOf = (key: string): string => (key.includes('/') ? key.slice(0, key.indexOf('/')) : '');

/** `<namespace>/<name>` → its two parts. */
export function splitKey(key: string): [namespace: string, name: string] {
  const i = key.indexOf('/');
  return i < 0 ? ['', key] : [key.slice(0, i), key.slice(i + 1)];
}
