/**
 * What `renderPlatform` accepts, checked the way the API server will check the objects made from
 * it, with the option's path: `imagePullSecrets[1]`, `etcd.replicas`, `checkpointAgent.namespace`.
 * The platform has no manifest, so its options are render's input; all three front ends (the
 * CLI, the cdk8s and the Pulumi DynamoPlatform) report these problems before anything is rendered.
 * Unknown keys are refused, so a misspelt option from JavaScript is not dropped in silence.
 */
import { checkpointRefKind } from '../api/checkpoint';
import { storageRequestProblems } from '../api/k8s-object-rules';
import { dns1123Label, dns1123Subdomain } from '../api/k8s-syntax';
import { Problem, unknownFieldMessage } from '../api/problems';
import { DynamoVersion } from '../api/settings';
import { dynamoVersionProblem } from '../api/settings-check';
import { fieldPath, isObject, keyPath } from '../api/read';
import { agentNamespaceOf, CheckpointAgentOptions } from './checkpoint-agent';
import { EtcdOptions, NatsOptions } from './platform-infra';

export interface PlatformOptions {
  /** Namespace of the operator; in namespace scope also the one namespace it manages. */
  readonly namespace: string;
  /**
   * `namespace`: for users with namespace-level permissions only. The operator gets a Role in
   * `namespace`, holds upstream's namespace-scope lease, and by default nothing cluster-scoped
   * is rendered (no CRDs, Namespace or node reader unless asked for: `crds`, `createNamespace`,
   * `readNodes`).
   * @default 'cluster'
   */
  readonly scope?: 'cluster' | 'namespace';
  /**
   * Render the Namespace `namespace` (Pod Security `restricted` enforced in cluster scope, where
   * only the platform runs there; the graphs' recommended labels in namespace scope). Turn off
   * when namespaces are managed elsewhere (a GitOps repository, a cluster admin).
   * @default - true in cluster scope, false in namespace scope
   */
  readonly createNamespace?: boolean;
  /** Operator image. @default - the release image of this package version */
  readonly image?: string;
  /**
   * Pull policy of the operator image.
   * @default - Kubernetes' own default, written out: `Always` for a `latest` or untagged image, else `IfNotPresent`
   */
  readonly imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never';
  /** Secrets (docker-registry) to pull the operator image with, e.g. from a private mirror. @default - none */
  readonly imagePullSecrets?: readonly string[];
  /** Operator package version, for the default image tag. */
  readonly version: string;
  /**
   * Include our CustomResourceDefinitions (cluster-scoped); false when they are installed
   * elsewhere (`dynamo-iac crds`, a cluster admin).
   * @default - true in cluster scope, false in namespace scope
   */
  readonly crds?: boolean;
  /**
   * The Dynamo release whose CRDs to include (`crds`): 1.7 has no DynamoCheckpoint (its
   * checkpoints belong to the Dynamo Snapshot project: no `checkpointAgent`) and adds the search's
   * DynamoGraphDeploymentRun and DynamoGraphDeploymentCandidate. Match the graphs' `dynamoVersion`
   * setting.
   * @default '1.7'
   */
  readonly dynamoVersion?: DynamoVersion;
  /**
   * Let the operator get Nodes, to copy a node's topology label onto worker pods
   * (`kvTransferPolicy.labelKey`). Nodes are cluster-scoped: in namespace scope this adds a
   * ClusterRole and a ClusterRoleBinding, which need cluster permissions to create; without it
   * the operator warns on the pod (`TopologyLabelMissing`) instead.
   * @default - true in cluster scope, false in namespace scope
   */
  readonly readNodes?: boolean;
  /** Add a Prometheus Operator ServiceMonitor and a Grafana dashboard ConfigMap. @default false */
  readonly monitoring?: boolean;
  /** Operator replicas; one leads, the rest stand by. @default 1 */
  readonly replicas?: number;
  /**
   * Run scale to zero's activator on this port (the operator's `--activator-port`): a named
   * container port `activator` and a Service `dynamo-iac-operator-activator` clients send
   * requests to (docs/scale-to-zero.md). Counts are per replica: run one replica with it.
   * @default - no activator
   */
  readonly activatorPort?: number;
  /**
   * NATS (JetStream) for Dynamo's runtime, as upstream's platform chart installs it: a
   * StatefulSet `dynamo-platform-nats` with a PVC, and its Services. `true` for the defaults.
   * @default - not installed
   */
  readonly nats?: boolean | NatsOptions;
  /**
   * etcd for Dynamo's runtime (discovery backend `etcd`): a StatefulSet `dynamo-platform-etcd`
   * with a PVC, and its Services. `true` for the defaults.
   * @default - not installed
   */
  readonly etcd?: boolean | EtcdOptions;
  /** PVC and mount path of checkpoint artifacts (match the graphs' `checkpointStorage` setting). @default - 'snapshot-pvc' at '/checkpoints' */
  readonly checkpointStorage?: { readonly pvcName?: string; readonly basePath?: string };
  /**
   * Deploy the privileged checkpoint node agent. It runs in its own namespace, created with Pod
   * Security `privileged`; the operator's namespace keeps `restricted`.
   * @default - no agent
   */
  readonly checkpointAgent?: CheckpointAgentOptions;
}

