/**
 * Which workload of a graph component is its current worker generation (issue 28). A record
 * whose render made generations carries `nvidia.com/current-worker-hash`; its worker
 * components' Deployments are then named `<graph>-<lower(component)>-<hash>` (the render's
 * componentWorkloadName, given the record's generation). In `operator` mode the worker-rollout
 * controller alone sets their replicas (the render's workerRolloutOwnsReplicas).
 */
import { ComponentModel, isWorkerComponent } from '../../api';
import { ANNOTATION, isMultinode, LABEL, renderedWorkerGeneration, WorkerGeneration } from '../../render';
import { ServerObject } from '../runtime/kube/objects';

/** The record's generation, when it has one. */
export function recordGeneration(record: ServerObject): WorkerGeneration | undefined {
  return renderedWorkerGeneration(record.metadata.annotations);
}

/** Whether a component's workloads are worker generations (single-node workers; the render makes no others). */
export function hasGenerations(c: ComponentModel): boolean {
  return isWorkerComponent(c.type) && !isMultinode(c);
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
