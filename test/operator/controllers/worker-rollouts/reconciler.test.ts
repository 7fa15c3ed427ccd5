/**
 * The worker-rollout reconciler against a scripted API: the replicas and ownerReferences it
 * writes per generation, status.rollingUpdate, events, and when it retires a generation (the
 * cluster test proves the same against a real API server).
 */
import { GraphDeployment, Pod, ScalingAdapter, Workload } from '../../../../src/operator/controllers/kinds';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import {
  ROLLOUT_FIELD_MANAGER,
  WorkerRolloutReconciler,
} from '../../../../src/operator/controllers/worker-rollouts/reconciler';
import { ServerObject } from '../../../../src/operator/runtime/kube/objects';
import { cacheOf, eventsOf, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const OLD = 'aaaaaaaa';
const NEW = 'bbbbbbbb';
const main = {
  name: 'main',
  image: 'registry.example/vllm-runtime:1',
  command: ['python3'],
  args: ['-m', 'dynamo.vllm'],
};
const frontend = { name: 'Frontend', type: 'frontend', replicas: 1, podTemplate: { spec: { containers: [main] } } };
const decode = (opts: object = {}) => ({
  name: 'decode',
  type: 'worker',
  replicas: 2,
  ...opts,
  podTemplate: { spec: { containers: [main] } },
});

function graph(
  annotations: Record<string, string> = {},
  components: object[] = [frontend, decode()],
  status?: GraphDeployment['status'],
): GraphDeployment {
  return {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: {
      name: 'sg',
      namespace: NS,
      uid: 'uid-sg',
      generation: 1,
      annotations: {
        'nvidia.com/current-worker-hash': NEW,
        'dynamo-iac.io/worker-rollout': 'operator',
        ...annotations,
      },
    },
    spec: { backendFramework: 'vllm', components },
    ...(status ? { status } : {}),
  };
}

const labels = (hash: string, component = 'decode') => ({
  'nvidia.com/dynamo-graph-deployment-name': 'sg',
  'nvidia.com/dynamo-component': component,
  'nvidia.com/dynamo-worker-hash': hash,
});
const OWNER = {
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  name: 'sg',
  uid: 'uid-sg',
  controller: false,
  blockOwnerDeletion: false,
};

/** A generation Deployment: asked replicas, available, pods (status.replicas), owned by the record or not. */
function dep(
  hash: string,
  replicas: number,
  available = replicas,
  pods = replicas,
  owned = true,
  created = hash,
): Workload {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: `sg-decode-${hash}`,
      namespace: NS,
      uid: `uid-dep-${hash}`,
      generation: 2,
      creationTimestamp: `2026-11-2${created === OLD ? 0 : 1}T00:00:00Z`,
      labels: labels(hash),
      ...(owned ? { ownerReferences: [OWNER] } : {}),
    },
    spec: { replicas },
    status: { observedGeneration: 2, replicas: pods, availableReplicas: available, readyReplicas: available },
  };
}
const svc = (hash: string, owned = true): ServerObject => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: {
    name: `sg-decode-${hash}`,
    namespace: NS,
    uid: `uid-svc-${hash}`,
    labels: labels(hash),
    ...(owned ? { ownerReferences: [OWNER] } : {}),
  },
});
const pod = (hash: string): Pod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: `sg-decode-${hash}-x`, namespace: NS, labels: labels(hash) },
});

function setup(objs: {
  graph: GraphDeployment;
  deployments: Workload[];
  services?: ServerObject[];
  pods?: Pod[];
  adapters?: ScalingAdapter[];
}) {
  const api = new ScriptedApi();
  const ctx = reconcilerContext(api);
  ctx.clock.advance(Date.parse('2026-11-27T12:00:00Z'));
  const sources = {
    graphs: cacheOf(RESOURCES.dgdV1beta1, [objs.graph]),
    adapters: cacheOf(RESOURCES.adapter, objs.adapters),
    deployments: cacheOf(RESOURCES.deployment, objs.deployments),
    services: cacheOf(RESOURCES.service, objs.services ?? []),
    pods: cacheOf(RESOURCES.pod, objs.pods ?? []),
  };
  for (const o of [objs.graph, ...objs.deployments, ...(objs.services ?? [])])
    api.objects.set(`${NS}/${o.metadata.name}`, o);
  return { api, ctx, sources, reconciler: new WorkerRolloutReconciler({ ...ctx, ...sources }) };
}

const replicasApplied = (api: ScriptedApi) =>
  Object.fromEntries(
    api
      .bodies('apply', { kind: 'Deployment' })
      .map((b) => [(b as Workload).metadata.name, (b as Workload).spec?.replicas]),
  );

