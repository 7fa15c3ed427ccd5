/**
 * The scaling-adapter reconciler against a scripted API: which requests it makes for a graph,
 * its adapters and its workloads (the cluster tests prove the same against a real API server).
 */
import { GraphDeployment, ScalingAdapter, Workload } from '../../../../src/operator/controllers/kinds';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import {
  desiredAdapter,
  ScalingAdapterReconciler,
} from '../../../../src/operator/controllers/scaling-adapters/reconciler';
import { alreadyExists, cacheOf, eventsOf, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const main = {
  name: 'main',
  image: 'registry.example/sglang-runtime:1',
  command: ['python3'],
  args: ['-m', 'dynamo.sglang'],
};

function graph(components: object[], extra: Partial<GraphDeployment['metadata']> = {}): GraphDeployment {
  return {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'sg', namespace: NS, uid: 'uid-sg', generation: 1, ...extra },
    spec: { backendFramework: 'sglang', components },
  };
}
const frontend = { name: 'Frontend', type: 'frontend', replicas: 1, podTemplate: { spec: { containers: [main] } } };
const decode = (opts: object = { scalingAdapter: {} }) => ({
  name: 'decode',
  type: 'worker',
  replicas: 2,
  ...opts,
  podTemplate: { spec: { containers: [main] } },
});
const prefill = {
  name: 'prefill',
  type: 'prefill',
  replicas: 1,
  scalingAdapter: {},
  multinode: { nodeCount: 2 },
  podTemplate: { spec: { containers: [main] } },
};

const adapter = (name: string, spec: number, status?: number): ScalingAdapter => ({
  apiVersion: RESOURCES.adapter.apiVersion,
  kind: RESOURCES.adapter.kind,
  metadata: {
    name,
    namespace: NS,
    uid: `uid-${name}`,
    resourceVersion: '7',
    labels: { 'nvidia.com/dynamo-graph-deployment-name': 'sg', 'nvidia.com/dynamo-component': name.slice(3) },
  },
  spec: { replicas: spec, dgdRef: { name: 'sg', serviceName: name.slice(3) } },
  ...(status === undefined
    ? {}
    : {
        status: {
          replicas: status,
          selector: `nvidia.com/dynamo-component=${name.slice(3)},nvidia.com/dynamo-graph-deployment-name=sg`,
        },
      }),
});
const workload = (res: typeof RESOURCES.deployment, name: string, replicas?: number): Workload => ({
  apiVersion: res.apiVersion,
  kind: res.kind,
  metadata: { name, namespace: NS, resourceVersion: '3', labels: { 'nvidia.com/dynamo-graph-deployment-name': 'sg' } },
  spec: replicas === undefined ? {} : { replicas },
});

function setup(objs: {
  graphs?: GraphDeployment[];
  adapters?: ScalingAdapter[];
  deployments?: Workload[];
  lws?: Workload[];
  grove?: { sets: Workload[]; cliques: Workload[] };
  held?: string[];
}) {
  const api = new ScriptedApi();
  const ctx = reconcilerContext(api, { held: objs.held });
  const sources = {
    graphs: cacheOf(RESOURCES.dgdV1beta1, objs.graphs),
    adapters: cacheOf(RESOURCES.adapter, objs.adapters),
    deployments: cacheOf(RESOURCES.deployment, objs.deployments),
    leaderWorkerSets: objs.lws ? cacheOf(RESOURCES.leaderWorkerSet, objs.lws) : undefined,
    grove: objs.grove
      ? {
          podCliqueSets: cacheOf(RESOURCES.podCliqueSet, objs.grove.sets),
          podCliques: cacheOf(RESOURCES.podClique, objs.grove.cliques),
          scalingGroups: cacheOf(RESOURCES.podCliqueScalingGroup),
        }
      : undefined,
  };
  return { api, ctx, sources, reconciler: new ScalingAdapterReconciler({ ...ctx, ...sources }) };
}

