/**
 * The runtime operator's install manifests, as a pure function: the Namespace, CRDs,
 * ServiceAccount, least-privilege RBAC (no rule uses `*`), the operator Deployment (Pod Security
 * `restricted`), its metrics Service and, with monitoring, a ServiceMonitor and a Grafana dashboard
 * ConfigMap, and optionally the NATS and etcd Dynamo's runtime can use. Cluster scope also renders
 * the ClusterRoles the graphs' planner and EPP ServiceAccounts are bound to. Namespace scope
 * renders nothing cluster-scoped unless asked (`scopeDefaults`). The CLI, the cdk8s and the Pulumi
 * DynamoPlatform all print this.
 */
import { KubeObject } from '../api/k8s-types';
import { ValidationError } from '../api/problems';
import { DEFAULT_SETTINGS } from '../api/settings';
import { renderCheckpointAgent } from './checkpoint-agent';
import { copyRules, EPP_ACCESS, PLANNER_ACCESS } from '../render/component-rbac';
import { platformLabels } from '../render/labels';
import { sortObjects } from '../render/objects';
import { operatorDashboard } from './platform-dashboard';
import { renderEtcd, renderNats } from './platform-infra';
import { OPERATOR_HTTP_PORT, PlatformOptions, platformOptionProblems, scopeDefaults } from './platform-options';
import { RECOMMENDED_POD_SECURITY_LABELS } from '../render/pod-security';
import { defaultPullPolicy, operatorImage } from './operator-image';
import { releaseCrdManifests } from './release-crds';

export { DEFAULT_OPERATOR_IMAGE_REPOSITORY, defaultPullPolicy, operatorImage } from './operator-image';

export type { PlatformOptions } from './platform-options';

export const OPERATOR_NAME = 'dynamo-iac-operator';
/** The Service clients of scale to zero's activator use (with `activatorPort`). */
export const ACTIVATOR_SERVICE_NAME = `${OPERATOR_NAME}-activator`;
/**
 * Node flags for the operator process. A controller allocates little and briefly; V8's default
 * 16 MiB young-generation semi-spaces only grow its memory (bench: ~100 -> ~75 MiB RSS watching
 * 100 graphs, same /scale latency). V8 reads this at start-up only, hence the environment.
 */
export const OPERATOR_NODE_OPTIONS = '--max-semi-space-size=2';
/**
 * glibc keeps one malloc arena per thread that allocated (up to 8 per core); Node's few
 * threads need no more than two. Measured (docs/operator.md): RSS after 200 scales 117–134 ->
 * 109–111 MiB, within the latency targets.
 */
export const OPERATOR_MALLOC_ARENA_MAX = '2';
const LABELS = platformLabels(OPERATOR_NAME, 'operator');
const SELECTOR = { 'app.kubernetes.io/name': OPERATOR_NAME, 'app.kubernetes.io/component': 'operator' };

type Rule = { apiGroups: string[]; resources: string[]; verbs: string[] };