test('a rollout starts: the new generation surges by one, the old one holds; ownerReferences on every generation object; InProgress', async () => {
  const { api, reconciler, sources } = setup({
    graph: graph(),
    deployments: [dep(OLD, 2, 2, 2, false), dep(NEW, 0, 0, 0, false)],
    services: [svc(OLD, false), svc(NEW)],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual([
    'apply Deployment ml/sg-decode-aaaaaaaa',
    'apply Deployment ml/sg-decode-bbbbbbbb',
    'apply Service ml/sg-decode-aaaaaaaa',
    'mergePatch DynamoGraphDeployment ml/sg/status',
  ]);
  expect(replicasApplied(api)).toEqual({ 'sg-decode-aaaaaaaa': 2, 'sg-decode-bbbbbbbb': 1 });
  // One apply, its own field manager, replicas and the ownerReference together.
  expect(api.bodies('apply')[1]).toEqual({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'sg-decode-bbbbbbbb', namespace: NS, ownerReferences: [OWNER] },
    spec: { replicas: 1 },
  });
  expect(api.calls.find((c) => c.verb === 'apply')?.opts).toEqual({ fieldManager: ROLLOUT_FIELD_MANAGER });
  expect(api.bodies('apply', { kind: 'Service' })[0]).toEqual({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'sg-decode-aaaaaaaa', namespace: NS, ownerReferences: [OWNER] },
  });
  expect(api.bodies('mergePatch')[0]).toEqual({
    status: {
      rollingUpdate: {
        phase: 'InProgress',
        startTime: '2026-11-27T12:00:00.000Z',
        endTime: null,
        updatedComponents: [],
      },
    },
  });
  expect(eventsOf(api)).toEqual([
    ['GenerationScaled', 'Scaled worker generation sg-decode-bbbbbbbb from 0 to 1 replicas', 'sg'],
    ['RolloutStarted', `Rolling out worker generation ${NEW}`, 'sg'],
  ]);
  // What it wrote is in the cache: the next reconcile with nothing new writes nothing.
  expect(sources.deployments.get(NS, 'sg-decode-bbbbbbbb')?.spec?.replicas).toBe(1);
  api.calls.length = 0;
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual([]);
});

