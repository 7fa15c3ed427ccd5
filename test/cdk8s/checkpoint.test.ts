import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import { ComponentCheckpointInput, DynamoCheckpoint, DynamoGraphDeployment, setPlatformSettings } from '../../src';
import { findRendered } from '../render/helpers';

/** An app rendering for Dynamo 1.6, the release that has DynamoCheckpoint. */
function app16() {
  const app = Testing.app();
  setPlatformSettings(app, { dynamoVersion: '1.6' });
  return app;
}

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const spec = {
  identity: { model: 'meta-llama/Llama-2-7b-hf', backendFramework: 'vllm' as const },
  job: {
    podTemplateSpec: {
      spec: { containers: [{ name: 'main', image: IMAGE, command: ['python3', '-m', 'dynamo.vllm'] }] },
    },
  },
};
const frontend = {
  name: 'Frontend',
  type: 'frontend' as const,
  podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
};
const worker = (checkpoint?: ComponentCheckpointInput) => ({
  name: 'worker',
  type: 'worker' as const,
  podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE, command: ['python3', '-m', 'dynamo.vllm'] }] } },
  ...(checkpoint ? { experimental: { checkpoint } } : {}),
});

test('a component restores from a checkpoint through its typed reference', () => {
  const chart = new Chart(app16(), 'c', { namespace: 'ml' });
  const ckpt = new DynamoCheckpoint(chart, 'llama', { spec });
  expect(ckpt.checkpointId).toBe('96429b2725761a09');
  expect(ckpt.namespace).toBe('ml');
  new DynamoGraphDeployment(chart, 'g', { spec: { components: [frontend, worker(ckpt.ref())] } });
  const objs: any[] = Testing.synth(chart);
  expect(objs.find((o) => o.kind === 'DynamoCheckpoint')).toEqual({
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoCheckpoint',
    metadata: { name: 'llama', namespace: 'ml' },
    spec,
  });
  const labels = findRendered(objs, 'Deployment', 'g-worker').spec.template.metadata.labels;
  expect(labels).toMatchObject({
    'nvidia.com/snapshot-is-restore-target': 'true',
    'nvidia.com/snapshot-checkpoint-id': '96429b2725761a09',
  });
});

test('a checkpoint declared after the graph restores it too: references resolve at synth', () => {
  const app = app16();
  const chart = new Chart(app, 'c', { namespace: 'ml' });
  const graph = new DynamoGraphDeployment(chart, 'g', {
    spec: { components: [frontend, worker({ enabled: true, checkpointRef: 'llama' })] },
  });
  new DynamoCheckpoint(chart, 'llama', { spec });
  const objs: any[] = Testing.synth(chart);
  const deployment = findRendered(objs, 'Deployment', 'g-worker');
  expect(deployment.spec.template.metadata.labels).toMatchObject({
    'nvidia.com/snapshot-is-restore-target': 'true',
    'nvidia.com/snapshot-checkpoint-id': '96429b2725761a09',
  });
  // The same objects as when the checkpoint comes first (in construct order).
  const byName = (os: any[]) =>
    [...os].sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`));
  const before = new Chart(app16(), 'c', { namespace: 'ml' });
  new DynamoCheckpoint(before, 'llama', { spec });
  new DynamoGraphDeployment(before, 'g', {
    spec: { components: [frontend, worker({ enabled: true, checkpointRef: 'llama' })] },
  });
  expect(byName(objs)).toEqual(byName(Testing.synth(before)));
  expect(graph.frontendServiceName).toBe('g-frontend');
});

test('a dangling reference is a synth error with the construct and field path', () => {
  const app = app16();
  const chart = new Chart(app, 'c', { namespace: 'ml' });
  new DynamoGraphDeployment(chart, 'g', {
    spec: { components: [frontend, worker({ enabled: true, checkpointRef: 'nope' })] },
  });
  expect(() => app.synth()).toThrow(
    /c\/g.*spec\.components\[1\]\.experimental\.checkpoint\.checkpointRef: DynamoCheckpoint "ml\/nope" not found/s,
  );
});

test('a checkpoint in another namespace does not satisfy a reference', () => {
  const app = app16();
  const other = new DynamoCheckpoint(new Chart(app, 'o', { namespace: 'other' }), 'llama', { spec });
  new DynamoGraphDeployment(new Chart(app, 'c', { namespace: 'ml' }), 'g', {
    spec: { components: [frontend, worker(other.ref())] },
  });
  expect(() => app.synth()).toThrow(/DynamoCheckpoint "ml\/llama" not found/);
});

test('invalid props surface at synth with field paths; artifactVersion becomes the annotation', () => {
  const app = app16();
  const chart = new Chart(app, 'c');
  const bad = new DynamoCheckpoint(chart, 'bad', {
    spec: { ...spec, identity: { model: '', backendFramework: 'vllm' } },
  });
  expect(bad.model).toBeUndefined();
  expect(() => app.synth()).toThrow(/spec\.identity\.model: Required value/);
  const v2 = new DynamoCheckpoint(new Chart(app16(), 'd'), 'v2', { spec, artifactVersion: '2' });
  expect(v2.model?.annotations).toEqual({ 'nvidia.com/snapshot-artifact-version': '2' });
});

test('fromFile adopts a manifest; fromManifest refuses another kind', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-'));
  const file = path.join(dir, 'c.yaml');
  fs.writeFileSync(
    file,
    [
      'apiVersion: nvidia.com/v1alpha1',
      'kind: DynamoCheckpoint',
      'metadata: { name: from-file }',
      'spec:',
      '  identity: { model: meta-llama/Llama-2-7b-hf, backendFramework: vllm }',
      `  job: { podTemplateSpec: { spec: { containers: [ { name: main, image: "${IMAGE}" } ] } } }`,
    ].join('\n'),
  );
  const c = DynamoCheckpoint.fromFile(new Chart(app16(), 'c'), 'x', file);
  expect(c.name).toBe('from-file');
  expect(c.checkpointId).toBe('96429b2725761a09');
  const app = app16();
  DynamoCheckpoint.fromManifest(new Chart(app, 'c'), 'x', {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoModel',
    metadata: { name: 'm' },
  });
  expect(() => app.synth()).toThrow(/kind: expected DynamoCheckpoint, got "DynamoModel"/);
});

test('for Dynamo 1.7 a DynamoCheckpoint construct is a synth error: checkpointRef names a PodSnapshot there', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'c', { namespace: 'ml' });
  setPlatformSettings(app, { dynamoVersion: '1.7' });
  new DynamoCheckpoint(chart, 'llama', { spec });
  expect(() => app.synth()).toThrow(/c\/llama.*kind: Forbidden: Dynamo 1\.7 has no DynamoCheckpoint kind/s);

  // A graph's reference alone renders, without restore wiring (a warning says so).
  const ok = Testing.app();
  const okChart = new Chart(ok, 'c', { namespace: 'ml' });
  setPlatformSettings(ok, { dynamoVersion: '1.7' });
  new DynamoGraphDeployment(okChart, 'g', {
    spec: { components: [frontend, worker({ enabled: true, checkpointRef: 'llama-snapshot' })] },
  });
  const labels = findRendered(Testing.synth(okChart), 'Deployment', 'g-worker').spec.template.metadata.labels;
  expect(labels['nvidia.com/snapshot-is-restore-target']).toBeUndefined();
});
