/**
 * What a controller is given when the operator sets it up, and what it gives back. To add a
 * controller: write `controllers/<name>/index.ts` exporting a ControllerDefinition whose `setup`
 * asks `informers` for the caches it reads, registers its event handlers on them, and returns a
 * Controller (runtime/controller.ts) around its reconciler; then list it in controllers/index.ts.
 * The operator starts the informers, waits for them to sync, and then starts the controllers.
 */
import { Logger } from 'pino';
import { OperatorConfig } from '../config';
import { Clock } from '../runtime/clock';
import { Controller, ControllerOptions, Runnable } from '../runtime/controller';
import { EventRecorder } from '../runtime/events';
import { ObjectApi } from '../runtime/kube/api';
import { Resource } from '../runtime/kube/resources';
import { OperatorMetrics } from '../runtime/metrics';
import { NamespaceGate } from '../runtime/namespace-gate';
import { SharedInformers } from '../runtime/shared-informers';

export interface ControllerContext {
  readonly api: ObjectApi;
  readonly config: OperatorConfig;
  readonly log: Logger;
  readonly clock: Clock;
  readonly metrics: OperatorMetrics;
  readonly events: EventRecorder;
  /** Which namespaces this operator acts in (another operator may hold some). */
  readonly gate: NamespaceGate;
  /** Shared caches: ask for the same resource and selector, get the same informer. */
  readonly informers: SharedInformers;
  /** Whether the API server serves a resource (an optional CRD); asked once per resource. */
  served(resource: Resource): Promise<boolean>;
}

/** A Controller with the operator's logger, metrics, namespace gate, clock and worker count. */
export function newController(
  ctx: ControllerContext,
  opts: Pick<ControllerOptions, 'name' | 'resourceType' | 'reconcile' | 'onResume'>,
): Controller {
  return new Controller({
    ...opts,
    log: ctx.log,
    metrics: ctx.metrics,
    gate: ctx.gate,
    clock: ctx.clock,
    workers: ctx.config.workers,
  });
}

export interface ControllerDefinition {
  /** Also the `controller` label of the work-queue metric. */
  readonly name: string;
  /** Wires the controller; undefined when it does not apply here (e.g. its CRD is not installed). */
  setup(ctx: ControllerContext): Promise<Runnable | undefined>;
}
