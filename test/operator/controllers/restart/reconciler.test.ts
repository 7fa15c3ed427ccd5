/** The restart reconciler against a scripted API: the status it writes and the workloads it stamps, one component at a time. */
import { GraphDeployment, Workload } from '../../../../src/operator/controllers/kinds';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import { RestartReconciler } from '../../../../src/operator/controllers/restart/reconciler';
import { cacheOf, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const main = {
  name: 'main',
  image: 'registry.example/vllm-runtime:1',
  command: ['python3'],
  args: ['-m', 'dynamo.vllm'],
};
const RESTART_AT = 'nvidia.com/restartAt';

function graph(restart: object | undefined, status?: GraphDeployment['status'], extra: object[] = []): GraphDeployment {
  return {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g', namespace: NS, generation: 3 },
    spec: {
      backendFramework: 'vllm',
      components: [
        { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [main] } } },
        { name: 'worker', type: 'worker', podTemplate: { spec: { containers: [main] } } },
        ...extra,
      ],
      ...(restart ? { restart } : {}),
    },
    ...(status ? { status } : {}),
  };
}
/** A Deployment as its controller leaves it: `ready` all caught up, else its generation not observed yet. */
const deployment = (name: string, opts: { restartAt?: string; ready?: boolean } = {}): Workload => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: NS, generation: 2, labels: { 'nvidia.com/dynamo-graph-deployment-name': 'g' } },
  spec: {
    replicas: 1,
    template: opts.restartAt ? { metadata: { annotations: { [RESTART_AT]: opts.restartAt } } } : {},
  },
  status: {
    observedGeneration: opts.ready === false ? 1 : 2,
    replicas: 1,
    updatedReplicas: 1,
    readyReplicas: 1,
    availableReplicas: 1,
    conditions: [{ type: 'Available', status: 'True' }],
  },
});

function setup(
  g: GraphDeployment,
  objs: { deployments?: Workload[]; lws?: Workload[]; sets?: Workload[]; cliques?: Workload[] },
) {
  const api = new ScriptedApi();
  // The server's reply to a status patch is the whole graph.
  api.objects.set(`${NS}/g`, g);
  const ctx = reconcilerContext(api);
  const sources = {
    graphs: cacheOf(RESOURCES.dgdV1beta1, [g]),
    deployments: cacheOf(RESOURCES.deployment, objs.deployments),
    leaderWorkerSets: cacheOf(RESOURCES.leaderWorkerSet, objs.lws),
    grove: objs.sets
      ? {
          podCliqueSets: cacheOf(RESOURCES.podCliqueSet, objs.sets),
          podCliques: cacheOf(RESOURCES.podClique, objs.cliques),
          scalingGroups: cacheOf(RESOURCES.podCliqueScalingGroup),
        }
      : undefined,
  };
  return { api, sources, reconciler: new RestartReconciler({ ...ctx, ...sources }) };
}

test('a new Sequential restart: status Restarting with the first component, then only that Deployment is stamped, as the restart field manager', async () => {
  const { api, reconciler, sources } = setup(graph({ id: 'r1' }), {
    deployments: [deployment('g-frontend'), deployment('g-worker')],
  });
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeployment ml/g/status', 'apply Deployment ml/g-frontend']);
  expect(api.bodies('mergePatch')[0]).toEqual({
    status: { restart: { observedID: 'r1', phase: 'Restarting', inProgress: ['Frontend'] } },
  });
  const [apply] = api.calls.filter((c) => c.verb === 'apply');
  expect(apply.body).toEqual({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'g-frontend', namespace: NS },
    spec: { template: { metadata: { annotations: { [RESTART_AT]: 'r1' } } } },
  });
  expect(apply.opts).toEqual({ fieldManager: 'dynamo-iac-operator-restart' });
  // The stamped Deployment went into the cache: its new generation is not observed yet, so nothing moves.
  expect(sources.deployments.get(NS, 'g-frontend')?.spec?.template?.metadata?.annotations?.[RESTART_AT]).toBe('r1');
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toHaveLength(2);
});

