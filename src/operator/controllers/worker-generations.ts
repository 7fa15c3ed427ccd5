/**
 * Which workload of a graph component is its current worker generation (issue 28). A record
 * whose render made generations carries `nvidia.com/current-worker-hash`; its worker
 * components' Deployments are then named `<graph>-<lower(component)>-<hash>`. In `operator`
 * mode the worker-rollout controller alone sets their replicas. Read here once for every
 * controller that names a component's workload (graph status, restart, scaling adapters).
 */
import { ComponentModel, isWorkerComponent } from '../../api';
import { ANNOTATION, isMultinode, LABEL, renderedWorkerGeneration, WorkerGeneration } from '../../render';
import { ServerObject } from '../runtime/kube/objects';

/** The record's generation, when it has one. */
export function recordGeneration(record: ServerObject): WorkerGeneration | undefined {
  return renderedWorkerGeneration(record.metadata.annotations ?? {});
}

/** Whether a component's workloads are worker generations (single-node workers; the render makes no others). */
export function hasGenerations(c: ComponentModel): boolean {
  return isWorkerComponent(c.type) && !isMultinode(c);
}

/** The hash in the name of a component's current workload; undefined when its workload has none. */
export function generationOf(record: ServerObject, c: ComponentModel): string | undefined {
  return hasGenerations(c) ? recordGeneration(record)?.hash : undefined;
}

/** Whether the worker-rollout controller, not the scaling adapter, sets this component's replicas. */
export function rolloutOwnsReplicas(record: ServerObject, c: ComponentModel): boolean {
  return hasGenerations(c) && recordGeneration(record)?.mode === 'operator';
}

/** The generations the output still carries (`dynamo-iac.io/worker-hashes`), with the current one. */
export function listedGenerations(record: ServerObject): Set<string> {
  const listed = (record.metadata.annotations?.[ANNOTATION.workerHashes] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const current = recordGeneration(record)?.hash;
  return new Set(current ? [current, ...listed] : listed);
}

/** A generation object's hash (its worker-hash label). */
export const workerHashOf = (obj: ServerObject): string | undefined => obj.metadata.labels?.[LABEL.workerHash];
