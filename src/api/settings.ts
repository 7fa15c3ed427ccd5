/**
 * Cluster-wide platform settings: what the upstream operator reads from its
 * OperatorConfiguration. One object is shared by every graph of an app (cdk8s:
 * `PlatformSettings.of(scope)`; CLI: `--settings FILE`).
 */
export type DiscoveryBackend = 'kubernetes' | 'etcd';

/** How a changed worker spec reaches the cluster (see `PlatformSettings.workerRollout`). */
export const WORKER_ROLLOUT_MODES = ['operator', 'commits', 'in-place'] as const;
export type WorkerRolloutMode = (typeof WORKER_ROLLOUT_MODES)[number];

/** The Dynamo releases this package renders for, each with the operator version it stamps as a graph's origin. */
export const DYNAMO_VERSIONS = { '1.6': '1.6.1', '1.7': '1.7.0' } as const;
export type DynamoVersion = keyof typeof DYNAMO_VERSIONS;

export interface PlatformSettings {
  /**
   * The Dynamo release to render as: the operator version stamped as
   * `nvidia.com/dynamo-operator-origin-version` on a new graph (a graph's own value is kept).
   * @default '1.7'
   */
  readonly dynamoVersion?: DynamoVersion;
  /**
   * Service discovery backend. `kubernetes` renders the discovery ServiceAccount,
   * Role and RoleBinding and a Service per component.
   * @default 'kubernetes'
   */
  readonly discoveryBackend?: DiscoveryBackend;
  /** NATS address, given to Dynamo containers as `NATS_SERVER` unless they set it. @default - none */
  readonly natsAddress?: string;
  /** etcd address, given to Dynamo containers as `ETCD_ENDPOINTS` unless they set it. @default - none */
  readonly etcdAddress?: string;
  /** Model Express URL, given to Dynamo containers as `MODEL_EXPRESS_URL` unless they set it. @default - none */
  readonly modelExpressUrl?: string;
  /** Prometheus endpoint, given to Dynamo containers as `PROMETHEUS_ENDPOINT` unless they set it. @default - none */
  readonly prometheusEndpoint?: string;
  /** Default ingress for frontends that declare none. */
  readonly ingress?: {
    /** IngressClass of the default Ingress. @default - no default Ingress */
    readonly controllerClassName?: string;
    /** Istio Gateway of the default VirtualService. @default - no default VirtualService */
    readonly virtualServiceGateway?: string;
    /** Domain of the default host, `<graph name>.<hostSuffix>`. @default 'local' */
    readonly hostSuffix?: string;
    /** Secret with the default host's TLS certificate. @default - no TLS */
    readonly tlsSecretName?: string;
  };
  /** Secret holding the MPI SSH key pair for TRT-LLM multinode. @default 'mpi-run-ssh-secret' */
  readonly mpiSshSecretName?: string;
  /** Whether LeaderWorkerSet is installed (needed for multinode without Grove). @default true */
  readonly lwsAvailable?: boolean;
  /** Whether Grove is installed. @default false */
  readonly groveAvailable?: boolean;
  /**
   * Image pull secrets per registry host, standing in for upstream's in-cluster
   * docker-registry secret discovery (which needs a live cluster).
   * @default {}
   */
  readonly imagePullSecrets?: Record<string, string[]>;
  /**
   * The operator's scope (match the platform's `scope`). A graph with a planner or an EPP gets its
   * ServiceAccount: in `cluster` scope bound to the platform's ClusterRole
   * (`plannerClusterRoleName` / `eppClusterRoleName`), in `namespace` scope with a Role of its own
   * in the graph's namespace (`planner-role` / `epp-role`), so no cluster-scoped object is needed.
   * @default 'cluster'
   */
  readonly operatorScope?: 'cluster' | 'namespace';
  /**
   * ClusterRole the planner ServiceAccount is bound to in cluster scope. The platform renders it
   * under the default name; with another name, create that ClusterRole yourself.
   * @default 'dynamo-planner'
   */
  readonly plannerClusterRoleName?: string;
  /**
   * ClusterRole the EPP ServiceAccount is bound to in cluster scope. The platform renders it under
   * the default name; with another name, create that ClusterRole yourself.
   * @default 'epp-cluster-role'
   */
  readonly eppClusterRoleName?: string;
  /**
   * Where checkpoint artifacts live: the PVC the snapshot agent, checkpoint Jobs and restored pods
   * mount, and its mount path. Artifacts go to `<basePath>/<checkpointID>/versions/<version>`.
   */
  readonly checkpointStorage?: {
    /** PVC holding the checkpoint artifacts. @default 'snapshot-pvc' */
    readonly pvcName?: string;
    /** Absolute path. @default '/checkpoints' */
    readonly basePath?: string;
  };
  /**
   * How a changed worker spec rolls out on Deployment-backed graphs. `operator` renders each worker
   * spec as its own generation (workloads named with upstream's worker hash, registering in their own
   * Dynamo namespace) whose replica counts the runtime operator moves from the old generation to the
   * new one; `commits` renders the same generations with their replica counts, for clusters without
   * the runtime operator (the GitOps writer keeps the previous generation until it is retired);
   * `in-place` renders stable names and lets each Deployment roll its own pods. Grove and
   * LeaderWorkerSet graphs always roll in place.
   * @default 'operator'
   * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/pages/kubernetes/rolling-update.md
   */
  readonly workerRollout?: WorkerRolloutMode;
}

/** Every setting with its default applied. */
export type ResolvedSettings = Required<Omit<PlatformSettings, 'ingress' | 'checkpointStorage'>> & {
  readonly ingress: NonNullable<PlatformSettings['ingress']>;
  readonly checkpointStorage: Required<NonNullable<PlatformSettings['checkpointStorage']>>;
};

export const DEFAULT_SETTINGS: ResolvedSettings = {
  dynamoVersion: '1.7',
  discoveryBackend: 'kubernetes',
  natsAddress: '',
  etcdAddress: '',
  modelExpressUrl: '',
  prometheusEndpoint: '',
  ingress: {},
  mpiSshSecretName: 'mpi-run-ssh-secret',
  lwsAvailable: true,
  groveAvailable: false,
  imagePullSecrets: {},
  operatorScope: 'cluster',
  plannerClusterRoleName: 'dynamo-planner',
  eppClusterRoleName: 'epp-cluster-role',
  checkpointStorage: { pvcName: 'snapshot-pvc', basePath: '/checkpoints' },
  workerRollout: 'operator',
};

export function resolveSettings(settings: PlatformSettings = {}): ResolvedSettings {
  return {
    ...DEFAULT_SETTINGS,
    ...stripUndefined(settings),
    ingress: { ...DEFAULT_SETTINGS.ingress, ...(settings.ingress ?? {}) },
    imagePullSecrets: { ...(settings.imagePullSecrets ?? {}) },
    checkpointStorage: { ...DEFAULT_SETTINGS.checkpointStorage, ...stripUndefined(settings.checkpointStorage ?? {}) },
  } as ResolvedSettings;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
