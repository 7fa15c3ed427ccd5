/**
 * The platform manifests (`dynamo-iac platform`) on the real API server: they apply (NATS and
 * etcd included), the operator, NATS and etcd pod templates pass Pod Security `restricted`, and
 * the rendered RBAC is enough —
 * the operator runs impersonating the rendered ServiceAccount, in each scope, and scales
 * through an adapter.
 */
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { RESOURCES } from '../../src/operator/controllers/resources';
import { runOperator, RunningOperator } from '../../src/operator/run';
import { OPERATOR_NAME, renderPlatform } from '../../src/platform/platform';
import { resolveSettings } from '../../src/api/settings';
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { renderGraphs } from '../../src/render';
import { resource } from '../../src/operator/runtime/kube/resources';
import { component, graph } from '../render/builders';
import { thirdPartyCrds } from './crds/third-party';
import { KubeClient, ServerObject, podSecurityLabels, uniqueName } from './kube';
import {
  ADAPTER,
  ADAPTER_KIND,
  installOperatorCrds,
  operatorApi,
  rendered,
  testConfig,
  testLogger,
} from './operator-harness';

const WORKER_METADATA = resource('nvidia.com/v1alpha1', 'DynamoWorkerMetadata', 'dynamoworkermetadatas');

let kube: KubeClient;
const running: RunningOperator[] = [];

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  // With Grove served the operator also watches its kinds: the rendered RBAC must allow that.
  for (const crd of thirdPartyCrds().filter((c) => (c as any).spec.group === 'grove.io')) await kube.installCrd(crd);
});
afterAll(async () => {
  await Promise.all(running.map((r) => r.shutdown()));
  kube.close();
});

function asServiceAccount(ns: string): KubeApi {
  return operatorApi({ impersonate: `system:serviceaccount:${ns}:${OPERATOR_NAME}` });
}

const ACCESS_REVIEW = resource('authorization.k8s.io/v1', 'SelfSubjectAccessReview', 'selfsubjectaccessreviews', false);

/**
 * Worker rollouts: the verbs the rollout controller needs on generation objects beyond what the
 * running operator exercises here (an ownerReference applied to a Service, a retired generation
 * deleted), asked with SelfSubjectAccessReviews as the ServiceAccount, so nothing is changed.
 */
async function expectRolloutVerbs(sa: KubeApi, ns: string): Promise<void> {
  const verbs = [
    ['apps', 'deployments', 'patch'],
    ['apps', 'deployments', 'delete'],
    ['', 'services', 'watch'],
    ['', 'services', 'patch'],
    ['', 'services', 'delete'],
    ['', 'pods', 'watch'],
  ];
  const answers: string[] = [];
  for (const [group, res, verb] of verbs) {
    const review = await sa.create<any>(ACCESS_REVIEW, {
      apiVersion: ACCESS_REVIEW.apiVersion,
      kind: ACCESS_REVIEW.kind,
      metadata: {},
      spec: { resourceAttributes: { namespace: ns, group, resource: res, verb } },
    } as unknown as ServerObject);
    answers.push(`${verb} ${res}: ${review.status?.allowed === true}`);
  }
  expect(answers).toEqual(verbs.map(([, res, verb]) => `${verb} ${res}: true`));
}

async function scaleAndCheck(ns: string): Promise<void> {
  for (const o of rendered(ns)) await kube.apply(o);
  await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', ns, (o) => (o as any)?.status?.replicas === 2, {
    what: 'adapter',
    timeoutMs: 60_000,
  });
  await kube.request(
    'PATCH',
    `/apis/${ADAPTER}/namespaces/${ns}/dynamographdeploymentscalingadapters/sg-decode/scale`,
    { spec: { replicas: 3 } },
    'application/merge-patch+json',
  );
  await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', ns, (o) => (o as any)?.spec?.replicas === 3, {
    what: 'scaled Deployment',
    timeoutMs: 60_000,
  });
  await kube.waitFor<any>('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'sg', ns, (o) => !!o?.status?.state, {
    what: 'graph status',
  });
}