/** What the controllers do in a managed namespace. */
const WORKLOAD_RULES: Rule[] = [
  { apiGroups: ['nvidia.com'], resources: ['dynamographdeployments'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['nvidia.com'], resources: ['dynamographdeployments/status'], verbs: ['get', 'patch'] },
  {
    apiGroups: ['nvidia.com'],
    resources: ['dynamographdeploymentscalingadapters'],
    verbs: ['get', 'list', 'watch', 'create', 'delete'],
  },
  { apiGroups: ['nvidia.com'], resources: ['dynamographdeploymentscalingadapters/status'], verbs: ['get', 'patch'] },
  // Scale to zero's activator scales a graph's workers as an autoscaler does (docs/scale-to-zero.md).
  { apiGroups: ['nvidia.com'], resources: ['dynamographdeploymentscalingadapters/scale'], verbs: ['patch'] },
  // Deployments / LWS: replicas (scaling adapters, worker rollouts), the Sequential restart's annotation and
  // a worker generation's ownerReference, by server-side apply; a retired worker generation is deleted.
  { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list', 'watch', 'patch', 'delete'] },
  // Worker generation Services: the ownerReference to their graph, and deleted with a retired generation.
  { apiGroups: [''], resources: ['services'], verbs: ['get', 'list', 'watch', 'patch', 'delete'] },
  {
    apiGroups: ['leaderworkerset.x-k8s.io'],
    resources: ['leaderworkersets'],
    verbs: ['get', 'list', 'watch', 'patch'],
  },
  // A DisaggregatedSet's role statuses: the status of a graph that opted in to one (read only).
  { apiGroups: ['disaggregatedset.x-k8s.io'], resources: ['disaggregatedsets'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['grove.io'], resources: ['podcliques', 'podcliquescalinggroups'], verbs: ['get', 'list', 'watch'] },
  // The Sequential restart's annotation on a clique template (JSON patch).
  { apiGroups: ['grove.io'], resources: ['podcliquesets'], verbs: ['get', 'list', 'watch', 'patch'] },
  { apiGroups: ['grove.io'], resources: ['podcliques/scale', 'podcliquescalinggroups/scale'], verbs: ['patch'] },
  // Checkpoints: the ID label, the status, owned Jobs (blockOwnerDeletion needs finalizers).
  { apiGroups: ['nvidia.com'], resources: ['dynamocheckpoints'], verbs: ['get', 'list', 'watch', 'patch'] },
  { apiGroups: ['nvidia.com'], resources: ['dynamocheckpoints/status'], verbs: ['get', 'patch'] },
  { apiGroups: ['nvidia.com'], resources: ['dynamocheckpoints/finalizers'], verbs: ['update'] },
  { apiGroups: ['batch'], resources: ['jobs'], verbs: ['get', 'list', 'watch', 'create'] },
  { apiGroups: [''], resources: ['events'], verbs: ['create'] },
  // DynamoModel: the finalizer is a metadata patch; LoRA endpoints come from the model Services' slices.
  { apiGroups: ['nvidia.com'], resources: ['dynamomodels'], verbs: ['get', 'list', 'watch', 'patch'] },
  { apiGroups: ['nvidia.com'], resources: ['dynamomodels/status'], verbs: ['get', 'patch'] },
  { apiGroups: ['nvidia.com'], resources: ['dynamomodels/finalizers'], verbs: ['update'] },
  { apiGroups: ['discovery.k8s.io'], resources: ['endpointslices'], verbs: ['get', 'list', 'watch'] },
  // Standalone DCDs: their status.
  { apiGroups: ['nvidia.com'], resources: ['dynamocomponentdeployments'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['nvidia.com'], resources: ['dynamocomponentdeployments/status'], verbs: ['get', 'patch'] },
  // DGDR: its status, read from the generated graph, the profiling Job (above) and its output ConfigMap.
  { apiGroups: ['nvidia.com'], resources: ['dynamographdeploymentrequests'], verbs: ['get', 'list', 'watch'] },
  { apiGroups: ['nvidia.com'], resources: ['dynamographdeploymentrequests/status'], verbs: ['get', 'patch'] },
  { apiGroups: [''], resources: ['configmaps'], verbs: ['get'] },
  // kvTransferPolicy labelKey: the node's topology label copied onto scheduled worker pods.
  { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch', 'patch'] },
];

/** The node a worker pod runs on, for its topology label: nodes are cluster-scoped, so a ClusterRole (opt-in in namespace scope). */
const NODE_RULES: Rule[] = [{ apiGroups: [''], resources: ['nodes'], verbs: ['get'] }];

/** Leader election, and in namespace scope the namespace-scope lease, in the operator's namespace. */
const OWN_LEASE_RULES: Rule[] = [
  { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update', 'delete'] },
];
/** Cluster scope: watch every namespace-scope lease to leave held namespaces alone. */
const LEASE_WATCH_RULES: Rule[] = [
  { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'list', 'watch'] },
];

/** The objects, in apply order. Throws a ValidationError (every problem, with its option path) for bad options. */
export function renderPlatform(opts: PlatformOptions): KubeObject[] {
  const problems = platformOptionProblems(opts);
  if (problems.length) throw new ValidationError(problems);
  return platformObjects(opts);
}

/**
 * The objects of options `platformOptionProblems` passed. Exported for the API-server fuzz, which
 * renders refused options too, to ask the server whether it refuses them as well.
 */
export function platformObjects(opts: PlatformOptions): KubeObject[] {
  const scope = opts.scope ?? 'cluster';
  const { crds, createNamespace, readNodes } = scopeDefaults(opts);
  const ns = opts.namespace;
  const image = operatorImage(opts);
  const meta = (name: string, namespaced = true) => ({
    name,
    ...(namespaced ? { namespace: ns } : {}),
    labels: { ...LABELS },
  });
  const subject = { kind: 'ServiceAccount', name: OPERATOR_NAME, namespace: ns };
  const roleBinding = (
    kind: 'Role' | 'ClusterRole',
    name: string,
    bindingKind: 'RoleBinding' | 'ClusterRoleBinding',
  ) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: bindingKind,
    metadata: meta(name, bindingKind === 'RoleBinding'),
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind, name },
    subjects: [subject],
  });
  const role = (kind: 'Role' | 'ClusterRole', name: string, rules: Rule[]) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind,
    metadata: meta(name, kind === 'Role'),
    rules,
  });

  // One namespace-scoped install per namespace: its cluster-scoped names carry the namespace.
  const nodeReader = `${OPERATOR_NAME}-${ns}-nodes`;
  const rbac: KubeObject[] =
    scope === 'namespace'
      ? [
          role('Role', OPERATOR_NAME, [...WORKLOAD_RULES, ...OWN_LEASE_RULES]),
          roleBinding('Role', OPERATOR_NAME, 'RoleBinding'),
          ...(readNodes
            ? [
                role('ClusterRole', nodeReader, NODE_RULES),
                roleBinding('ClusterRole', nodeReader, 'ClusterRoleBinding'),
              ]
            : []),
        ]
      : [
          role('ClusterRole', OPERATOR_NAME, [
            ...WORKLOAD_RULES,
            ...(readNodes ? NODE_RULES : []),
            ...LEASE_WATCH_RULES,
          ]),
          roleBinding('ClusterRole', OPERATOR_NAME, 'ClusterRoleBinding'),
          role('Role', `${OPERATOR_NAME}-leader-election`, OWN_LEASE_RULES),
          roleBinding('Role', `${OPERATOR_NAME}-leader-election`, 'RoleBinding'),
          // What the graphs' planner and EPP RoleBindings point at (namespace scope: each graph's own Role).
          role('ClusterRole', PLANNER_ACCESS.clusterRole, copyRules(PLANNER_ACCESS.rules)),
          role('ClusterRole', EPP_ACCESS.clusterRole, copyRules(EPP_ACCESS.rules)),
        ];
  // Cluster scope: only the platform runs here, and all of it passes `restricted`. Namespace
  // scope: the graphs run here too, with the labels recommended for them.
  const namespace: KubeObject = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name: ns,
      labels: {
        'app.kubernetes.io/part-of': LABELS['app.kubernetes.io/part-of'],
        ...(scope === 'cluster'
          ? {
              'pod-security.kubernetes.io/enforce': 'restricted',
              'pod-security.kubernetes.io/enforce-version': 'latest',
            }
          : RECOMMENDED_POD_SECURITY_LABELS),
      },
    },
  };

  const storage = { ...DEFAULT_SETTINGS.checkpointStorage, ...definedOnly(opts.checkpointStorage ?? {}) };
  const storageArgs = opts.checkpointStorage
    ? ['--checkpoint-pvc-name', storage.pvcName, '--checkpoint-base-path', storage.basePath]
    : [];
  const fieldEnv = (name: string, fieldPath: string) => ({
    name,
    valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath } },
  });
  const activatorPort = opts.activatorPort;
  const probe = (path: string, initialDelaySeconds: number, periodSeconds: number) => ({
    httpGet: { path, port: 'http' },
    initialDelaySeconds,
    periodSeconds,
  });
  const deployment: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(OPERATOR_NAME),
    spec: {
      replicas: opts.replicas ?? 1,
      selector: { matchLabels: { ...SELECTOR } },
      template: {
        metadata: { labels: { ...LABELS } },
        spec: {
          serviceAccountName: OPERATOR_NAME,
          ...(opts.imagePullSecrets?.length
            ? { imagePullSecrets: opts.imagePullSecrets.map((name) => ({ name })) }
            : {}),
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 65532,
            runAsGroup: 65532,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          terminationGracePeriodSeconds: 30,
          containers: [
            {
              name: 'operator',
              image,
              imagePullPolicy: opts.imagePullPolicy ?? defaultPullPolicy(image),
              args: [
                'operator',
                '--scope',
                scope,
                '--namespace',
                ns,
                '--http-port',
                String(OPERATOR_HTTP_PORT),
                ...storageArgs,
                ...(activatorPort === undefined ? [] : ['--activator-port', String(activatorPort)]),
              ],
              env: [
                fieldEnv('POD_NAME', 'metadata.name'),
                fieldEnv('POD_NAMESPACE', 'metadata.namespace'),
                fieldEnv('POD_SERVICE_ACCOUNT', 'spec.serviceAccountName'),
                { name: 'NODE_OPTIONS', value: OPERATOR_NODE_OPTIONS },
                { name: 'MALLOC_ARENA_MAX', value: OPERATOR_MALLOC_ARENA_MAX },
              ],
              ports: [
                { name: 'http', containerPort: OPERATOR_HTTP_PORT, protocol: 'TCP' },
                ...(activatorPort === undefined
                  ? []
                  : [{ name: 'activator', containerPort: activatorPort, protocol: 'TCP' }]),
              ],
              livenessProbe: probe('/healthz', 15, 20),
              readinessProbe: probe('/readyz', 5, 10),
              resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { memory: '256Mi' } },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ['ALL'] },
              },
            },
          ],
        },
      },
    },
  };
  const service: KubeObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(`${OPERATOR_NAME}-metrics`),
    spec: {
      type: 'ClusterIP',
      selector: { ...SELECTOR },
      ports: [{ name: 'http', port: OPERATOR_HTTP_PORT, targetPort: 'http', protocol: 'TCP' }],
    },
  };
  // Its own Service, not a port on the metrics one: clients get a name that says what it is for,
  // and the metrics Service (what the ServiceMonitor scrapes, port `http`) stays as it is.
  const activatorService: KubeObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(ACTIVATOR_SERVICE_NAME),
    spec: {
      type: 'ClusterIP',
      selector: { ...SELECTOR },
      ports: [{ name: 'activator', port: activatorPort, targetPort: 'activator', protocol: 'TCP' }],
    },
  };
  // Selects the metrics Service by the labels it carries.
  const serviceMonitor: KubeObject = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: meta(OPERATOR_NAME),
    spec: {
      selector: { matchLabels: { ...SELECTOR } },
      endpoints: [{ port: 'http', path: '/metrics', interval: '15s' }],
    },
  };
  return sortObjects([
    ...(createNamespace ? [namespace] : []),
    ...(crds ? releaseCrdManifests(opts.dynamoVersion) : []),
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(OPERATOR_NAME) },
    ...rbac,
    deployment,
    service,
    ...(activatorPort === undefined ? [] : [activatorService]),
    ...(opts.monitoring ? [serviceMonitor, operatorDashboard(`${OPERATOR_NAME}-dashboard`, ns, LABELS)] : []),
    ...(opts.nats ? renderNats(ns, opts.nats === true ? {} : opts.nats) : []),
    ...(opts.etcd ? renderEtcd(ns, opts.etcd === true ? {} : opts.etcd) : []),
    ...(opts.checkpointAgent
      ? renderCheckpointAgent(opts.checkpointAgent, storage, { kind: scope, operatorNamespace: ns })
      : []),
  ]);
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
