/** The standalone-DCD status reconciler against a scripted API: what it writes, through which version, and when. */
import { ComponentStatusReconciler } from '../../../../src/operator/controllers/component-status/reconciler';
import { ComponentDeployment, Workload } from '../../../../src/operator/controllers/kinds';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import { cacheOf, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const NOW = Date.parse('2026-11-23T10:00:00Z');
const T = '2026-11-23T10:00:00.000Z';
const main = {
  name: 'main',
  image: 'registry.example/vllm-runtime:1',
  command: ['python3'],
  args: ['-m', 'dynamo.vllm'],
};

const v1beta1 = (spec: object = {}): ComponentDeployment => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoComponentDeployment',
  metadata: { name: 'decode', namespace: NS, generation: 4 },
  spec: {
    backendFramework: 'vllm',
    type: 'worker',
    replicas: 2,
    podTemplate: { spec: { containers: [main] } },
    ...spec,
  },
});
/** Written as v1alpha1, served under v1beta1 with its own field names (conversion None). */
const v1alpha1 = (): ComponentDeployment => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoComponentDeployment',
  metadata: { name: 'decode', namespace: NS, generation: 1 },
  spec: {
    backendFramework: 'vllm',
    componentType: 'worker',
    replicas: 2,
    extraPodSpec: { mainContainer: { image: main.image, command: main.command, args: main.args } },
  },
});
const deployment = (ready: boolean): Workload => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'decode', namespace: NS, generation: 3 },
  spec: { replicas: 2 },
  status: {
    observedGeneration: 3,
    replicas: 2,
    updatedReplicas: 2,
    readyReplicas: ready ? 2 : 1,
    availableReplicas: ready ? 2 : 1,
    conditions: [{ type: 'Available', status: ready ? 'True' : 'False' }],
  },
});

function setup(dcd: ComponentDeployment, deployments: Workload[], lws: Workload[] = []) {
  const api = new ScriptedApi();
  // The server's reply to the status patch is the whole DCD.
  api.objects.set(`${NS}/decode`, dcd);
  const ctx = reconcilerContext(api);
  ctx.clock.advance(NOW);
  const components = cacheOf(RESOURCES.dcdV1beta1, [dcd]);
  const reconciler = new ComponentStatusReconciler({
    ...ctx,
    components,
    deployments: cacheOf(RESOURCES.deployment, deployments),
    leaderWorkerSets: cacheOf(RESOURCES.leaderWorkerSet, lws),
  });
  return { api, components, reconciler };
}

test('v1beta1: observedGeneration, Available and DynamoComponentReady, and the replica status under component; again only on a change', async () => {
  const { api, reconciler } = setup(v1beta1(), [deployment(true)]);
  await reconciler.reconcile(`${NS}/decode`);
  expect(api.writes()).toEqual(['mergePatch DynamoComponentDeployment ml/decode/status']);
  expect(api.calls[0].apiVersion).toBe('nvidia.com/v1beta1');
  expect(api.bodies('mergePatch')[0]).toEqual({
    status: {
      observedGeneration: 4,
      conditions: [
        {
          type: 'Available',
          status: 'True',
          reason: 'DeploymentReady',
          message: 'Deployment is ready',
          observedGeneration: 4,
          lastTransitionTime: T,
        },
        {
          type: 'DynamoComponentReady',
          status: 'True',
          reason: 'ComponentReady',
          message: 'DynamoComponent is ready',
          observedGeneration: 4,
          lastTransitionTime: T,
        },
      ],
      component: {
        componentKind: 'Deployment',
        componentNames: ['decode'],
        replicas: 2,
        updatedReplicas: 2,
        readyReplicas: 2,
        availableReplicas: 2,
      },
    },
  });
  await reconciler.reconcile(`${NS}/decode`);
  expect(api.writes()).toHaveLength(1);
});

test("a Deployment short of available replicas: both conditions False with upstream's reasons", async () => {
  const { api, reconciler } = setup(v1beta1(), [deployment(false)]);
  await reconciler.reconcile(`${NS}/decode`);
  expect(
    (api.bodies('mergePatch')[0] as any).status.conditions.map((c: any) => [c.type, c.status, c.reason, c.message]),
  ).toEqual([
    ['Available', 'False', 'DeploymentNotReady', 'Deployment is not ready'],
    ['DynamoComponentReady', 'False', 'ComponentNotReady', 'DynamoComponent is not ready'],
  ]);
});

test('v1alpha1: written through v1alpha1 under service (with componentName), no top-level observedGeneration', async () => {
  const { api, reconciler } = setup(v1alpha1(), [deployment(true)]);
  await reconciler.reconcile(`${NS}/decode`);
  expect(api.calls[0]).toMatchObject({ verb: 'mergePatch', apiVersion: 'nvidia.com/v1alpha1', subresource: 'status' });
  const { status } = api.bodies('mergePatch')[0] as any;
  expect(status.service).toEqual({
    componentKind: 'Deployment',
    componentNames: ['decode'],
    componentName: 'decode',
    replicas: 2,
    updatedReplicas: 2,
    readyReplicas: 2,
    availableReplicas: 2,
  });
  expect(status).not.toHaveProperty('observedGeneration');
  expect(status.conditions[0]).toMatchObject({ type: 'Available', status: 'True', observedGeneration: 1 });
});

test('multinode: read from its LeaderWorkerSets; missing ones make it not available', async () => {
  const multinode = v1beta1({ replicas: 1, multinode: { nodeCount: 2 } });
  const { api, reconciler } = setup(multinode, []);
  await reconciler.reconcile(`${NS}/decode`);
  const { status } = api.bodies('mergePatch')[0] as any;
  expect(status.conditions[0]).toMatchObject({
    type: 'Available',
    status: 'False',
    reason: 'LeaderWorkerSetNotReady',
    message: 'LeaderWorkerSet is not ready',
  });
  expect(status.component).toMatchObject({ componentKind: 'LeaderWorkerSet', componentNames: ['decode-0'] });
});
