import {
  adapterInventoryStatus,
  componentInventoryStatus,
  graphInventoryStatus,
  Inventory,
  requestInventoryStatus,
} from '../../../src/operator/controllers/inventory';
import {
  ComponentDeployment,
  DeploymentRequest,
  GraphDeployment,
  ScalingAdapter,
} from '../../../src/operator/controllers/kinds';
import { modelInventoryStatus } from '../../../src/operator/controllers/models/model-status';
import { ObjectCache } from '../../../src/operator/runtime/informer';
import { ServerObject } from '../../../src/operator/runtime/kube/objects';
import { OperatorMetrics } from '../../../src/operator/runtime/metrics';
import { FakeClock } from '../fake-clock';

const obj = (namespace: string, status?: object): ServerObject => ({
  apiVersion: 'x',
  kind: 'X',
  metadata: { name: 'n', namespace },
  ...(status ? { status } : {}),
});
/** A cache holding `items` (the test changes the array as a watch would). */
const cache = <T>(items: T[]): ObjectCache<T> => ({ list: (f) => (f ? items.filter(f) : items) });
const gate = { allows: (ns: string) => ns !== 'held', onResume: () => undefined };

/** The inventory as the operator sets it up: graphs and adapters. */
function inventoryOf(
  metrics: OperatorMetrics,
  clock: FakeClock,
  graphs: ServerObject[],
  adapters: ServerObject[],
): Inventory {
  const inv = new Inventory({ metrics, gate, clock, graphs: cache(graphs as GraphDeployment[]) });
  inv.track('DynamoGraphDeployment', cache(graphs as GraphDeployment[]), graphInventoryStatus);
  inv.track('DynamoGraphDeploymentScalingAdapter', cache(adapters as ScalingAdapter[]), adapterInventoryStatus);
  return inv;
}

test('counts graphs by state and adapters by readiness, skips held namespaces, refreshes every 30 s', async () => {
  const metrics = new OperatorMetrics();
  const clock = new FakeClock();
  const graphs = [
    obj('a', { state: 'successful' }),
    obj('a', { state: 'successful' }),
    obj('a'),
    obj('held', { state: 'pending' }),
  ];
  const adapters = [obj('a', { replicas: 2, selector: 's' }), obj('a', { replicas: 0, selector: 's' })];
  const inv = inventoryOf(metrics, clock, graphs, adapters);
  inv.start();
  const values = async () =>
    (await metrics.resources.get()).values.map((v) => [
      v.labels.resource_type,
      v.labels.namespace,
      v.labels.status,
      v.value,
    ]);
  expect(await values()).toEqual([
    ['DynamoGraphDeployment', 'a', 'successful', 2],
    ['DynamoGraphDeployment', 'a', 'unknown', 1],
    ['DynamoGraphDeploymentScalingAdapter', 'a', 'ready', 1],
    ['DynamoGraphDeploymentScalingAdapter', 'a', 'not_ready', 1],
  ]);
  graphs.splice(0, 3);
  clock.advance(29_999);
  expect(await values()).toHaveLength(4);
  clock.advance(1);
  expect(await values()).toEqual([
    ['DynamoGraphDeploymentScalingAdapter', 'a', 'ready', 1],
    ['DynamoGraphDeploymentScalingAdapter', 'a', 'not_ready', 1],
  ]);
  await inv.stop();
  expect(clock.pending()).toEqual([]);
});

test('a tracked kind (DynamoModel) is counted by its own status rule', async () => {
  const metrics = new OperatorMetrics();
  const ready = (status: string) => ({ conditions: [{ type: 'EndpointsReady', status }] });
  const models = [obj('a', ready('True')), obj('a', ready('False')), obj('a'), obj('held', ready('True'))];
  const inv = new Inventory({ metrics, gate, clock: new FakeClock(), graphs: cache<GraphDeployment>([]) });
  inv.track('DynamoModel', cache(models), modelInventoryStatus);
  inv.refresh();
  expect(
    (await metrics.resources.get()).values.map((v) => [
      v.labels.resource_type,
      v.labels.namespace,
      v.labels.status,
      v.value,
    ]),
  ).toEqual([
    ['DynamoModel', 'a', 'ready', 1],
    ['DynamoModel', 'a', 'not_ready', 1],
    ['DynamoModel', 'a', 'unknown', 1],
  ]);
});

test('managed pods per component type and namespace, from the graph status; multinode replicas are groups of nodeCount pods', async () => {
  const metrics = new OperatorMetrics();
  const main = { name: 'main', image: 'i' };
  const graph = (namespace: string, status?: object) => ({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g', namespace },
    spec: {
      backendFramework: 'vllm',
      components: [
        { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [main] } } },
        { name: 'a', type: 'worker', podTemplate: { spec: { containers: [main] } } },
        { name: 'b', type: 'worker', multinode: { nodeCount: 4 }, podTemplate: { spec: { containers: [main] } } },
      ],
    },
    ...(status ? { status } : {}),
  });
  const graphs = [
    graph('x', { components: { Frontend: { replicas: 1 }, a: { replicas: 2 }, b: { replicas: 3 } } }),
    graph('y'),
    graph('held', { components: { a: { replicas: 9 } } }),
  ];
  inventoryOf(metrics, new FakeClock(), graphs, []).refresh();
  const values = (await metrics.managedPods.get()).values.map((v) => [
    v.labels.component_type,
    v.labels.namespace,
    v.value,
  ]);
  expect(values).toEqual([
    ['frontend', 'x', 1],
    ['worker', 'x', 2 + 3 * 4],
  ]);
});

test('standalone DCDs count by their Available condition, requests by phase (v1alpha1: state)', () => {
  const available = (status: string) => ({
    conditions: [{ type: 'Available', status, reason: 'r', message: '', lastTransitionTime: '' }],
  });
  expect(componentInventoryStatus(obj('a', available('True')) as ComponentDeployment)).toBe('ready');
  expect(componentInventoryStatus(obj('a', available('False')) as ComponentDeployment)).toBe('not_ready');
  expect(componentInventoryStatus(obj('a') as ComponentDeployment)).toBe('unknown');
  expect(requestInventoryStatus(obj('a', { phase: 'Deployed' }) as DeploymentRequest)).toBe('Deployed');
  expect(requestInventoryStatus(obj('a', { state: 'Profiling' }) as DeploymentRequest)).toBe('Profiling');
  expect(requestInventoryStatus(obj('a') as DeploymentRequest)).toBe('unknown');
});
