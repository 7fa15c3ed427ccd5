import { Inventory } from '../../src/operator/inventory';
import { OperatorMetrics } from '../../src/operator/metrics';
import { modelInventoryStatus } from '../../src/operator/models/controller';
import { FakeClock } from './fake-clock';

const obj = (namespace: string, status?: object) => ({ apiVersion: 'x', kind: 'X', metadata: { name: 'n', namespace }, ...(status ? { status } : {}) });
const fakeInformer = (items: any[]) => ({ list: (f?: (o: any) => boolean) => (f ? items.filter(f) : items) }) as any;

test('counts graphs by state and adapters by readiness, skips held namespaces, refreshes every 30 s', async () => {
  const metrics = new OperatorMetrics();
  const clock = new FakeClock();
  const graphs = [obj('a', { state: 'successful' }), obj('a', { state: 'successful' }), obj('a'), obj('held', { state: 'pending' })];
  const adapters = [obj('a', { replicas: 2, selector: 's' }), obj('a', { replicas: 0, selector: 's' })];
  const gate = { allows: (ns: string) => ns !== 'held', onResume: () => undefined };
  const inv = new Inventory(metrics, gate, fakeInformer(graphs), fakeInformer(adapters), clock);
  inv.start();
  const values = async () => (await metrics.resources.get()).values.map((v) => [v.labels.resource_type, v.labels.namespace, v.labels.status, v.value]);
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
  inv.stop();
  expect(clock.pending()).toEqual([]);
});

test('a tracked kind (DynamoModel) is counted by its own status rule', async () => {
  const metrics = new OperatorMetrics();
  const ready = (status: string) => ({ conditions: [{ type: 'EndpointsReady', status }] });
  const models = [obj('a', ready('True')), obj('a', ready('False')), obj('a'), obj('held', ready('True'))];
  const gate = { allows: (ns: string) => ns !== 'held', onResume: () => undefined };
  const inv = new Inventory(metrics, gate, fakeInformer([]), fakeInformer([]), new FakeClock());
  inv.track('DynamoModel', fakeInformer(models), modelInventoryStatus);
  inv.refresh();
  expect((await metrics.resources.get()).values.map((v) => [v.labels.resource_type, v.labels.namespace, v.labels.status, v.value])).toEqual([
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
  const gate = { allows: (ns: string) => ns !== 'held', onResume: () => undefined };
  new Inventory(metrics, gate, fakeInformer(graphs), fakeInformer([]), new FakeClock()).refresh();
  const values = (await metrics.managedPods.get()).values.map((v) => [v.labels.component_type, v.labels.namespace, v.value]);
  expect(values).toEqual([
    ['frontend', 'x', 1],
    ['worker', 'x', 2 + 3 * 4],
  ]);
});
