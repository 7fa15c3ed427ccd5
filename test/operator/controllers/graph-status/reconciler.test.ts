/** The graph-status reconciler against a scripted API: when it writes the status, through which version, and what. */
import { GraphStatusReconciler } from '../../../../src/operator/controllers/graph-status/reconciler';
import { GraphDeployment, Workload } from '../../../../src/operator/controllers/kinds';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import { cacheOf, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const NOW = Date.parse('2026-11-23T10:00:00Z');
const main = { name: 'main', image: 'registry.example/vllm-runtime:1' };

const v1beta1 = (components: string[], status?: GraphDeployment['status']): GraphDeployment => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', namespace: NS, generation: 2 },
  spec: {
    backendFramework: 'vllm',
    components: components.map((name) => ({
      name,
      type: name === 'Frontend' ? 'frontend' : 'worker',
      replicas: 1,
      podTemplate: { spec: { containers: [main] } },
    })),
  },
  ...(status ? { status } : {}),
});
/** A v1alpha1 record as the cluster serves it under v1beta1 (our CRDs convert with None). */
const v1alpha1 = (): GraphDeployment => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', namespace: NS, generation: 1 },
  spec: { services: { Frontend: { componentType: 'frontend', replicas: 1 } } },
});
const ready = (name: string): Workload => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: NS, generation: 1 },
  spec: { replicas: 1 },
  status: {
    observedGeneration: 1,
    replicas: 1,
    updatedReplicas: 1,
    readyReplicas: 1,
    availableReplicas: 1,
    conditions: [{ type: 'Available', status: 'True' }],
  },
});

function setup(graphs: GraphDeployment[], deployments: Workload[]) {
  const api = new ScriptedApi();
  const ctx = reconcilerContext(api);
  ctx.clock.advance(NOW);
  const sources = {
    graphs: cacheOf(RESOURCES.dgdV1beta1, graphs),
    deployments: cacheOf(RESOURCES.deployment, deployments),
  };
  return { api, sources, reconciler: new GraphStatusReconciler({ ...ctx, ...sources }) };
}

test('writes state, the Ready condition and the components through the status subresource; again only when it changed', async () => {
  const { api, reconciler, sources } = setup(
    [v1beta1(['Frontend', 'worker'])],
    [ready('g-frontend'), ready('g-worker')],
  );
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeployment ml/g/status']);
  expect(api.bodies('mergePatch')[0]).toEqual({
    status: {
      observedGeneration: 2,
      state: 'successful',
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'all_resources_are_ready',
          message: 'All resources are ready',
          lastTransitionTime: '2026-11-23T10:00:00.000Z',
          observedGeneration: 2,
        },
      ],
      components: {
        Frontend: {
          componentKind: 'Deployment',
          componentNames: ['g-frontend'],
          replicas: 1,
          updatedReplicas: 1,
          readyReplicas: 1,
          availableReplicas: 1,
        },
        worker: {
          componentKind: 'Deployment',
          componentNames: ['g-worker'],
          replicas: 1,
          updatedReplicas: 1,
          readyReplicas: 1,
          availableReplicas: 1,
        },
      },
    },
  });
  // The reply went into the cache: the same inputs now write nothing.
  await reconciler.reconcile(`${NS}/g`);
  expect(api.writes()).toHaveLength(1);
  expect(sources.graphs.get(NS, 'g')?.status?.state).toBe('successful');
});

test('a component that is gone is removed from the status map with an explicit null', async () => {
  const before = { state: 'successful', components: { Frontend: {}, old: {} } };
  const { api, reconciler } = setup([v1beta1(['Frontend'], before)], [ready('g-frontend')]);
  await reconciler.reconcile(`${NS}/g`);
  expect(api.bodies('mergePatch')[0]).toMatchObject({
    status: { components: { old: null, Frontend: expect.objectContaining({ componentKind: 'Deployment' }) } },
  });
});

test('a v1alpha1 record is written through v1alpha1, under services', async () => {
  const { api, reconciler } = setup([v1alpha1()], [ready('g-frontend')]);
  await reconciler.reconcile(`${NS}/g`);
  const [call] = api.calls;
  expect(call).toMatchObject({ verb: 'mergePatch', subresource: 'status' });
  expect(api.bodies('mergePatch')[0]).toMatchObject({
    status: { state: 'successful', services: { Frontend: { componentName: 'g-frontend' } } },
  });
  // Addressed as the v1alpha1 resource (the status schema with these field names).
  expect(call.apiVersion).toBe('nvidia.com/v1alpha1');
});

test('a graph being deleted, missing or not loading gets no status write', async () => {
  const deleting = {
    ...v1beta1(['Frontend']),
    metadata: { name: 'g', namespace: NS, deletionTimestamp: '2026-11-23T09:00:00Z' },
  };
  for (const graphs of [[deleting], [], [{ ...v1beta1(['Frontend']), spec: { components: 'nope' } }]]) {
    const { api, reconciler } = setup(graphs, []);
    await reconciler.reconcile(`${NS}/g`);
    expect(api.calls).toEqual([]);
  }
});

test('status.checkpoints: per component with a checkpointRef, its name, ID and readiness; removed when no longer referenced', async () => {
  const withRef = v1beta1(['Frontend', 'worker']);
  (withRef.spec!.components as any[])[1].experimental = { checkpoint: { enabled: true, checkpointRef: 'ckpt' } };
  const ckpt = {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoCheckpoint',
    metadata: { name: 'ckpt', namespace: NS },
    spec: {
      identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm' },
      job: { podTemplateSpec: { spec: { containers: [main] } } },
    },
    status: { phase: 'Ready' },
  };
  const api = new ScriptedApi();
  const ctx = reconcilerContext(api);
  const reconciler = new GraphStatusReconciler({
    ...ctx,
    graphs: cacheOf(RESOURCES.dgdV1beta1, [withRef]),
    deployments: cacheOf(RESOURCES.deployment, [ready('g-frontend'), ready('g-worker')]),
    checkpoints: cacheOf(RESOURCES.checkpoint, [ckpt]),
  });
  await reconciler.reconcile(`${NS}/g`);
  const { checkpoints } = (api.bodies('mergePatch')[0] as any).status;
  expect(checkpoints).toEqual({
    worker: {
      checkpointName: 'ckpt',
      checkpointID: expect.stringMatching(/^[0-9a-f]{12,}$/),
      identityHash: expect.any(String),
      ready: true,
    },
  });
  expect(checkpoints.worker.identityHash).toBe(checkpoints.worker.checkpointID);

  const unreferenced = setup(
    [
      v1beta1(['Frontend', 'worker'], {
        state: 'successful',
        checkpoints: { worker: { checkpointName: 'ckpt' } },
      } as any),
    ],
    [ready('g-frontend'), ready('g-worker')],
  );
  await unreferenced.reconciler.reconcile(`${NS}/g`);
  expect((unreferenced.api.bodies('mergePatch')[0] as any).status.checkpoints).toBeNull();
});
