import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, App, Chart, Testing } from 'cdk8s';
import { DynamoComponentDeployment, DynamoGraphDeployment, setPlatformSettings } from '../../src';
import { findRendered } from '../render/helpers';

const worker = {
  name: 'VllmWorker',
  type: 'worker' as const,
  replicas: 2,
  podTemplate: {
    spec: {
      containers: [
        {
          name: 'main',
          image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1',
          command: ['python3'],
          args: ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B'],
          resources: { limits: { 'nvidia.com/gpu': '1' } },
        },
      ],
    },
  },
};
const frontend = {
  name: 'Frontend',
  type: 'frontend' as const,
  podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1' }] } },
};

const names = (chart: Chart) =>
  Testing.synth(chart).map((o: any) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`);

test('typed props render into the chart namespace, named after the construct id by default', () => {
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ml' });
  const g = new DynamoGraphDeployment(chart, 'demo', {
    spec: { backendFramework: 'vllm', components: [frontend, worker] },
  });
  expect(g.name).toBe('demo');
  expect(g.namespace).toBe('ml');
  // The worker is a worker generation: its objects carry the graph's worker hash.
  const record = Testing.synth(chart).find((o: any) => o.kind === 'DynamoGraphDeployment');
  const hash = record.metadata.annotations['nvidia.com/current-worker-hash'];
  expect(hash).toMatch(/^[0-9a-f]{8}$/);
  expect(names(chart)).toEqual([
    'ServiceAccount/ml/demo-k8s-service-discovery',
    'Role/ml/demo-k8s-service-discovery-role',
    'RoleBinding/ml/demo-k8s-service-discovery-binding',
    'Service/ml/demo-frontend',
    `Service/ml/demo-vllmworker-${hash}`,
    'Deployment/ml/demo-frontend',
    `Deployment/ml/demo-vllmworker-${hash}`,
    'DynamoGraphDeployment/ml/demo',
  ]);
  expect(g.objects).toHaveLength(8);
});

test('the construct renders exactly what the render core renders for the same manifest', () => {
  const chart = new Chart(Testing.app(), 'c');
  const g = new DynamoGraphDeployment(chart, 'demo', {
    name: 'demo',
    namespace: 'ml',
    spec: { components: [frontend, worker] },
  });
  expect(Testing.synth(chart)).toEqual(JSON.parse(JSON.stringify(g.objects)));
});

test('invalid props fail synth with the construct path and the field path, all problems at once', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'c');
  new DynamoGraphDeployment(chart, 'bad', {
    spec: {
      components: [
        { ...worker, replicas: -1 },
        { ...frontend, name: 'vllmworker' },
      ],
    },
  });
  let message = '';
  try {
    app.synth();
  } catch (e) {
    message = (e as Error).message;
  }
  expect(message).toContain('c/bad');
  expect(message).toMatch(/spec\.components\[0\]\.replicas: .*non-negative/);
  expect(message).toMatch(/unique/);
  expect(chart.node.findAll().filter((c) => ApiObject.isApiObject(c))).toHaveLength(0);
});

test('warnings do not fail synth and are printed with the construct path and the field path', () => {
  const app = Testing.app();
  new DynamoGraphDeployment(new Chart(app, 'c'), 'untyped', {
    spec: { components: [{ ...frontend, type: undefined }, worker] },
  });
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    app.synth();
    expect(stderr.mock.calls.map(([line]) => line)).toEqual([
      '[c/untyped] spec.components[0].type: warning: not set, but the name "Frontend" suggests a frontend: without a type the component renders with the default rules (no frontend ports, probes or env); set type: frontend\n',
    ]);
  } finally {
    stderr.mockRestore();
  }
});

test('replicas left to a scaling adapter: a warning at synth, and the workload carries none', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'c');
  new DynamoGraphDeployment(chart, 'scaled', {
    spec: { components: [frontend, { ...worker, replicas: 2, scalingAdapter: {} }] },
  });
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const objects = Testing.synth(chart);
    expect(stderr.mock.calls.map(([line]) => line)).toEqual([
      '[c/scaled] spec.components[1].replicas: warning: is left to the scaling adapter (scalingAdapter is set): the rendered workload carries no replicas; the runtime operator sets them from the DynamoGraphDeploymentScalingAdapter, which starts at 2\n',
    ]);
    const workload = findRendered(objects, 'Deployment', `scaled-${worker.name.toLowerCase()}`);
    expect(workload.spec.replicas).toBeUndefined();
  } finally {
    stderr.mockRestore();
  }
});

test('fromManifest adopts v1alpha1 and renders the same objects as the equivalent v1beta1 props', () => {
  const v1alpha1 = {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'demo', namespace: 'ml' },
    spec: {
      backendFramework: 'vllm',
      services: {
        Frontend: {
          componentType: 'frontend',
          extraPodSpec: { mainContainer: { image: frontend.podTemplate.spec.containers[0].image } },
        },
        VllmWorker: {
          componentType: 'worker',
          replicas: 2,
          resources: { limits: { gpu: '1' } },
          extraPodSpec: {
            mainContainer: { ...worker.podTemplate.spec.containers[0], resources: undefined, name: undefined },
          },
        },
      },
    },
  };
  const a = new Chart(Testing.app(), 'a');
  DynamoGraphDeployment.fromManifest(a, 'g', JSON.parse(JSON.stringify(v1alpha1)));
  const b = new Chart(Testing.app(), 'b');
  new DynamoGraphDeployment(b, 'g', {
    name: 'demo',
    namespace: 'ml',
    spec: { backendFramework: 'vllm', components: [frontend, worker] },
  });
  const withoutRecord = (objs: any[]) => objs.filter((o) => o.kind !== 'DynamoGraphDeployment');
  expect(withoutRecord(Testing.synth(a))).toEqual(withoutRecord(Testing.synth(b)));
});

test('fromFile reports an unreadable file at synth instead of throwing at construction', () => {
  const app = Testing.app();
  DynamoGraphDeployment.fromFile(new Chart(app, 'c'), 'g', path.join(os.tmpdir(), 'does-not-exist.yaml'));
  expect(() => app.synth()).toThrow(/does-not-exist\.yaml: cannot read/);
});

test('fromFile reads a YAML manifest', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-'));
  const file = path.join(dir, 'g.yaml');
  fs.writeFileSync(
    file,
    [
      'apiVersion: nvidia.com/v1beta1',
      'kind: DynamoGraphDeployment',
      'metadata: {name: from-file}',
      'spec:',
      '  components:',
      '    - {name: Frontend, type: frontend, podTemplate: {spec: {containers: [{name: main, image: "img:1.0.0"}]}}}',
    ].join('\n'),
  );
  const chart = new Chart(Testing.app(), 'c', { namespace: 'team' });
  const g = DynamoGraphDeployment.fromFile(chart, 'g', file);
  expect(g.name).toBe('from-file');
  expect(names(chart)).toContain('Deployment/team/from-file-frontend');
});

test('platform settings set on the app apply to every graph; per-graph settings win', () => {
  const app = Testing.app();
  setPlatformSettings(app, { discoveryBackend: 'etcd', natsAddress: 'nats://platform:4222' });
  const a = new Chart(app, 'a');
  new DynamoGraphDeployment(a, 'g1', { spec: { components: [worker] } });
  const b = new Chart(app, 'b');
  new DynamoGraphDeployment(b, 'g2', { spec: { components: [worker] }, settings: { natsAddress: 'nats://mine:4222' } });
  const env = (chart: Chart) =>
    Testing.synth(chart).find((o: any) => o.kind === 'Deployment').spec.template.spec.containers[0].env;
  expect(env(a)).toContainEqual({ name: 'NATS_SERVER', value: 'nats://platform:4222' });
  expect(env(b)).toContainEqual({ name: 'NATS_SERVER', value: 'nats://mine:4222' });
  expect(names(a)).not.toContain('ServiceAccount/default/g1-k8s-service-discovery');
});

test('objects shared by two graphs of one namespace are synthesized once', () => {
  const app = Testing.app();
  const planner = {
    name: 'Planner',
    type: 'planner' as const,
    podTemplate: { spec: { containers: [{ name: 'main', image: 'img:1.0.0' }] } },
  };
  const a = new Chart(app, 'a', { namespace: 'ml' });
  new DynamoGraphDeployment(a, 'g1', { spec: { components: [planner] } });
  const b = new Chart(app, 'b', { namespace: 'ml' });
  new DynamoGraphDeployment(b, 'g2', { spec: { components: [planner] } });
  expect(names(a)).toContain('ServiceAccount/ml/planner-serviceaccount');
  expect(names(b)).not.toContain('ServiceAccount/ml/planner-serviceaccount');
  app.synth(); // no conflict
});

test('DynamoComponentDeployment renders a standalone component', () => {
  const chart = new Chart(new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-')) }), 'c', {
    namespace: 'ml',
  });
  const { name: _n, ...spec } = worker;
  new DynamoComponentDeployment(chart, 'solo', { spec: { ...spec, backendFramework: 'vllm' } });
  expect(names(chart)).toEqual(expect.arrayContaining(['Deployment/ml/solo', 'DynamoComponentDeployment/ml/solo']));
});
