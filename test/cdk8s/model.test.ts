import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ApiObject, Chart, Testing } from 'cdk8s';
import { DynamoGraphDeployment, DynamoModel } from '../../src';
import { synthError } from './synth-error';

const BASE = 'Qwen/Qwen3-0.6B';
const image = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const decode = (modelRef?: { name: string }) => ({
  name: 'decode',
  type: 'worker' as const,
  ...(modelRef ? { modelRef } : {}),
  podTemplate: {
    spec: { containers: [{ name: 'main', image, command: ['python3'], args: ['-m', 'dynamo.vllm', '--model', BASE] }] },
  },
});
const graphIn = (chart: Chart, modelRef?: { name: string }) =>
  new DynamoGraphDeployment(chart, 'g', { spec: { backendFramework: 'vllm', components: [decode(modelRef)] } });
const lora = (chart: Chart, spec: Record<string, unknown> = {}) =>
  new DynamoModel(chart, 'support-lora', {
    spec: {
      modelName: 'support-lora',
      baseModelName: BASE,
      modelType: 'lora',
      source: { uri: 'hf://org/support-lora' },
      ...spec,
    },
  });

test('a LoRA model attached to the component that serves its base model: its record next to the graph', () => {
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ml' });
  const model = lora(chart);
  const graph = graphIn(chart, model.modelRef);
  model.attachTo(graph, 'decode');
  const objs = Testing.synth(chart);
  expect(objs.find((o: any) => o.kind === 'DynamoModel')).toEqual({
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoModel',
    metadata: { name: 'support-lora', namespace: 'ml' },
    spec: {
      modelName: 'support-lora',
      baseModelName: BASE,
      modelType: 'lora',
      source: { uri: 'hf://org/support-lora' },
    },
  });
  expect(objs.filter((o: any) => o.kind === 'Service').map((o: any) => o.metadata.name)).toContain(
    'dynamo-model-fb68f5a6',
  );
  expect(model.attachments).toEqual([{ graph, component: 'decode' }]);
  expect(model.namespace).toBe('ml');
});

test('invalid spec: synth fails with the construct path, field paths and upstream messages', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'c');
  new DynamoModel(chart, 'bad', {
    spec: { modelName: '', baseModelName: BASE, modelType: 'lora', source: { uri: 'gs://bucket/x' } },
  });
  const message = synthError(app);
  expect(message).toContain('c/bad');
  expect(message).toContain('spec.modelName: spec.modelName is required');
  expect(message).toContain("spec.source.uri: source URI must start with 's3://' or 'hf://', got: gs://bucket/x");
  expect(chart.node.findAll().filter((c) => ApiObject.isApiObject(c))).toHaveLength(0);
});

test('attachTo fails synth clearly: unknown component, no modelRef, another base model, another namespace', () => {
  const cases: Array<[(c: Chart) => void, RegExp]> = [
    [
      (c) => lora(c).attachTo(graphIn(c, { name: BASE }), 'prefill'),
      /attachTo\(c\/g, "prefill"\): graph "g" has no component "prefill" \(components: decode\)/,
    ],
    [
      (c) => lora(c).attachTo(graphIn(c), 'decode'),
      /component "decode" has no modelRef; set its modelRef to \{ name: "Qwen\/Qwen3-0.6B" \}/,
    ],
    [
      (c) => lora(c).attachTo(graphIn(c, { name: 'other/base' }), 'decode'),
      /component "decode" serves base model "other\/base" \(modelRef.name\), but spec.baseModelName is "Qwen\/Qwen3-0.6B"/,
    ],
    [
      (c) => {
        const m = new DynamoModel(c, 'm', { namespace: 'elsewhere', spec: { modelName: 'm', baseModelName: BASE } });
        m.attachTo(graphIn(c, { name: BASE }), 'decode');
      },
      /graph "g" is in namespace "default", this model in "elsewhere"/,
    ],
  ];
  for (const [build, expected] of cases) {
    const app = Testing.app();
    build(new Chart(app, 'c'));
    expect(synthError(app)).toMatch(expected);
  }
});

test('fromManifest and fromFile adopt a manifest; a graph manifest is refused', () => {
  const manifest = {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoModel',
    metadata: { name: 'adopted', labels: { team: 'a' } },
    spec: { modelName: 'adopted', baseModelName: BASE },
    status: { readyEndpoints: 1, totalEndpoints: 1 },
  };
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ml' });
  const m = DynamoModel.fromManifest(chart, 'x', manifest);
  expect(m.name).toBe('adopted');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-'));
  const file = path.join(dir, 'model.yaml');
  fs.writeFileSync(file, JSON.stringify({ ...manifest, metadata: { name: 'from-file' } }));
  DynamoModel.fromFile(chart, 'y', file);
  expect(Testing.synth(chart).map((o: any) => [o.metadata.name, o.metadata.labels, o.status])).toEqual([
    ['adopted', { team: 'a' }, undefined],
    ['from-file', undefined, undefined],
  ]);

  const app = Testing.app();
  DynamoModel.fromManifest(new Chart(app, 'c'), 'x', {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g' },
    spec: {},
  });
  expect(synthError(app)).toContain('kind: expected DynamoModel, got "DynamoGraphDeployment"');
  const app2 = Testing.app();
  DynamoModel.fromFile(new Chart(app2, 'c'), 'x', path.join(dir, 'missing.yaml'));
  expect(synthError(app2)).toMatch(/missing\.yaml: cannot read/);
});

test('two constructs rendering the same model differently is a conflict', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'c');
  lora(chart);
  new DynamoModel(chart, 'again', { name: 'support-lora', spec: { modelName: 'support-lora', baseModelName: 'x' } });
  expect(synthError(app)).toMatch(
    /DynamoModel "default\/support-lora" is also rendered by c\/support-lora with different content/,
  );
});
