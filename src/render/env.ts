/** Environment variables: merge rules and the env every Dynamo container gets. */
import { EnvVar } from '../api/k8s-types';
import { ResolvedSettings } from '../api/settings';

/**
 * Merges env lists by name, later lists winning, and returns them sorted by
 * name (upstream's merge helper sorts; order has no meaning to Kubernetes but
 * a stable one keeps diffs quiet).
 */
export function mergeEnv(...lists: (EnvVar[] | undefined)[]): EnvVar[] {
  const byName = new Map<string, EnvVar>();
  for (const list of lists) for (const e of list ?? []) byName.set(e.name, e);
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export const envValue = (name: string, value: string): EnvVar => ({ name, value });

/** A worker generation's Dynamo namespace suffix: its workers register in `<DYN_NAMESPACE>-<suffix>`. */
export const WORKER_SUFFIX_ENV = 'DYN_NAMESPACE_WORKER_SUFFIX';

export const envField = (name: string, fieldPath: string): EnvVar => ({
  name,
  // apiVersion is what the API server defaults; writing it keeps server-side apply diffs empty.
  valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath } },
});

export interface CommonEnvInput {
  readonly dynamoNamespace: string;
  readonly componentType: string;
  readonly graphName: string;
  readonly namespace: string;
  /** Effective discovery backend ('' counts as kubernetes for the env var). */
  readonly discoveryBackend: string;
  readonly kubeDiscoveryMode?: string;
  /** Name of the container the env is for (container discovery mode registers per container). */
  readonly containerName: string;
}

/** Env on every Dynamo main container (and the frontend sidecar). */
export function commonEnv(i: CommonEnvInput): EnvVar[] {
  const env: EnvVar[] = [
    envValue('DYN_NAMESPACE', i.dynamoNamespace),
    envValue('DYN_COMPONENT', i.componentType),
    envValue('DYN_PARENT_DGD_K8S_NAME', i.graphName),
    envValue('DYN_PARENT_DGD_K8S_NAMESPACE', i.namespace),
    envField('POD_NAME', 'metadata.name'),
    envField('POD_NAMESPACE', 'metadata.namespace'),
    envField('POD_UID', 'metadata.uid'),
    // The address a 1.6+ runtime advertises for its TCP request plane's response stream (the
    // default plane): the pod's own, rather than whatever interface it would detect (deviations.md).
    envField('DYN_TCP_RESPONSE_STREAM_HOST', 'status.podIP'),
  ];
  if (i.discoveryBackend !== 'etcd') env.push(envValue('DYN_DISCOVERY_BACKEND', 'kubernetes'));
  if (i.kubeDiscoveryMode === 'container') {
    env.push(envValue('DYN_KUBE_DISCOVERY_MODE', 'container'));
    env.push(envValue('CONTAINER_NAME', i.containerName));
  }
  return env;
}

/** Infrastructure addresses from the platform settings: lowest precedence, only added when absent. */
export function addInfrastructureEnv(env: EnvVar[], settings: ResolvedSettings): EnvVar[] {
  const out = [...env];
  const infra: [string, string][] = [
    ['NATS_SERVER', settings.natsAddress],
    ['ETCD_ENDPOINTS', settings.etcdAddress],
    ['MODEL_EXPRESS_URL', settings.modelExpressUrl],
    ['PROMETHEUS_ENDPOINT', settings.prometheusEndpoint],
  ];
  for (const [name, value] of infra) {
    if (value && !out.some((e) => e.name === name)) out.push(envValue(name, value));
  }
  return out;
}

/** Appends or replaces one variable, keeping the position of an existing one. */
export function setEnv(env: EnvVar[], v: EnvVar): EnvVar[] {
  const i = env.findIndex((e) => e.name === v.name);
  if (i < 0) return [...env, v];
  const out = [...env];
  out[i] = v;
  return out;
}
