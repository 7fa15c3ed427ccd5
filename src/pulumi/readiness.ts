/**
 * `pulumi up` readiness: which rendered objects the Kubernetes provider should
 * wait for. The provider already waits for Deployments, Services, Ingresses and
 * PVCs; those only become ready where pods run (and an ingress controller and
 * a storage provisioner exist), so users of clusters without that turn the
 * wait off. Graph records get a status only from a runtime operator, and other
 * custom resources only from their own controllers, so by default nothing
 * waits for them.
 */
import { KubeObject } from '../api/k8s-types';

export const SKIP_AWAIT = 'pulumi.com/skipAwait';
export const WAIT_FOR = 'pulumi.com/waitFor';

export interface ReadinessOptions {
  /**
   * Wait until Deployments, LeaderWorkerSets, Services, Ingresses and PVCs are
   * ready. Turn off where pods never run (no kubelet, no GPUs yet, a test API
   * server), or `pulumi up` waits until the provider's timeout.
   * @default true
   */
  readonly awaitWorkloads?: boolean;
  /**
   * Wait for the DynamoGraphDeployment's `Ready` (DynamoComponentDeployment:
   * `Available`) condition. Only a runtime operator writes it; without one the
   * record never gets a status, so leave this off.
   * @default false
   */
  readonly awaitGraphStatus?: boolean;
}

/** Kinds the provider awaits by itself, and which need pods (or controllers) running. */
const AWAITED_BUILTINS = new Set([
  'apps/v1/Deployment', 'v1/Service', 'networking.k8s.io/v1/Ingress', 'v1/PersistentVolumeClaim',
]);

/** Condition the runtime sets on each kind when it is ready. */
const READY_CONDITION: Record<string, string> = {
  DynamoGraphDeployment: 'Ready',
  DynamoComponentDeployment: 'Available',
  LeaderWorkerSet: 'Available',
};

/** API versions served by Kubernetes itself; anything else is a custom resource. */
const BUILTIN_API_VERSIONS = new Set([
  'v1', 'apps/v1', 'batch/v1', 'policy/v1', 'autoscaling/v2', 'rbac.authorization.k8s.io/v1',
  'networking.k8s.io/v1', 'apiextensions.k8s.io/v1', 'scheduling.k8s.io/v1', 'storage.k8s.io/v1',
]);

/** The `pulumi.com/*` annotations for one object (empty when the provider's default is right). */
export function readinessAnnotations(o: KubeObject, options: ReadinessOptions): Record<string, string> {
  const awaitWorkloads = options.awaitWorkloads ?? true;
  if (AWAITED_BUILTINS.has(`${o.apiVersion}/${o.kind}`)) return awaitWorkloads ? {} : { [SKIP_AWAIT]: 'true' };
  if (BUILTIN_API_VERSIONS.has(o.apiVersion)) return {};
  const condition = READY_CONDITION[o.kind];
  const isRecord = o.apiVersion.startsWith('nvidia.com/');
  const wait = condition !== undefined && (isRecord ? options.awaitGraphStatus ?? false : awaitWorkloads);
  // Explicit skipAwait also keeps the provider's opt-in generic await (PULUMI_K8S_AWAIT_ALL) from hanging.
  return wait ? { [WAIT_FOR]: `condition=${condition}` } : { [SKIP_AWAIT]: 'true' };
}

/** `o` with its readiness annotations merged into `metadata.annotations`. */
export function withReadiness(o: KubeObject, options: ReadinessOptions): KubeObject {
  const extra = readinessAnnotations(o, options);
  if (Object.keys(extra).length === 0) return o;
  return { ...o, metadata: { ...o.metadata, annotations: { ...(o.metadata.annotations ?? {}), ...extra } } };
}
