/**
 * Which pods serve a base model: the EndpointSlices of the model's headless Service carry
 * `nvidia.com/dynamo-base-model-hash` (Kubernetes copies the Service's labels onto them).
 * Every Pod-backed endpoint is a candidate, once per pod, at its first address; readiness
 * is not taken from the slice (for a LoRA it is the outcome of the load call).
 */
import { LABEL } from '../../../render';
import { EndpointSlice } from '../kinds';

/** The Dynamo system port, where the workers serve `/v1/loras`. */
export const DYNAMO_SYSTEM_PORT = 9090;
const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

/**
 * `number`: that port on every pod (upstream: always 9090). `'endpointslice'`: the port the
 * slice publishes as `system` (else its first port), for setups whose workers listen elsewhere
 * and for tests, whose stand-in workers listen on random ports.
 */
export type EndpointPort = number | 'endpointslice';

export interface Candidate {
  /** `http://<ip>:<port>`. */
  readonly address: string;
  readonly podName: string;
}

export interface Discovered {
  readonly candidates: Candidate[];
  /** Distinct `kubernetes.io/service-name` values of the slices. */
  readonly serviceNames: string[];
}

export function slicesFor(slices: EndpointSlice[], namespace: string, baseModelHash: string): EndpointSlice[] {
  return slices.filter(
    (s) => s.metadata.namespace === namespace && s.metadata.labels?.[LABEL.baseModelHash] === baseModelHash,
  );
}

/**
 * `host` replaces every pod IP (tests only: the API server refuses loopback addresses in
 * slices, while the stand-in workers listen on 127.0.0.1; each is told apart by its port).
 */
export function extractCandidates(
  slices: EndpointSlice[],
  port: EndpointPort = DYNAMO_SYSTEM_PORT,
  host?: string,
): Discovered {
  const byPod = new Map<string, Candidate>();
  const services = new Set<string>();
  // Slice names are unique per namespace: a stable order whatever order the cache returns.
  for (const slice of [...slices].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))) {
    const service = slice.metadata.labels?.[SERVICE_NAME_LABEL];
    if (service) services.add(service);
    const slicePort = port === 'endpointslice' ? portOf(slice) : port;
    for (const ep of slice.endpoints ?? []) {
      const ip = ep.addresses?.[0];
      const pod = ep.targetRef?.kind === 'Pod' ? ep.targetRef.name : undefined;
      if (!ip || !pod || slicePort === undefined) continue;
      const key = ep.targetRef?.uid || pod;
      if (byPod.has(key)) continue;
      byPod.set(key, { address: `http://${hostPort(host ?? ip, slicePort)}`, podName: pod });
    }
  }
  return { candidates: [...byPod.values()], serviceNames: [...services].sort() };
}

function portOf(slice: EndpointSlice): number | undefined {
  const ports = slice.ports ?? [];
  return (ports.find((p) => p.name === 'system') ?? ports[0])?.port;
}

const hostPort = (ip: string, port: number) => (ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`);