test('a new opted-in component: its adapter is created (owned by the graph), the workload gets its replicas, the status its selector', async () => {
  const { api, reconciler, sources } = setup({
    graphs: [graph([frontend, decode()])],
    deployments: [workload(RESOURCES.deployment, 'sg-decode')],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual([
    'create DynamoGraphDeploymentScalingAdapter ml/sg-decode',
    'apply Deployment ml/sg-decode',
    'mergePatch DynamoGraphDeploymentScalingAdapter ml/sg-decode/status',
  ]);
  expect(api.bodies('create')[0]).toMatchObject({
    metadata: {
      name: 'sg-decode',
      labels: { 'nvidia.com/dynamo-graph-deployment-name': 'sg', 'nvidia.com/dynamo-component': 'decode' },
      ownerReferences: [
        {
          apiVersion: 'nvidia.com/v1beta1',
          kind: 'DynamoGraphDeployment',
          name: 'sg',
          uid: 'uid-sg',
          controller: true,
          blockOwnerDeletion: false,
        },
      ],
    },
    spec: { replicas: 2, dgdRef: { name: 'sg', serviceName: 'decode' } },
  });
  // Server-side apply of the one field the operator owns.
  expect(api.bodies('apply')[0]).toEqual({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'sg-decode', namespace: NS },
    spec: { replicas: 2 },
  });
  expect(api.bodies('mergePatch')[0]).toEqual({
    status: { replicas: 2, selector: 'nvidia.com/dynamo-component=decode,nvidia.com/dynamo-graph-deployment-name=sg' },
  });
  // What it wrote is in the caches at once, so the next reconcile does not act on the old state.
  expect(sources.adapters.get(NS, 'sg-decode')?.status?.replicas).toBe(2);
  expect(sources.deployments.get(NS, 'sg-decode')?.spec?.replicas).toBe(2);
  expect(eventsOf(api)).toEqual([]);
});

test('an adapter scaled by an autoscaler: the workload follows, lastScaleTime and a Scaled event record it', async () => {
  const { api, reconciler, ctx } = setup({
    graphs: [graph([frontend, decode()])],
    adapters: [adapter('sg-decode', 5, 2)],
    deployments: [workload(RESOURCES.deployment, 'sg-decode', 2)],
  });
  ctx.clock.advance(Date.parse('2026-11-23T10:00:00Z'));
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual([
    'apply Deployment ml/sg-decode',
    'mergePatch DynamoGraphDeploymentScalingAdapter ml/sg-decode/status',
  ]);
  expect(api.bodies('apply')[0]).toMatchObject({ spec: { replicas: 5 } });
  expect(api.bodies('mergePatch')[0]).toMatchObject({
    status: { replicas: 5, lastScaleTime: '2026-11-23T10:00:00.000Z' },
  });
  expect(eventsOf(api)).toEqual([['Scaled', 'Scaled component decode from 2 to 5 replicas', 'sg-decode']]);
});

test('a direct edit of the workload is put back (ReplicasRestored); an unchanged adapter writes nothing else', async () => {
  const { api, reconciler } = setup({
    graphs: [graph([frontend, decode()])],
    adapters: [adapter('sg-decode', 2, 2)],
    deployments: [workload(RESOURCES.deployment, 'sg-decode', 7)],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual(['apply Deployment ml/sg-decode']);
  expect(eventsOf(api)).toEqual([
    ['ReplicasRestored', 'Restored Deployment sg-decode from 7 to 2 replicas (managed by this adapter)', 'sg-decode'],
  ]);
});

test('in step: no request at all', async () => {
  const { api, reconciler } = setup({
    graphs: [graph([frontend, decode()])],
    adapters: [adapter('sg-decode', 2, 2)],
    deployments: [workload(RESOURCES.deployment, 'sg-decode', 2)],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.calls).toEqual([]);
});

test('a component that no longer opts in: its adapter is deleted (uid precondition) and AdapterDeleted recorded on the graph', async () => {
  const { api, reconciler } = setup({
    graphs: [graph([frontend, decode({})])],
    adapters: [adapter('sg-decode', 2, 2)],
    deployments: [workload(RESOURCES.deployment, 'sg-decode', 2)],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual(['delete DynamoGraphDeploymentScalingAdapter ml/sg-decode']);
  expect(api.calls[0].opts).toEqual({ uid: 'uid-sg-decode' });
  expect(eventsOf(api)).toEqual([['AdapterDeleted', 'Deleted orphaned scaling adapter sg-decode', 'sg']]);
});

test('a graph being deleted, or whose record does not load, keeps its adapters (the garbage collector or a fix decides)', async () => {
  const deleting = setup({
    graphs: [graph([decode()], { deletionTimestamp: '2026-01-01T00:00:00Z' })],
    adapters: [adapter('sg-decode', 2, 2)],
  });
  await deleting.reconciler.reconcile(`${NS}/sg`);
  expect(deleting.api.calls).toEqual([]);
  const invalid = setup({ graphs: [graph([{ ...decode(), replicas: -1 }])], adapters: [adapter('sg-decode', 2, 2)] });
  await invalid.reconciler.reconcile(`${NS}/sg`);
  expect(invalid.api.calls).toEqual([]);
});

test('a graph that is gone: its leftover adapters are deleted, without an event', async () => {
  const { api, reconciler } = setup({ adapters: [adapter('sg-decode', 2, 2)] });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual(['delete DynamoGraphDeploymentScalingAdapter ml/sg-decode']);
});

test('multinode: the LeaderWorkerSet is the workload; without the LWS API only the adapter is kept', async () => {
  const withLws = setup({
    graphs: [graph([prefill])],
    adapters: [adapter('sg-prefill', 4, 1)],
    lws: [workload(RESOURCES.leaderWorkerSet, 'sg-prefill-0', 1)],
  });
  await withLws.reconciler.reconcile(`${NS}/sg`);
  expect(withLws.api.writes()[0]).toBe('apply LeaderWorkerSet ml/sg-prefill-0');
  const withoutLws = setup({ graphs: [graph([prefill])], adapters: [adapter('sg-prefill', 4, 1)] });
  await withoutLws.reconciler.reconcile(`${NS}/sg`);
  expect(withoutLws.api.writes()).toEqual(['mergePatch DynamoGraphDeploymentScalingAdapter ml/sg-prefill/status']);
});

test('Grove: the PodClique Grove made is scaled through its /scale subresource', async () => {
  const clique = { ...workload(RESOURCES.podClique, 'sg-0-decode', 1), spec: { replicas: 1, roleName: 'decode' } };
  const { api, reconciler, sources } = setup({
    graphs: [graph([frontend, decode()])],
    adapters: [adapter('sg-decode', 3, 1)],
    grove: { sets: [workload(RESOURCES.podCliqueSet, 'sg')], cliques: [clique] },
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()[0]).toBe('mergePatch PodClique ml/sg-0-decode/scale');
  expect(api.bodies('mergePatch', { subresource: 'scale' })).toEqual([{ spec: { replicas: 3 } }]);
  // The cached clique keeps its other fields.
  expect(sources.grove?.podCliques.get(NS, 'sg-0-decode')?.spec).toEqual({ replicas: 3, roleName: 'decode' });
});

test('an adapter created meanwhile (AlreadyExists) is read and used', async () => {
  const { api, reconciler } = setup({
    graphs: [graph([decode()])],
    deployments: [workload(RESOURCES.deployment, 'sg-decode', 2)],
  });
  api.answer('create', { kind: RESOURCES.adapter.kind }, alreadyExists('sg-decode'));
  api.answer('get', { name: 'sg-decode' }, adapter('sg-decode', 2, 2));
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual(['create DynamoGraphDeploymentScalingAdapter ml/sg-decode']);
});

test('a namespace another operator holds is left alone', async () => {
  const { api, reconciler } = setup({ graphs: [graph([decode()])], held: [NS] });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.calls).toEqual([]);
});

test('desiredAdapter: name, labels and starting replicas as upstream', () => {
  const a = desiredAdapter(
    { name: 'g', namespace: 'n' } as Parameters<typeof desiredAdapter>[0],
    { name: 'VllmWorker', replicas: undefined } as Parameters<typeof desiredAdapter>[1],
  );
  expect(a.metadata).toEqual({
    name: 'g-vllmworker',
    namespace: 'n',
    labels: { 'nvidia.com/dynamo-graph-deployment-name': 'g', 'nvidia.com/dynamo-component': 'VllmWorker' },
  });
  expect(a.spec).toEqual({ replicas: 1, dgdRef: { name: 'g', serviceName: 'VllmWorker' } });
});

test("an 'operator'-mode worker generation: the adapter and its status are kept, the replicas are left to the rollout controller", async () => {
  const rollout = {
    annotations: { 'nvidia.com/current-worker-hash': 'bbbbbbbb', 'dynamo-iac.io/worker-rollout': 'operator' },
  };
  const { api, reconciler } = setup({
    graphs: [graph([frontend, decode()], rollout)],
    adapters: [adapter('sg-decode', 5, 2)],
    deployments: [workload(RESOURCES.deployment, 'sg-decode-bbbbbbbb', 2)],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeploymentScalingAdapter ml/sg-decode/status']);
  expect(api.bodies('mergePatch')[0]).toMatchObject({ status: { replicas: 5 } });
});

test("a 'commits'-mode worker generation: the adapter sets the replicas of the generation the record declares", async () => {
  const rollout = {
    annotations: { 'nvidia.com/current-worker-hash': 'bbbbbbbb', 'dynamo-iac.io/worker-rollout': 'commits' },
  };
  const { api, reconciler } = setup({
    graphs: [graph([frontend, decode()], rollout)],
    adapters: [adapter('sg-decode', 5, 2)],
    deployments: [
      workload(RESOURCES.deployment, 'sg-decode-aaaaaaaa', 2),
      workload(RESOURCES.deployment, 'sg-decode-bbbbbbbb', 2),
    ],
  });
  await reconciler.reconcile(`${NS}/sg`);
  expect(api.writes()).toEqual([
    'apply Deployment ml/sg-decode-bbbbbbbb',
    'mergePatch DynamoGraphDeploymentScalingAdapter ml/sg-decode/status',
  ]);
});
