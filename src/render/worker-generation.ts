/**
 * Worker generations (issue 28): reading back which generation a graph record says is current.
 * STUB of the operator-side function only; the render side (workerHash, workerGenerationOf) is
 * written on branch rollout-render under the same names.
 */
import { ANNOTATION } from './labels';

export type WorkerRolloutMode = 'operator' | 'commits';

export interface WorkerGeneration {
  readonly hash: string;
  readonly mode: WorkerRolloutMode;
}

/** The generation a rendered record names (its current hash and rollout mode); undefined when it has none. */
export function renderedWorkerGeneration(recordAnnotations: Record<string, string>): WorkerGeneration | undefined {
  const hash = recordAnnotations[ANNOTATION.currentWorkerHash];
  const mode = recordAnnotations[ANNOTATION.workerRollout];
  if (!hash || (mode !== 'operator' && mode !== 'commits')) return undefined;
  return { hash, mode };
}