test('the current component stamped but not ready yet: nothing is written', async () => {
  const status = { restart: { observedID: 'r1', phase: 'Restarting' as const, inProgress: ['Frontend'] } };
  const { api, reconciler } = setup(graph({ id: 'r1' }, status), {
    deployments: [deployment('g-frontend', { restartAt: 'r1', ready: false }), deployment('g-worker')],
  });
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual([]);
});

test('the current component restarted and ready: the next one is in progress and stamped; the first keeps its stamp', async () => {
  const status = { restart: { observedID: 'r1', phase: 'Restarting' as const, inProgress: ['Frontend'] } };
  const { api, reconciler } = setup(graph({ id: 'r1' }, status), {
    deployments: [deployment('g-frontend', { restartAt: 'r1' }), deployment('g-worker', { restartAt: 'r0' })],
  });
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeployment ml/g/status', 'apply Deployment ml/g-worker']);
  expect(api.bodies('mergePatch')[0]).toEqual({
    status: { restart: { observedID: 'r1', phase: 'Restarting', inProgress: ['worker'] } },
  });
});

test('the last component done: Completed, and inProgress removed', async () => {
  const status = { restart: { observedID: 'r1', phase: 'Restarting' as const, inProgress: ['worker'] } };
  const { api, reconciler } = setup(graph({ id: 'r1' }, status), {
    deployments: [deployment('g-frontend', { restartAt: 'r1' }), deployment('g-worker', { restartAt: 'r1' })],
  });
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeployment ml/g/status']);
  expect(api.bodies('mergePatch')[0]).toEqual({
    status: { restart: { observedID: 'r1', phase: 'Completed', inProgress: null } },
  });
});

test('Parallel: only the status; the rendered output carries the id', async () => {
  const { api, reconciler } = setup(graph({ id: 'p1', strategy: { type: 'Parallel' } }), {
    deployments: [
      deployment('g-frontend', { restartAt: 'p1' }),
      deployment('g-worker', { restartAt: 'p1', ready: false }),
    ],
  });
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeployment ml/g/status']);
  expect(api.bodies('mergePatch')[0]).toEqual({
    status: { restart: { observedID: 'p1', phase: 'Restarting', inProgress: ['Frontend', 'worker'] } },
  });
});

test('multinode on a LeaderWorkerSet: both templates are stamped', async () => {
  const multinode = {
    name: 'prefill',
    type: 'prefill',
    replicas: 2,
    multinode: { nodeCount: 2 },
    podTemplate: { spec: { containers: [main] } },
  };
  const lws = (name: string): Workload => ({
    apiVersion: RESOURCES.leaderWorkerSet.apiVersion,
    kind: 'LeaderWorkerSet',
    metadata: { name, namespace: NS },
    spec: { replicas: 1 },
  });
  const { api, reconciler } = setup(
    graph({ id: 'r1', strategy: { order: ['prefill', 'Frontend', 'worker'] } }, undefined, [multinode]),
    { deployments: [deployment('g-frontend'), deployment('g-worker')], lws: [lws('g-prefill-0')] },
  );
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual([
    'mergePatch DynamoGraphDeployment ml/g/status',
    'apply LeaderWorkerSet ml/g-prefill-0',
  ]);
  const stamp = { metadata: { annotations: { [RESTART_AT]: 'r1' } } };
  expect(api.bodies('apply')[0]).toMatchObject({
    spec: { leaderWorkerTemplate: { leaderTemplate: stamp, workerTemplate: stamp } },
  });
});

test('Grove: a JSON patch of the clique template annotations, guarded by the clique name', async () => {
  const pcs: Workload = {
    apiVersion: 'grove.io/v1alpha1',
    kind: 'PodCliqueSet',
    metadata: { name: 'g', namespace: NS, generation: 4 },
    spec: { template: { cliques: [{ name: 'frontend' }, { name: 'worker', annotations: { a: 'b' } }] } },
    status: { observedGeneration: 4 },
  };
  const { api, reconciler } = setup(graph({ id: 'r1', strategy: { order: ['worker', 'Frontend'] } }), {
    sets: [pcs],
    cliques: [],
  });
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeployment ml/g/status', 'jsonPatch PodCliqueSet ml/g']);
  const [patch] = api.calls.filter((c) => c.verb === 'jsonPatch');
  expect(patch.body).toEqual([
    { op: 'test', path: '/spec/template/cliques/1/name', value: 'worker' },
    { op: 'add', path: '/spec/template/cliques/1/annotations/nvidia.com~1restartAt', value: 'r1' },
  ]);
  expect(patch.opts).toEqual({ fieldManager: 'dynamo-iac-operator-restart' });
});

