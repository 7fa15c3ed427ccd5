/**
 * The operator's Prometheus metrics, named and labelled like upstream's `dynamo_operator_*`
 * where they apply to us, plus the work-queue depth. One registry per operator instance, so
 * tests can run several in one process.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type ReconcileResult = 'success' | 'error' | 'requeue';

export class OperatorMetrics {
  readonly registry = new Registry();
  readonly reconcileDuration = new Histogram({
    name: 'dynamo_operator_reconcile_duration_seconds',
    help: 'Duration of reconcile loops',
    labelNames: ['resource_type', 'namespace', 'result'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  readonly reconcileTotal = new Counter({
    name: 'dynamo_operator_reconcile_total',
    help: 'Reconcile loops by result',
    labelNames: ['resource_type', 'namespace', 'result'],
    registers: [this.registry],
  });
  readonly reconcileErrors = new Counter({
    name: 'dynamo_operator_reconcile_errors_total',
    help: 'Reconcile errors by error type',
    labelNames: ['resource_type', 'namespace', 'error_type'],
    registers: [this.registry],
  });
  readonly resources = new Gauge({
    name: 'dynamo_operator_resources_total',
    help: 'Managed resources by status',
    labelNames: ['resource_type', 'namespace', 'status'],
    registers: [this.registry],
  });
  /** Upstream registers this name and labels; we count pods from the workload status the graph status reports. */
  readonly managedPods = new Gauge({
    name: 'dynamo_operator_managed_pods_total',
    help: "Pods of managed graph components by component type, from the workloads' status",
    labelNames: ['component_type', 'namespace'],
    registers: [this.registry],
  });
  readonly queueDepth = new Gauge({
    name: 'dynamo_operator_workqueue_depth',
    help: 'Keys waiting in a controller work queue',
    labelNames: ['controller'],
    registers: [this.registry],
  });

  constructor(opts: { processMetrics?: boolean } = {}) {
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry });
  }
}
