/** Label and annotation keys shared with the upstream Dynamo operator. */
export const LABEL = {
  component: 'nvidia.com/dynamo-component',
  componentType: 'nvidia.com/dynamo-component-type',
  subComponentType: 'nvidia.com/dynamo-sub-component-type',
  dynamoNamespace: 'nvidia.com/dynamo-namespace',
  graphName: 'nvidia.com/dynamo-graph-deployment-name',
  selector: 'nvidia.com/selector',
  metricsEnabled: 'nvidia.com/metrics-enabled',
  discoveryBackend: 'nvidia.com/dynamo-discovery-backend',
  discoveryEnabled: 'nvidia.com/dynamo-discovery-enabled',
  baseModelHash: 'nvidia.com/dynamo-base-model-hash',
  managedBy: 'app.kubernetes.io/managed-by',
  /** Upstream's marker on the model headless Services. */
  nvidiaManagedBy: 'nvidia.com/managed-by',
  appComponent: 'app.kubernetes.io/component',
  appName: 'app.kubernetes.io/name',
  /** The worker generation (upstream's worker hash, 8 hex) of a worker's objects and pods. */
  workerHash: 'nvidia.com/dynamo-worker-hash',
  /** Upstream's worker class label on worker pods of a graph with an EPP (part of the worker hash input). */
  componentClass: 'nvidia.com/dynamo-component-class',
} as const;

export const ANNOTATION = {
  enableMetrics: 'nvidia.com/enable-metrics',
  discoveryBackend: 'nvidia.com/dynamo-discovery-backend',
  kubeDiscoveryMode: 'nvidia.com/dynamo-kube-discovery-mode',
  operatorOriginVersion: 'nvidia.com/dynamo-operator-origin-version',
  vllmExecutorBackend: 'nvidia.com/vllm-distributed-executor-backend',
  deploymentStrategy: 'nvidia.com/deployment-strategy',
  maxSurge: 'nvidia.com/deployment-rolling-update-max-surge',
  maxUnavailable: 'nvidia.com/deployment-rolling-update-max-unavailable',
  disablePullSecretDiscovery: 'nvidia.com/disable-image-pull-secret-discovery',
  enableGrove: 'nvidia.com/enable-grove',
  restartAt: 'nvidia.com/restartAt',
  baseModel: 'nvidia.com/dynamo-base-model',
  /** On the graph record: the worker generation the render made current (upstream's annotation). */
  currentWorkerHash: 'nvidia.com/current-worker-hash',
  /** On the graph record: `operator` or `commits`, so the runtime operator needs no settings. */
  workerRollout: 'dynamo-iac.io/worker-rollout',
  /** On the graph record: every generation the output carries, current first (written by front ends). */
  workerHashes: 'dynamo-iac.io/worker-hashes',
  /**
   * On a worker Deployment whose replicas the runtime operator's rollout owns (so `spec.replicas`
   * is not rendered): the count the operator sets, for a reviewer reading the diff.
   */
  desiredReplicas: 'dynamo-iac.io/desired-replicas',
  /** Flux's per-object prune opt-out (`disabled`). */
  fluxPrune: 'kustomize.toolkit.fluxcd.io/prune',
  /** Argo CD's per-object sync options; `Prune=false` keeps the object when it leaves Git. */
  argoSyncOptions: 'argocd.argoproj.io/sync-options',
} as const;

/** Both GitOps engines' prune opt-outs: an object carrying them stays in the cluster when it leaves Git. */
export const PRUNE_DISABLED: Readonly<Record<string, string>> = {
  [ANNOTATION.argoSyncOptions]: 'Prune=false',
  [ANNOTATION.fluxPrune]: 'disabled',
};

/** DGD metadata annotations that upstream copies into every component's annotations (component value wins). */
export const PROPAGATED_GRAPH_ANNOTATIONS: readonly string[] = [
  ANNOTATION.enableMetrics,
  ANNOTATION.discoveryBackend,
  ANNOTATION.kubeDiscoveryMode,
  ANNOTATION.operatorOriginVersion,
  ANNOTATION.vllmExecutorBackend,
];

/** The recommended app labels on each piece of the platform this package installs (operator, agent, NATS, etcd). */
export function platformLabels(name: string, component: string): Record<string, string> {
  return { [LABEL.appName]: name, [LABEL.appComponent]: component, 'app.kubernetes.io/part-of': 'dynamo-iac' };
}

/** The value upstream writes on the objects it manages; kept so selectors written for upstream still match. */
export const MANAGED_BY_VALUE = 'dynamo-operator';
