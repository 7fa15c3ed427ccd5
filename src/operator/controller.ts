/**
 * Runs a reconcile function over a work queue: workers take keys, failures come back with
 * backoff, a reconcile can ask to run again later, and every run is measured.
 */
import { Logger } from 'pino';
import type { Clock } from './clock';
import type { EventRecorder } from './events';
import type { KubeApi } from './kube/client';
import type { NamespaceGate } from './namespace-gate';
import { errorType } from './kube/errors';
import { OperatorMetrics } from './metrics';
import { WorkQueue } from './work-queue';

/** What every reconciler works with: the API, logs, time, events, and which namespaces are ours. */
export interface ReconcilerContext {
  readonly api: KubeApi;
  readonly log: Logger;
  readonly clock: Clock;
  readonly events: EventRecorder;
  readonly gate: NamespaceGate;
}

/** `requeueAfterMs`: reconcile again after that long even without a change. */
export type ReconcileOutcome = void | { requeueAfterMs: number };

export interface ControllerOptions {
  readonly name: string;
  /** `resource_type` label: the Kind reconciled. */
  readonly resourceType: string;
  readonly reconcile: (key: string) => Promise<ReconcileOutcome>;
  readonly queue: WorkQueue;
  readonly log: Logger;
  readonly metrics: OperatorMetrics;
  readonly workers?: number;
}

export class Controller {
  private running: Promise<void>[] = [];

  constructor(private readonly opts: ControllerOptions) {}

  start(): void {
    const n = this.opts.workers ?? 2;
    for (let i = 0; i < n; i++) this.running.push(this.work());
  }

  /** Stops taking keys and waits for in-flight reconciles. */
  async stop(): Promise<void> {
    this.opts.queue.shutDown();
    await Promise.all(this.running);
  }

  private async work(): Promise<void> {
    const { queue, reconcile, log, metrics, resourceType, name } = this.opts;
    for (;;) {
      metrics.queueDepth.set({ controller: name }, queue.length);
      const key = await queue.get();
      if (key === undefined) return;
      const namespace = key.includes('/') ? key.split('/')[0] : '';
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
        log.warn({ controller: name, key, err: String(err), retryInMs }, 'reconcile failed');
      } finally {
        end({ result });
        metrics.reconcileTotal.inc({ resource_type: resourceType, namespace, result });
        queue.done(key);
      }
    }
  }
}