test('namespace scope: applies, passes restricted, and its Role is all the operator needs', async () => {
  const ns = uniqueName('op-platform-ns');
  await kube.createNamespace(ns, podSecurityLabels('restricted'));
  // Without the rendered RBAC the impersonated account may do nothing: the check below is real.
  await expect(asServiceAccount(ns).list(RESOURCES.adapter, ns)).rejects.toMatchObject({ status: 403 });
  const objs = renderPlatform({
    namespace: ns,
    scope: 'namespace',
    version: '0.0.0',
    nats: true,
    etcd: true,
  }) as ServerObject[];
  // For users with namespace-level permissions only: nothing cluster-scoped (no CRDs, Namespace, ClusterRole).
  expect(objs.filter((o) => o.metadata.namespace !== ns).map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
  for (const o of objs) await kube.apply(o);
  const dep = objs.find((o) => o.kind === 'Deployment') as any;
  const pod = await kube.create<ServerObject>({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'operator-pod', namespace: ns },
    spec: dep.spec.template.spec,
  });
  expect(pod.metadata.uid).toBeTruthy();
  // NATS and etcd pods pass `restricted` too: each as the StatefulSet controller would create
  // member 0, with its claim from the volumeClaimTemplate.
  const sets = objs.filter((o) => o.kind === 'StatefulSet') as any[];
  expect(sets.map((s) => s.metadata.name)).toEqual(['dynamo-platform-etcd', 'dynamo-platform-nats']);
  for (const s of sets) {
    const spec = {
      ...s.spec.template.spec,
      volumes: [
        ...(s.spec.template.spec.volumes ?? []),
        { name: 'data', persistentVolumeClaim: { claimName: `data-${s.metadata.name}-0` } },
      ],
    };
    const member = await kube.create<ServerObject>({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `${s.metadata.name}-0`, namespace: ns, labels: s.spec.template.metadata.labels },
      spec,
    });
    expect(member.metadata.uid).toBeTruthy();
  }

  const r = runOperator(
    asServiceAccount(ns),
    testConfig({
      scope: 'namespace',
      namespace: ns,
      leaderElection: { ...testConfig().leaderElection, enabled: true, namespace: ns },
    }),
    testLogger(),
  );
  running.push(r);
  await scaleAndCheck(ns);
  // Grove objects are scaled through /scale, which the Role allows.
  await kube.create({
    apiVersion: 'grove.io/v1alpha1',
    kind: 'PodClique',
    metadata: { name: 'pc', namespace: ns },
    spec: { replicas: 1 },
  });
  await asServiceAccount(ns).mergePatch(RESOURCES.podClique, ns, 'pc', { spec: { replicas: 2 } }, 'scale');
  expect((await kube.get<any>('grove.io/v1alpha1', 'PodClique', 'pc', ns))!.spec.replicas).toBe(2);
  // A Sequential restart's stamp on a clique template is a JSON patch of the set, which the Role allows.
  await kube.create({
    apiVersion: 'grove.io/v1alpha1',
    kind: 'PodCliqueSet',
    metadata: { name: 'pcs', namespace: ns },
    spec: { template: { cliques: [{ name: 'a' }] } },
  });
  await asServiceAccount(ns).jsonPatch(RESOURCES.podCliqueSet, ns, 'pcs', [
    { op: 'add', path: '/spec/template/cliques/0/annotations', value: { 'nvidia.com/restartAt': 'r1' } },
  ]);
  // Topology labels read a pod's node: not by default in namespace scope (403), with the opt-in
  // nodes ClusterRole it may (404: no such node here, not 403).
  await expect(asServiceAccount(ns).get(RESOURCES.node, undefined, 'no-such-node')).rejects.toMatchObject({
    status: 403,
  });
  const nodeReader = renderPlatform({ namespace: ns, scope: 'namespace', version: '0.0.0', readNodes: true }).filter(
    (o) => o.metadata.namespace === undefined,
  ) as ServerObject[];
  expect(nodeReader.map((o) => o.kind)).toEqual(['ClusterRole', 'ClusterRoleBinding']);
  for (const o of nodeReader) await kube.apply(o);
  await expect(asServiceAccount(ns).get(RESOURCES.node, undefined, 'no-such-node')).rejects.toMatchObject({
    status: 404,
  });
  await expectRolloutVerbs(asServiceAccount(ns), ns);
  await r.shutdown();
  expect(await r.done).toBe(0);
  expect(await kube.get('coordination.k8s.io/v1', 'Lease', 'dynamo-operator-namespace-scope', ns)).toBeUndefined();
});

