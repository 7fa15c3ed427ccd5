/**
 * The scale-to-zero reconciler against a scripted API: the condition it writes for an opted-in
 * graph, with and without the activator, and what the activator is told (the cluster test
 * proves the same against a real API server).
 */
import { createLogger } from '../../../../src/operator/runtime/log';
import { Registry } from 'prom-client';
import { Activator, WorkerScaler } from '../../../../src/operator/activator/activator';
import { ActivatorMetrics } from '../../../../src/operator/activator/metrics';
import { GraphDeployment, ScalingAdapter } from '../../../../src/operator/controllers/kinds';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import {
  activatorTarget,
  clusterFrontendUrl,
  ScaleToZeroReconciler,
} from '../../../../src/operator/controllers/scale-to-zero/reconciler';
import { graphModelOf } from '../../../../src/operator/controllers/graph-record';
import { cacheOf, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const main = { name: 'main', image: 'registry.example/vllm-runtime:1.6.1' };
const dgd = (annotations: Record<string, string>): GraphDeployment => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'agg', namespace: NS, uid: 'uid-agg', generation: 3, annotations },
  spec: {
    backendFramework: 'vllm',
    components: [
      { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [main] } } },
      {
        name: 'decode',
        type: 'worker',
        replicas: 2,
        scalingAdapter: {},
        podTemplate: { spec: { containers: [main] } },
      },
      { name: 'prefill', type: 'prefill', scalingAdapter: {}, podTemplate: { spec: { containers: [main] } } },
    ],
  },
});
const adapter = (name: string, replicas: number): ScalingAdapter => ({
  apiVersion: RESOURCES.adapter.apiVersion,
  kind: RESOURCES.adapter.kind,
  metadata: { name, namespace: NS },
  spec: { replicas },
});
const OPTED_IN = { 'dynamo-iac.io/scale-to-zero-after': '10m' };

function setup(graph: GraphDeployment, adapters: ScalingAdapter[], withActivator: boolean) {
  const api = new ScriptedApi();
  const ctx = reconcilerContext(api);
  const scaler: WorkerScaler = {
    atZero: () => false,
    activate: async () => false,
    deactivate: async () => undefined,
  };
  const activator = withActivator
    ? new Activator({
        port: 0,
        clock: ctx.clock,
        log: createLogger('silent'),
        metrics: new ActivatorMetrics(new Registry()),
        scaler,
      })
    : undefined;
  const reconciler = new ScaleToZeroReconciler({
    ...ctx,
    graphs: cacheOf(RESOURCES.dgdV1beta1, [graph]),
    adapters: cacheOf(RESOURCES.adapter, adapters),
    activator,
    frontendUrl: clusterFrontendUrl,
  });
  return { api, reconciler, activator };
}

const condition = (api: ScriptedApi) =>
  (api.bodies('mergePatch')[0] as { status: { conditions: { type: string }[] } }).status.conditions.find(
    (c) => c.type === 'ScaledToZero',
  );

test("the activator's view of a graph: its frontend Service, settings, and each adapter with its activation count", () => {
  expect(activatorTarget(graphModelOf(dgd(OPTED_IN))!, clusterFrontendUrl)).toEqual({
    namespace: NS,
    name: 'agg',
    frontendUrl: 'http://agg-frontend.ml.svc:8000',
    settings: { idleAfterMs: 600_000, activationTimeoutMs: 120_000 },
    workers: [
      { adapter: 'agg-decode', replicas: 2 },
      { adapter: 'agg-prefill', replicas: 1 },
    ],
  });
  expect(activatorTarget(graphModelOf(dgd({}))!, clusterFrontendUrl)).toBeUndefined();
});

test('every scale-to-zero adapter at 0: registered, ScaledToZero True / Idle', async () => {
  const { api, reconciler, activator } = setup(
    dgd(OPTED_IN),
    [adapter('agg-decode', 0), adapter('agg-prefill', 0)],
    true,
  );
  await reconciler.reconcile(`${NS}/agg`);
  expect(activator!.registered()).toEqual(['ml/agg']);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeployment ml/agg/status']);
  expect(condition(api)).toMatchObject({ status: 'True', reason: 'Idle', observedGeneration: 3 });
  await activator!.stop();
});

test('one adapter above 0: ScaledToZero False / Active', async () => {
  const { api, reconciler, activator } = setup(
    dgd(OPTED_IN),
    [adapter('agg-decode', 0), adapter('agg-prefill', 1)],
    true,
  );
  await reconciler.reconcile(`${NS}/agg`);
  expect(condition(api)).toMatchObject({ status: 'False', reason: 'Active' });
  await activator!.stop();
});

test('no activator: the condition says so instead of nothing happening silently', async () => {
  const { api, reconciler } = setup(dgd(OPTED_IN), [adapter('agg-decode', 2)], false);
  await reconciler.reconcile(`${NS}/agg`);
  expect(condition(api)).toMatchObject({
    status: 'False',
    reason: 'ActivatorOff',
    message:
      'Scale to zero is declared, but the runtime operator runs without --activator-port: nothing holds requests or scales the workers (docs/scale-to-zero.md)',
  });
});

test('a graph that does not opt in gets no write; one that stops opting in loses the condition', async () => {
  const plain = setup(dgd({}), [], true);
  await plain.reconciler.reconcile(`${NS}/agg`);
  expect(plain.api.writes()).toEqual([]);
  const was = dgd({});
  was.status = {
    conditions: [
      {
        type: 'ScaledToZero',
        status: 'True',
        reason: 'Idle',
        message: 'm',
        lastTransitionTime: '2026-11-28T00:00:00Z',
      },
    ],
  } as GraphDeployment['status'];
  const stopped = setup(was, [], true);
  await stopped.reconciler.reconcile(`${NS}/agg`);
  expect(stopped.api.bodies('mergePatch')).toEqual([{ status: { conditions: [] } }]);
  await plain.activator!.stop();
  await stopped.activator!.stop();
});
