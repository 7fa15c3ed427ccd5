/**
 * Who owns a component's replica count (the ownership contract). With `scalingAdapter` the
 * runtime's scaling adapter does (HPA, KEDA, the Planner or `kubectl scale` write it): the
 * rendered workloads carry no replicas and the operator sets them from the adapter. A worker of
 * a graph rendered with `workerRollout: operator` generations: the runtime operator's rollout
 * does (it moves replicas from the old generation to the new one). Otherwise the rendered
 * output does. The render and the operator both decide it here.
 */
import { ComponentModel, isWorkerComponent } from '../api/model';
import { KubeObject } from '../api/k8s-types';
import { ANNOTATION } from './labels';
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
 * graph whose generation (`workerGenerationOf`, or `renderedWorkerGeneration` of its record) is
 * in `operator` mode.
 */
export function workerRolloutOwnsReplicas(
  component: ComponentModel,
  generation: Pick<WorkerGeneration, 'mode'> | undefined,
): boolean {
  return generation?.mode === 'operator' && isWorkerComponent(component.type);
}

/**
 * The count the worker rollout will set, as an annotation (never `spec.replicas`, which the
 * operator owns) so that it shows in a diff; none where a scaling adapter decides the count.
 */
export function desiredReplicasAnnotation(
  component: ComponentModel,
  generation: Pick<WorkerGeneration, 'mode'> | undefined,
): Record<string, string> {
  if (!workerRolloutOwnsReplicas(component, generation) || scalingAdapterOwnsReplicas(component)) return {};
  return { [ANNOTATION.desiredReplicas]: String(requestedReplicas(component)) };
}

/**
 * One line for a run whose output leaves a worker count other than 1 to the runtime operator's
 * rollout (the Deployment carries it as an annotation only, and applied without the operator it
 * runs 1 pod), or undefined when there is none: a count of 1 is what the Deployment runs anyway.
 */
export function desiredReplicasNotice(objects: readonly KubeObject[]): string | undefined {
  const n = objects.filter((o) => (o.metadata.annotations?.[ANNOTATION.desiredReplicas] ?? '1') !== '1').length;
  if (n === 0) return undefined;
  return (
    `note: ${n} worker Deployment${n === 1 ? '' : 's'} leave${n === 1 ? 's' : ''} spec.replicas to the runtime operator ` +
    `(workerRollout: operator), which sets the count in ${ANNOTATION.desiredReplicas}; without the operator ` +
    'a Deployment runs 1 pod (setting workerRollout: commits keeps replicas in the output; docs/rollouts.md)'
  );
}

/** Whether the rendered workload leaves its replica count to the runtime (no `spec.replicas` rendered). */
export function runtimeOwnsReplicas(
  component: ComponentModel,
  generation: Pick<WorkerGeneration, 'mode'> | undefined,
): boolean {
  return scalingAdapterOwnsReplicas(component) || workerRolloutOwnsReplicas(component, generation);
}
