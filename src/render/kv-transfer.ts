/**
 * Topology-aware KV transfer (`spec.experimental.kvTransferPolicy` with `labelKey`), as upstream
 * renders it on worker pods: the policy as env, the pod's copy of the node's topology label
 * projected into a file by a Downward API volume, and the annotation that tells the runtime
 * operator which node label to copy onto the pod once it is scheduled.
 */
import { Container, EnvVar, JsonObject } from '../api/k8s-types';
import { isWorkerComponent, KvTransferPolicyModel } from '../api/model';
import { ComponentContext } from './context';
import { envValue, setEnv } from './env';

export const TOPOLOGY_LABEL_KEY_ANNOTATION = 'nvidia.com/topology-label-key';
const TOPOLOGY_VOLUME = 'topology-labels';
const TOPOLOGY_MOUNT_PATH = '/etc/dynamo/topology';
const POLICY_ENV = [
  'DYN_KV_TRANSFER_DOMAIN',
  'DYN_KV_TRANSFER_ENFORCEMENT',
  'DYN_KV_TRANSFER_PREFERRED_WEIGHT',
  'DYN_TOPOLOGY_ENABLED',
  'DYN_TOPOLOGY_MOUNT_PATH',
];

/** The policy of a worker component, when there is one to render (only `labelKey` is). */
export function kvTransferPolicyOf(
  cc: ComponentContext,
): (KvTransferPolicyModel & { labelKey: string; domain: string }) | undefined {
  const policy = cc.graph.kvTransferPolicy;
  if (!policy?.labelKey || !policy.domain || !isWorkerComponent(cc.component.type)) return undefined;
  return policy as KvTransferPolicyModel & { labelKey: string; domain: string };
}

/** Annotations for the worker's pods and workload. */
export function kvTransferAnnotations(cc: ComponentContext): Record<string, string> {
  const policy = kvTransferPolicyOf(cc);
  return policy ? { [TOPOLOGY_LABEL_KEY_ANNOTATION]: policy.labelKey } : {};
}

export function applyKvTransferPolicy(cc: ComponentContext, spec: JsonObject, main: Container): void {
  const policy = kvTransferPolicyOf(cc);
  if (!policy) return;
  let env = ((main.env ?? []) as EnvVar[]).filter((e) => !POLICY_ENV.includes(e.name));
  env = setEnv(env, envValue('DYN_KV_TRANSFER_DOMAIN', policy.domain));
  env = setEnv(env, envValue('DYN_KV_TRANSFER_ENFORCEMENT', policy.enforcement ?? 'required'));
  env = setEnv(env, envValue('DYN_TOPOLOGY_ENABLED', 'true'));
  env = setEnv(env, envValue('DYN_TOPOLOGY_MOUNT_PATH', TOPOLOGY_MOUNT_PATH));
  if (policy.preferredWeight !== undefined)
    env = setEnv(env, envValue('DYN_KV_TRANSFER_PREFERRED_WEIGHT', float32Text(policy.preferredWeight)));
  main.env = env;
  const mounts = (Array.isArray(main.volumeMounts) ? main.volumeMounts : []) as JsonObject[];
  main.volumeMounts = [
    ...mounts.filter((m) => m.name !== TOPOLOGY_VOLUME && m.mountPath !== TOPOLOGY_MOUNT_PATH),
    { name: TOPOLOGY_VOLUME, mountPath: TOPOLOGY_MOUNT_PATH, readOnly: true },
  ];
  const volumes = (Array.isArray(spec.volumes) ? spec.volumes : []) as JsonObject[];
  spec.volumes = [
    ...volumes.filter((v) => v.name !== TOPOLOGY_VOLUME),
    {
      name: TOPOLOGY_VOLUME,
      downwardAPI: {
        items: [
          { path: policy.domain, fieldRef: { apiVersion: 'v1', fieldPath: `metadata.labels['${policy.labelKey}']` } },
        ],
      },
    },
  ];
}

/** The shortest decimal that reads back as the same float32 (upstream formats the weight as a Go float32). */
export function float32Text(x: number): string {
  const target = Math.fround(x);
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(target.toPrecision(digits));
    if (Math.fround(candidate) === target) return decimal(candidate);
  }
  return decimal(target);
}

/** Plain notation, never exponent form (Go's 'f' format). */
function decimal(x: number): string {
  const text = String(x);
  if (!/e/i.test(text)) return text;
  const places = Math.max(0, -Math.floor(Math.log10(Math.abs(x))) + 9);
  return x.toFixed(Math.min(places, 100)).replace(/0+$/, '').replace(/\.$/, '');
}
