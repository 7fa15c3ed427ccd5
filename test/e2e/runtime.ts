/**
 * What the Dynamo runtime itself shows: the workers it registered (DynamoWorkerMetadata objects,
 * one per worker pod, owned by the pod) and the requests each worker served (its system port's
 * Prometheus metrics).
 */
import { kube, Pod } from './node';

export interface RegisteredWorker {
  name: string;
  pod: string;
}

/** The workers registered through Kubernetes discovery in `ns`, with the pod that owns each. */
export async function registeredWorkers(ns: string): Promise<RegisteredWorker[]> {
  const list = await kube().list('nvidia.com/v1alpha1', 'DynamoWorkerMetadata', { namespace: ns });
  return list.map((m) => ({
    name: m.metadata.name,
    pod: m.metadata.ownerReferences?.find((o) => o.kind === 'Pod')?.name ?? m.metadata.name,
  }));
}

/** The worker system server's port (DYN_SYSTEM_PORT, rendered as the container port named `system`). */
const SYSTEM_PORT = 9090;

/** The requests a worker pod has served, from the request counters on its system port's /metrics. */
export async function requestsServedBy(pod: Pod): Promise<number> {
  const res = await fetch(`http://${pod.status!.podIP}:${SYSTEM_PORT}/metrics`, { signal: AbortSignal.timeout(5_000) });
  const text = await res.text();
  let total = 0;
  for (const line of text.split('\n')) {
    // dynamo_component_requests_total{...endpoint="generate"...} N
    if (/^dynamo_component_requests_total\{[^}]*endpoint="generate"/.test(line)) total += Number(line.split(' ').pop());
  }
  return total;
}