test('cluster scope: the ClusterRole and leader-election Role are all the operator needs', async () => {
  const ns = uniqueName('op-platform-cl');
  const workloads = uniqueName('op-platform-wl');
  await kube.createNamespace(ns);
  await kube.createNamespace(workloads);
  for (const o of renderPlatform({ namespace: ns, version: '0.0.0', crds: false }) as ServerObject[])
    await kube.apply(o);
  const r = runOperator(
    asServiceAccount(ns),
    testConfig({ namespace: ns, leaderElection: { ...testConfig().leaderElection, enabled: true, namespace: ns } }),
    testLogger(),
  );
  running.push(r);
  await scaleAndCheck(workloads);
  await expectRolloutVerbs(asServiceAccount(ns), workloads);
  await r.shutdown();
  expect(await r.done).toBe(0);
});

describe.each(['cluster', 'namespace'] as const)('%s scope: the planner and EPP a graph renders', (scope) => {
  test('run under ServiceAccounts bound to roles that exist and allow what they do', async () => {
    const ns = uniqueName(`op-planner-${scope === 'cluster' ? 'cl' : 'ns'}`);
    await kube.createNamespace(ns);
    // Cluster scope: the platform's ClusterRoles (its namespace is another one); namespace scope: nothing of the platform.
    if (scope === 'cluster') {
      for (const o of renderPlatform({ namespace: uniqueName('op-planner-sys'), version: '0.0.0', crds: false }))
        if (o.kind === 'ClusterRole' || o.kind === 'Namespace') await kube.apply(o as ServerObject);
    }
    const access = renderGraphs(
      [
        graph({
          namespace: ns,
          components: [
            component({ name: 'Planner', type: 'planner', mainContainer: { name: 'main', image: 'img' } }),
            component({
              name: 'Epp',
              type: 'epp',
              mainContainer: { name: 'main', image: 'epp-img' },
              eppConfig: { config: { plugins: [] } },
            }),
          ],
        }) as ValidatedGraph,
      ],
      resolveSettings({ operatorScope: scope }),
    ).filter((o) => ['ServiceAccount', 'Role', 'RoleBinding'].includes(o.kind));
    for (const o of access) await kube.apply(o as ServerObject);
    await kube.create({
      apiVersion: ADAPTER,
      kind: ADAPTER_KIND,
      metadata: { name: 'demo-decode', namespace: ns },
      spec: { replicas: 1, dgdRef: { name: 'demo', serviceName: 'decode' } },
    });
    const as = (sa: string) => operatorApi({ impersonate: `system:serviceaccount:${ns}:${sa}` });
    // The planner scales through the adapter's /scale and registers under Kubernetes discovery.
    await as('planner-serviceaccount').mergePatch(
      RESOURCES.adapter,
      ns,
      'demo-decode',
      { spec: { replicas: 2 } },
      'scale',
    );
    expect((await kube.get<any>(ADAPTER, ADAPTER_KIND, 'demo-decode', ns))!.spec.replicas).toBe(2);
    await as('planner-serviceaccount').create(WORKER_METADATA, {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoWorkerMetadata',
      metadata: { name: 'planner-pod', namespace: ns },
      spec: { data: {} },
    });
    // The EPP reads the workers' metadata.
    expect((await as('epp-serviceaccount').list(WORKER_METADATA, ns)).items.map((o) => o.metadata.name)).toEqual([
      'planner-pod',
    ]);
  });
});