/** Every option, so the compiler keeps the lists in step with the option types. */
const PLATFORM_KEYS = {
  namespace: true,
  scope: true,
  createNamespace: true,
  image: true,
  imagePullPolicy: true,
  imagePullSecrets: true,
  version: true,
  crds: true,
  dynamoVersion: true,
  readNodes: true,
  monitoring: true,
  replicas: true,
  activatorPort: true,
  nats: true,
  etcd: true,
  checkpointStorage: true,
  checkpointAgent: true,
} satisfies Record<keyof PlatformOptions, true>;
const NATS_KEYS = { image: true, storage: true, storageClassName: true } satisfies Record<keyof NatsOptions, true>;
const ETCD_KEYS = { image: true, replicas: true, storage: true, storageClassName: true } satisfies Record<
  keyof EtcdOptions,
  true
>;
const STORAGE_KEYS = { pvcName: true, basePath: true } satisfies Record<
  keyof NonNullable<PlatformOptions['checkpointStorage']>,
  true
>;
const AGENT_KEYS = { image: true, namespace: true, runtimeSocket: true, seccompInstallerImage: true } satisfies Record<
  keyof CheckpointAgentOptions,
  true
>;

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];

/** The operator's /metrics, /healthz and /readyz port; another port the operator opens must differ. */
export const OPERATOR_HTTP_PORT = 8080;

/**
 * The options whose default depends on the scope, resolved: in namespace scope nothing
 * cluster-scoped unless asked for (a user with namespace-level permissions could not create it).
 */
export function scopeDefaults(opts: Pick<PlatformOptions, 'scope' | 'crds' | 'createNamespace' | 'readNodes'>): {
  crds: boolean;
  createNamespace: boolean;
  readNodes: boolean;
} {
  const cluster = (opts.scope ?? 'cluster') === 'cluster';
  return {
    crds: opts.crds ?? cluster,
    createNamespace: opts.createNamespace ?? cluster,
    readNodes: opts.readNodes ?? cluster,
  };
}

type Check = (v: string) => string[];

/** Collects problems with their paths; each `is*` returns whether the value may be read further. */
class Checker {
  public readonly problems: Problem[] = [];

  public add(path: string, message: string): void {
    this.problems.push({ path, message, severity: 'error' });
  }

  public known(v: Record<string, unknown>, keys: object, path: string): void {
    for (const k of Object.keys(v))
      if (!(k in keys)) this.add(fieldPath(path, k), unknownFieldMessage(k, Object.keys(keys)));
  }

  /** An optional string that, when given, passes `check` (a non-empty string by default). */
  public string(v: unknown, path: string, check: Check = nonEmpty): void {
    if (v === undefined) return;
    if (typeof v !== 'string') return this.add(path, `must be a string, got ${describe(v)}`);
    for (const m of check(v)) this.add(path, m);
  }

  /** An optional integer in [min, max]; returns whether it is one. */
  public integer(v: unknown, path: string, min: number, max = Infinity): boolean {
    if (v === undefined) return false;
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      this.add(path, `must be an integer, got ${describe(v)}`);
      return false;
    }
    if (v < min) this.add(path, `must be greater than or equal to ${min}`);
    else if (v > max) this.add(path, `must be less than or equal to ${max}`);
    else return true;
    return false;
  }

  public boolean(v: unknown, path: string): void {
    if (v !== undefined && typeof v !== 'boolean') this.add(path, `must be a boolean, got ${describe(v)}`);
  }

  /** An optional object of `keys`; returns it when there is one to check further. */
  public object(v: unknown, path: string, keys: object): Record<string, unknown> | undefined {
    if (v === undefined) return undefined;
    if (!isObject(v)) {
      this.add(path, `must be an object, got ${describe(v)}`);
      return undefined;
    }
    this.known(v, keys, path);
    return v;
  }
}

const nonEmpty: Check = (v) => (v.trim() === '' ? ['must not be empty'] : []);
const absolutePath: Check = (v) => (v.startsWith('/') ? [] : ['must be an absolute path']);
/** A hostPath volume's path: absolute, and the server refuses `..` in it. */
const hostPath: Check = (v) => [...absolutePath(v), ...(v.split('/').includes('..') ? ["must not contain '..'"] : [])];
const describe = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : (JSON.stringify(v) ?? typeof v);

