/**
 * Who owns a component's replica count (the ownership contract). With `scalingAdapter` the
 * runtime's scaling adapter does (HPA, KEDA, the Planner or `kubectl scale` write it): the
 * rendered workloads carry no replicas and the operator sets them from the adapter. Without
 * one the rendered output does. The render and the operator both decide it here.
 */
import { ComponentModel, isWorkerComponent } from '../api/model';
import type { WorkerGeneration } from './worker-generation';

/** Whether a scaling adapter, not the rendered output, owns the component's replica count. */
export function scalingAdapterOwnsReplicas(component: ComponentModel): boolean {
  return component.scalingAdapter;
}

/** The count the component asks for: its `replicas`, else 1. A new scaling adapter starts here. */
export function requestedReplicas(component: ComponentModel): number {
  return component.replicas ?? 1;
}

/**
 * Whether the runtime operator's worker rollout owns the component's replica count: a worker of a
 * graph whose generation (`renderedWorkerGeneration` of its record) is in `operator` mode.
 */
export function workerRolloutOwnsReplicas(
  component: ComponentModel,
  generation: Pick<WorkerGeneration, 'mode'> | undefined,
): boolean {
  return generation?.mode === 'operator' && isWorkerComponent(component.type);
}