test('no restart in the spec and a finished status: nothing to do', async () => {
  const { api, reconciler } = setup(graph(undefined, { restart: { observedID: 'r1', phase: 'Completed' } }), {
    deployments: [deployment('g-frontend')],
  });
  await reconciler.reconcile(`${NS}/g`);
  expect(api.calls).toEqual([]);
});

test('the restart id removed during a run: the unfinished status is cleared and nothing is stamped', async () => {
  const { api, reconciler } = setup(
    graph(
      { strategy: { type: 'Sequential' } },
      { restart: { observedID: 'r1', phase: 'Restarting', inProgress: ['Frontend'] } },
    ),
    { deployments: [deployment('g-frontend'), deployment('g-worker')] },
  );
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeployment ml/g/status']);
  expect(api.bodies('mergePatch')).toEqual([{ status: { restart: null } }]);
});

test('a stamped LeaderWorkerSet (no observedGeneration) is not done until it was written again after the stamp', async () => {
  const multinode = {
    name: 'prefill',
    type: 'prefill',
    replicas: 1,
    multinode: { nodeCount: 2 },
    podTemplate: { spec: { containers: [main] } },
  };
  const readyLws: Workload = {
    apiVersion: RESOURCES.leaderWorkerSet.apiVersion,
    kind: 'LeaderWorkerSet',
    metadata: { name: 'g-prefill-0', namespace: NS, resourceVersion: '50' },
    spec: { replicas: 1 },
    status: { replicas: 1, updatedReplicas: 1, readyReplicas: 1 },
  };
  const g = graph({ id: 'r1', strategy: { order: ['prefill', 'Frontend', 'worker'] } }, undefined, [multinode]);
  const { api, reconciler, sources } = setup(g, {
    deployments: [deployment('g-frontend'), deployment('g-worker')],
    lws: [readyLws],
  });
  // The server's reply to the stamp carries the (stale) status, as a real one does.
  api.objects.set(`${NS}/g-prefill-0`, readyLws);
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual([
    'mergePatch DynamoGraphDeployment ml/g/status',
    'apply LeaderWorkerSet ml/g-prefill-0',
  ]);
  // Stamped, counts still "ready", nothing written since: still prefill.
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toHaveLength(2);
  // The LWS controller wrote its status for the new template: the restart moves on.
  const stamped = sources.leaderWorkerSets.get(NS, 'g-prefill-0')!;
  sources.leaderWorkerSets.remember({ ...stamped, metadata: { ...stamped.metadata, resourceVersion: '999' } });
  await reconciler.reconcile(`${NS}/g`);
  expect(api.bodies('mergePatch')[1]).toEqual({
    status: { restart: { observedID: 'r1', phase: 'Restarting', inProgress: ['Frontend'] } },
  });
});

test('a worker with generations: its current generation Deployment is stamped, not the old one', async () => {
  const status = { restart: { observedID: 'r1', phase: 'Restarting' as const, inProgress: ['worker'] } };
  const g = graph({ id: 'r1' }, status);
  g.metadata.annotations = { 'nvidia.com/current-worker-hash': 'bbbbbbbb', 'dynamo-iac.io/worker-rollout': 'operator' };
  const { api, reconciler } = setup(g, {
    deployments: [
      deployment('g-frontend', { restartAt: 'r1' }),
      deployment('g-worker-aaaaaaaa'),
      deployment('g-worker-bbbbbbbb'),
    ],
  });
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual(['apply Deployment ml/g-worker-bbbbbbbb']);
});
