/** The activator's Prometheus metrics (docs/scale-to-zero.md), in the operator's registry. */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

const labelNames = ['namespace', 'graph'] as const;

export class ActivatorMetrics {
  readonly activations: Counter<'namespace' | 'graph'>;
  readonly heldNow: Gauge<'namespace' | 'graph'>;
  readonly held: Counter<'namespace' | 'graph'>;
  readonly timedOut: Counter<'namespace' | 'graph'>;
  readonly activationSeconds: Histogram<'namespace' | 'graph'>;
  readonly inFlight: Gauge<'namespace' | 'graph'>;
  readonly scaleDowns: Counter<'namespace' | 'graph'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.activations = new Counter({
      name: 'dynamo_iac_activator_activations_total',
      help: 'Scale-ups from zero started by a request',
      labelNames,
      registers,
    });
    this.heldNow = new Gauge({
      name: 'dynamo_iac_activator_held_requests',
      help: 'Requests held now, waiting for a worker to register',
      labelNames,
      registers,
    });
    this.held = new Counter({
      name: 'dynamo_iac_activator_held_requests_total',
      help: 'Requests that were held for a worker',
      labelNames,
      registers,
    });
    this.timedOut = new Counter({
      name: 'dynamo_iac_activator_timeouts_total',
      help: 'Held requests answered 503 with Retry-After after the activation timeout',
      labelNames,
      registers,
    });
    this.activationSeconds = new Histogram({
      name: 'dynamo_iac_activator_activation_duration_seconds',
      help: 'From a scale-up from zero to the model listed by the frontend',
      labelNames,
      buckets: [1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300],
      registers,
    });
    this.inFlight = new Gauge({
      name: 'dynamo_iac_activator_in_flight_requests',
      help: 'Requests through the activator not yet answered in full',
      labelNames,
      registers,
    });
    this.scaleDowns = new Counter({
      name: 'dynamo_iac_activator_scale_downs_total',
      help: 'Scale-downs to zero after the idle window',
      labelNames,
      registers,
    });
  }
}
