/**
 * Worker generations (issue 28): reading back which generation a graph record says is current.
 * STUB of the operator-side function only; the render side (workerHash, workerGenerationOf) is
 * written on branch rollout-render under the same names.
 */
import { ANNOTATION } from './labels';

/** A graph's current worker generation and who moves replicas between generations. */
export interface WorkerGeneration {
  /** Upstream's worker hash: 8 hex characters. */
  readonly hash: string;
  /** `operator`: the runtime operator owns worker replica counts; `commits`: the rendered output does. */
  readonly mode: 'operator' | 'commits';
}

/** The generation a rendered record names (its current hash and rollout mode); undefined when it has none. */
export function renderedWorkerGeneration(
  recordAnnotations: Readonly<Record<string, string>> | undefined,
): WorkerGeneration | undefined {
  const hash = recordAnnotations?.[ANNOTATION.currentWorkerHash];
  const mode = recordAnnotations?.[ANNOTATION.workerRollout];
  if (!hash || (mode !== 'operator' && mode !== 'commits')) return undefined;
  return { hash, mode };
}
