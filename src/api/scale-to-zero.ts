/**
 * Scale to zero (issue 42), declared on the graph record: `dynamo-iac.io/scale-to-zero-after`
 * (the idle window) opts a graph in, and applies to each worker component with upstream's
 * `scalingAdapter`, whose adapter the runtime operator sets to 0 when idle and back up when a
 * request comes. `dynamo-iac.io/activation-timeout` bounds how long a request is held. One
 * reading, shared by validation (front ends) and the runtime operator.
 */
import { ComponentModel, GraphModel, isWorkerComponent } from './model';

export const SCALE_TO_ZERO_ANNOTATION = {
  /** The idle window after which the workers go to zero; present = opted in. */
  idleAfter: 'dynamo-iac.io/scale-to-zero-after',
  /** How long a request waits for a worker before it gets 503 with Retry-After (default 2m). */
  activationTimeout: 'dynamo-iac.io/activation-timeout',
} as const;

export const DEFAULT_ACTIVATION_TIMEOUT_MS = 120_000;

export interface ScaleToZeroSettings {
  readonly idleAfterMs: number;
  readonly activationTimeoutMs: number;
}

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** A Go-style duration (`90s`, `5m`, `1h30m`, `500ms`) in milliseconds; undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  if (!/^(\d+(h|ms|m|s))+$/.test(text)) return undefined;
  let total = 0;
  for (const m of text.matchAll(/(\d+)(h|ms|m|s)/g)) total += Number(m[1]) * UNIT_MS[m[2]];
  return total;
}

/** The worker components scale to zero applies to: workers whose replicas a scaling adapter owns. */
export function scaleToZeroComponents(graph: GraphModel): ComponentModel[] {
  return graph.components.filter((c) => isWorkerComponent(c.type) && c.scalingAdapter);
}

/** The graph's settings when it opts in and both durations read; undefined otherwise (validation says why). */
export function scaleToZeroOf(graph: GraphModel): ScaleToZeroSettings | undefined {
  const a = graph.metadataAnnotations;
  const idle = a[SCALE_TO_ZERO_ANNOTATION.idleAfter];
  if (idle === undefined || graph.kind !== 'DynamoGraphDeployment') return undefined;
  const idleAfterMs = parseDuration(idle);
  const timeout = a[SCALE_TO_ZERO_ANNOTATION.activationTimeout];
  const activationTimeoutMs = timeout === undefined ? DEFAULT_ACTIVATION_TIMEOUT_MS : parseDuration(timeout);
  if (!idleAfterMs || !activationTimeoutMs || scaleToZeroComponents(graph).length === 0) return undefined;
  return { idleAfterMs, activationTimeoutMs };
}

/** The count an activation asks for: the component's replicas, at least 1. */
export function activationReplicas(component: ComponentModel): number {
  return Math.max(1, component.replicas ?? 1);
}
