/**
 * `pulumi up` readiness: which rendered objects the Kubernetes provider waits for.
 *
 * The rule: by default `pulumi up` returns once the API server has accepted every object, as
 * `kubectl apply` and Flux do. It does not wait for what needs pods running (Deployments,
 * StatefulSets, LeaderWorkerSets, Jobs ready; Services with endpoints; Ingresses with an address;
 * PVCs bound): a model worker may take longer to pull its image and load its weights than any
 * fixed timeout, and on a cluster without GPUs or kubelets it never gets there, so a default
 * wait would leave `pulumi up` waiting out the provider's timeout on every object and then fail.
 * `awaitWorkloads: true` turns the provider's own waits back on, bounded by
 * `awaitTimeoutSeconds`; `awaitGraphStatus: true` waits for the graph's `Ready` condition,
 * which the runtime operator writes when every component is ready.
 */
import { KubeObject } from '../api/k8s-types';
import { bool, int, PropsShape } from '../api/props-shape';
import { isDynamoRecord } from '../crds/crd';

export const SKIP_AWAIT = 'pulumi.com/skipAwait';
export const WAIT_FOR = 'pulumi.com/waitFor';
export const TIMEOUT_SECONDS = 'pulumi.com/timeoutSeconds';

export interface ReadinessOptions {
  /**
   * Wait until Deployments, StatefulSets, DaemonSets, Jobs and LeaderWorkerSets are ready,
   * Services have ready endpoints, Ingresses an address and PVCs are bound. Off by default:
   * `pulumi up` then returns once the API server has accepted everything (see
   * `awaitGraphStatus` for the graph's own readiness).
   * @default false
   */
  readonly awaitWorkloads?: boolean;
  /**
   * Wait for the DynamoGraphDeployment's `Ready` (DynamoComponentDeployment:
   * `Available`) condition. Only a runtime operator writes it; without one the
   * record never gets a status, so leave this off.
   * @default false
   */
  readonly awaitGraphStatus?: boolean;
  /**
   * How long `pulumi up` waits for each object it waits for (see `awaitWorkloads` and
   * `awaitGraphStatus`) before it fails, naming the object.
   * @default - the provider's: 10 minutes for most kinds
   */
  readonly awaitTimeoutSeconds?: number;
}

/** The runtime check of ReadinessOptions given as args. */
export const READINESS_SHAPE: PropsShape<ReadinessOptions> = {
  awaitWorkloads: bool,
  awaitGraphStatus: bool,
  awaitTimeoutSeconds: int(0),
};

/** Kinds the provider awaits by itself, and which need pods (or controllers) running. */
const AWAITED_BUILTINS = new Set([
  'apps/v1/Deployment',
  'apps/v1/StatefulSet',
  'apps/v1/DaemonSet',
  'batch/v1/Job',
  'v1/Service',
  'networking.k8s.io/v1/Ingress',
  'v1/PersistentVolumeClaim',
]);

/** Condition the runtime sets on each kind when it is ready. */
const READY_CONDITION: Record<string, string> = {
  DynamoGraphDeployment: 'Ready',
  DynamoComponentDeployment: 'Available',
  LeaderWorkerSet: 'Available',
};

/** API versions served by Kubernetes itself; anything else is a custom resource. */
const BUILTIN_API_VERSIONS = new Set([
  'v1',
  'apps/v1',
  'batch/v1',
  'policy/v1',
  'autoscaling/v2',
  'rbac.authorization.k8s.io/v1',
  'networking.k8s.io/v1',
  'apiextensions.k8s.io/v1',
  'scheduling.k8s.io/v1',
  'storage.k8s.io/v1',
]);

/** The `pulumi.com/*` annotations for one object (empty when the provider's default is right). */
export function readinessAnnotations(o: KubeObject, options: ReadinessOptions): Record<string, string> {
  const awaitWorkloads = options.awaitWorkloads ?? false;
  const timeout: Record<string, string> =
    options.awaitTimeoutSeconds === undefined ? {} : { [TIMEOUT_SECONDS]: String(options.awaitTimeoutSeconds) };
  if (AWAITED_BUILTINS.has(`${o.apiVersion}/${o.kind}`)) return awaitWorkloads ? timeout : { [SKIP_AWAIT]: 'true' };
  if (BUILTIN_API_VERSIONS.has(o.apiVersion)) return {};
  const condition = READY_CONDITION[o.kind];
  const wait = condition !== undefined && (isDynamoRecord(o) ? (options.awaitGraphStatus ?? false) : awaitWorkloads);
  // Explicit skipAwait also keeps the provider's opt-in generic await (PULUMI_K8S_AWAIT_ALL) from hanging.
  return wait ? { [WAIT_FOR]: `condition=${condition}`, ...timeout } : { [SKIP_AWAIT]: 'true' };
}

/** `o` with its readiness annotations merged into `metadata.annotations`. */
export function withReadiness(o: KubeObject, options: ReadinessOptions): KubeObject {
  const extra = readinessAnnotations(o, options);
  if (Object.keys(extra).length === 0) return o;
  return { ...o, metadata: { ...o.metadata, annotations: { ...(o.metadata.annotations ?? {}), ...extra } } };
}
