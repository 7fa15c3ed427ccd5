/**
 * Evaluates a Flux `healthCheckExprs` entry the way kustomize-controller v1.9.6 does
 * (fluxcd/pkg/runtime/cel StatusEvaluator): a `status.observedGeneration` other than
 * `metadata.generation` is in progress before any expression runs; then inProgress, failed and
 * current in that order, the first true one wins, none is in progress. The object's top-level
 * fields are the variables, integers are CEL ints. An expression that fails to evaluate (a field
 * of a missing object) is reported as `error`: Flux reports it and keeps waiting.
 */
import type { FluxHealthCheckExpr } from '../../src/gitops/health/flux-health';

export type FluxStatus = 'InProgress' | 'Failed' | 'Current' | 'error';

type Evaluate = (expr: string, context: Record<string, unknown>) => unknown;
let evaluate: Evaluate | undefined;

/** Loads the (ES module) CEL evaluator; call once before `fluxStatus`. */
export async function loadCel(): Promise<void> {
  evaluate = (await import('@marcbachmann/cel-js')).evaluate as Evaluate;
}

/** JSON numbers that are integers become CEL ints (BigInt), as int64 fields of an unstructured object are. */
function celValue(v: unknown): unknown {
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (Array.isArray(v)) return v.map(celValue);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, celValue(x)]));
  return v;
}

export function fluxStatus(check: FluxHealthCheckExpr, obj: Record<string, any>): FluxStatus {
  if (!evaluate) throw new Error('call loadCel() first');
  const observed = obj.status?.observedGeneration;
  if (Number.isInteger(observed) && Number.isInteger(obj.metadata?.generation) && observed !== obj.metadata.generation)
    return 'InProgress';
  const context = celValue(obj) as Record<string, unknown>;
  const order: [string | undefined, FluxStatus][] = [
    [check.inProgress, 'InProgress'],
    [check.failed, 'Failed'],
    [check.current, 'Current'],
  ];
  for (const [expr, status] of order) {
    if (!expr) continue;
    let result: unknown;
    try {
      result = evaluate(expr, context);
    } catch {
      return 'error';
    }
    if (result === true) return status;
    if (result !== false) throw new Error(`${check.kind}: ${expr} gave ${String(result)}, not a bool`);
  }
  return 'InProgress';
}