test('the new generation ready by one: the old one drains by one and the new one grows', async () => {
  const inProgress = {
    rollingUpdate: { phase: 'InProgress' as const, startTime: '2026-11-27T11:00:00Z', updatedComponents: [] },
  };
  const { api, reconciler } = setup({
    graph: graph({}, undefined, { state: 'pending', ...inProgress }),
    deployments: [dep(OLD, 2), dep(NEW, 1, 1, 1)],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(replicasApplied(api)).toEqual({ 'sg-decode-aaaaaaaa': 1, 'sg-decode-bbbbbbbb': 2 });
  // Same phase, same start, same list: no status write.
  expect(api.writes().filter((w) => w.includes('status'))).toEqual([]);
});

test('the new generation never ready: the old one is never drained below the availability floor', async () => {
  const { api, reconciler } = setup({
    graph: graph(),
    deployments: [dep(OLD, 2), dep(NEW, 1, 0, 1)],
  });
  for (let i = 0; i < 3; i++) await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes().filter((w) => w.startsWith('apply'))).toEqual([]);
  expect(api.bodies('mergePatch')).toEqual([
    { status: { rollingUpdate: expect.objectContaining({ phase: 'InProgress', updatedComponents: [] }) } },
  ]);
});

test('the current generation not applied yet: Pending, the old one keeps serving as it is', async () => {
  const { api, reconciler } = setup({ graph: graph(), deployments: [dep(OLD, 2)] });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeployment ml/sg/status']);
  expect(api.bodies('mergePatch')[0]).toMatchObject({ status: { rollingUpdate: { phase: 'Pending' } } });
});

test('drained, no pod left, not listed: the old generation is deleted (Deployment and Service, uid preconditions); Completed', async () => {
  const inProgress = {
    rollingUpdate: { phase: 'InProgress' as const, startTime: '2026-11-27T11:00:00Z', updatedComponents: [] },
  };
  const { api, reconciler } = setup({
    graph: graph({}, undefined, { state: 'successful', ...inProgress }),
    deployments: [dep(OLD, 0), dep(NEW, 2)],
    services: [svc(OLD), svc(NEW)],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual([
    'delete Deployment ml/sg-decode-aaaaaaaa',
    'delete Service ml/sg-decode-aaaaaaaa',
    'mergePatch DynamoGraphDeployment ml/sg/status',
  ]);
  expect(api.calls.filter((c) => c.verb === 'delete').map((c) => c.opts)).toEqual([
    { uid: 'uid-dep-aaaaaaaa' },
    { uid: 'uid-svc-aaaaaaaa' },
  ]);
  expect(api.bodies('mergePatch')[0]).toEqual({
    status: {
      rollingUpdate: {
        phase: 'Completed',
        startTime: '2026-11-27T11:00:00Z',
        endTime: '2026-11-27T12:00:00.000Z',
        updatedComponents: ['decode'],
      },
    },
  });
  expect(eventsOf(api).map(([reason]) => reason)).toEqual(['GenerationRetired', 'RolloutCompleted']);
});

test('at 0 but a pod still there, or the scale-down not yet observed: kept', async () => {
  const podLeft = setup({ graph: graph(), deployments: [dep(OLD, 0), dep(NEW, 2)], pods: [pod(OLD)] });
  await podLeft.reconciler.reconcile(`${NS}/sg`);
  expect(podLeft.api.writes().filter((w) => w.startsWith('delete'))).toEqual([]);

  const unobserved = dep(OLD, 0);
  unobserved.metadata.generation = 3;
  const stale = setup({ graph: graph(), deployments: [unobserved, dep(NEW, 2)] });
  await stale.reconciler.reconcile(`${NS}/sg`);
  expect(stale.api.writes().filter((w) => w.startsWith('delete'))).toEqual([]);
});

test('drained but listed in dynamo-iac.io/worker-hashes: kept at 0 and reported drained once', async () => {
  const { api, reconciler } = setup({
    graph: graph({ 'dynamo-iac.io/worker-hashes': `${NEW},${OLD}` }),
    deployments: [dep(OLD, 0), dep(NEW, 2)],
    services: [svc(OLD), svc(NEW)],
  });
  await reconciler.reconcile(`${NS}/sg`);
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes().filter((w) => w.startsWith('delete'))).toEqual([]);
  expect(eventsOf(api)).toEqual([
    [
      'GenerationDrained',
      `Worker generation ${OLD} is drained; kept at 0 replicas while dynamo-iac.io/worker-hashes lists it`,
      'sg',
    ],
  ]);
});

test('steady state with a scaling adapter: the current generation follows the adapter', async () => {
  const adapter: ScalingAdapter = {
    apiVersion: RESOURCES.adapter.apiVersion,
    kind: RESOURCES.adapter.kind,
    metadata: { name: 'sg-decode', namespace: NS },
    spec: { replicas: 5, dgdRef: { name: 'sg', serviceName: 'decode' } },
  };
  const { api, reconciler } = setup({
    graph: graph({}, [frontend, decode({ scalingAdapter: {} })]),
    deployments: [dep(NEW, 2)],
    adapters: [adapter],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual(['apply Deployment ml/sg-decode-bbbbbbbb']);
  expect(replicasApplied(api)).toEqual({ 'sg-decode-bbbbbbbb': 5 });
  // No rollout happened: no rollingUpdate status.
  expect(api.bodies('mergePatch')).toEqual([]);
});

test('Recreate and bad bounds (spec.annotations): the old generation goes to 0 at once; an unreadable bound is a Warning event, once', async () => {
  const record = graph();
  record.spec = {
    ...record.spec,
    annotations: {
      'nvidia.com/deployment-strategy': 'Recreate',
      'nvidia.com/deployment-rolling-update-max-surge': 'lots',
    },
  };
  const { api, reconciler } = setup({ graph: record, deployments: [dep(OLD, 2), dep(NEW, 0)] });
  await reconciler.reconcile(`${NS}/sg`);
  await reconciler.reconcile(`${NS}/sg`);
  expect(replicasApplied(api)).toEqual({ 'sg-decode-aaaaaaaa': 0 });
  expect(eventsOf(api).filter(([r]) => r === 'InvalidRolloutBound')).toEqual([
    [
      'InvalidRolloutBound',
      'component decode: nvidia.com/deployment-rolling-update-max-surge: "lots" is neither a count nor a percentage; using 25%',
      'sg',
    ],
  ]);
});

test("not 'operator' mode (commits, or no generation): nothing written", async () => {
  const cases: Array<Record<string, string>> = [
    { 'dynamo-iac.io/worker-rollout': 'commits' },
    { 'nvidia.com/current-worker-hash': '' },
  ];
  for (const annotations of cases) {
    const { api, reconciler } = setup({
      graph: graph(annotations),
      deployments: [dep(OLD, 2, 2, 2, false), dep(NEW, 0)],
    });
    await reconciler.reconcile(`${NS}/sg`);
    expect(api.calls).toEqual([]);
  }
});

test('a v1alpha1-written record: the status list is updatedServices, written through v1alpha1', async () => {
  const record: GraphDeployment = {
    ...graph(),
    spec: {
      backendFramework: 'vllm',
      services: {
        Frontend: { componentType: 'frontend', replicas: 1, extraPodSpec: { mainContainer: main } },
        decode: { componentType: 'worker', replicas: 2, extraPodSpec: { mainContainer: main } },
      },
    },
  };
  const { api, reconciler } = setup({ graph: record, deployments: [dep(OLD, 2), dep(NEW, 0)] });
  await reconciler.reconcile(`${NS}/sg`);
  const status = api.calls.find((c) => c.subresource === 'status');
  expect(status?.apiVersion).toBe('nvidia.com/v1alpha1');
  expect(status?.body).toMatchObject({ status: { rollingUpdate: { phase: 'InProgress', updatedServices: [] } } });
});

test('a pod left in the cache keeps the rollout InProgress even when the Deployment status counts none', async () => {
  const inProgress = {
    rollingUpdate: { phase: 'InProgress' as const, startTime: '2026-11-27T11:00:00Z', updatedComponents: [] },
  };
  const { api, reconciler } = setup({
    graph: graph({}, undefined, { state: 'successful', ...inProgress }),
    deployments: [dep(OLD, 0, 0, 0), dep(NEW, 2)],
    pods: [pod(OLD)],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual([]);
});