/** Problems with the platform options (errors only; empty when `renderPlatform` may run). */
export function platformOptionProblems(opts: PlatformOptions): Problem[] {
  const c = new Checker();
  const o = opts as unknown;
  if (!isObject(o)) {
    c.add('', `the platform options must be an object, got ${describe(o)}`);
    return c.problems;
  }
  c.known(o, PLATFORM_KEYS, '');
  if (o.namespace === undefined) c.add('namespace', 'required');
  c.string(o.namespace, 'namespace', dns1123Label);
  if (o.scope !== undefined && o.scope !== 'cluster' && o.scope !== 'namespace')
    c.add('scope', `must be "cluster" or "namespace", got ${describe(o.scope)}`);
  c.string(o.image, 'image');
  if (o.imagePullPolicy !== undefined && !PULL_POLICIES.includes(o.imagePullPolicy as string))
    c.add(
      'imagePullPolicy',
      `must be one of ${PULL_POLICIES.map((p) => `"${p}"`).join(', ')}, got ${describe(o.imagePullPolicy)}`,
    );
  c.boolean(o.createNamespace, 'createNamespace');
  c.boolean(o.readNodes, 'readNodes');
  if (o.imagePullSecrets !== undefined) {
    if (!Array.isArray(o.imagePullSecrets)) c.add('imagePullSecrets', 'must be a list of Secret names');
    else o.imagePullSecrets.forEach((s, i) => c.string(s, keyPath('imagePullSecrets', i), dns1123Subdomain));
  }
  c.boolean(o.crds, 'crds');
  const badRelease = dynamoVersionProblem(o.dynamoVersion);
  if (badRelease !== undefined) c.add('dynamoVersion', badRelease);
  c.boolean(o.monitoring, 'monitoring');
  c.integer(o.replicas, 'replicas', 0);
  if (c.integer(o.activatorPort, 'activatorPort', 1, 65535) && o.activatorPort === OPERATOR_HTTP_PORT)
    c.add('activatorPort', `must differ from the operator's HTTP port ${OPERATOR_HTTP_PORT} (metrics and probes)`);
  for (const [name, keys] of [
    ['nats', NATS_KEYS],
    ['etcd', ETCD_KEYS],
  ] as const) {
    if (o[name] === true || o[name] === false) continue;
    const infra = c.object(o[name], name, keys);
    if (!infra) continue;
    c.string(infra.image, fieldPath(name, 'image'));
    c.string(infra.storage, fieldPath(name, 'storage'), storageRequestProblems);
    c.string(infra.storageClassName, fieldPath(name, 'storageClassName'), dns1123Subdomain);
    if (name === 'etcd') c.integer(infra.replicas, 'etcd.replicas', 1);
  }
  const storage = c.object(o.checkpointStorage, 'checkpointStorage', STORAGE_KEYS);
  if (storage) {
    c.string(storage.pvcName, 'checkpointStorage.pvcName', dns1123Subdomain);
    c.string(storage.basePath, 'checkpointStorage.basePath', absolutePath);
  }
  const agent = c.object(o.checkpointAgent, 'checkpointAgent', AGENT_KEYS);
  const release = badRelease === undefined ? (o.dynamoVersion as DynamoVersion | undefined) : undefined;
  if (agent && release && checkpointRefKind(release) === 'PodSnapshot')
    c.add(
      'checkpointAgent',
      `Dynamo ${release} takes checkpoints with the Dynamo Snapshot project (its own chart and node agent), not DynamoCheckpoint Jobs: leave it out, or set dynamoVersion "1.6"`,
    );
  else if (agent) {
    if (agent.image === undefined) c.add('checkpointAgent.image', 'required');
    c.string(agent.image, 'checkpointAgent.image');
    c.string(agent.runtimeSocket, 'checkpointAgent.runtimeSocket', hostPath);
    c.string(agent.seccompInstallerImage, 'checkpointAgent.seccompInstallerImage');
    if (agent.namespace !== undefined) c.string(agent.namespace, 'checkpointAgent.namespace', dns1123Label);
    else if (typeof o.namespace === 'string' && dns1123Label(o.namespace).length === 0) {
      // The default name grows the operator's namespace; say which option to set when it is too long.
      const derived = agentNamespaceOf(o.namespace, agent as unknown as CheckpointAgentOptions);
      for (const m of dns1123Label(derived))
        c.add('checkpointAgent.namespace', `the default "${derived}" is not a valid namespace (${m}): set one`);
    }
  }
  return c.problems;
}
