import { parseAllDocuments } from 'yaml';
import { CLI_FIXTURES, lines, run } from './run';

const docs = (yaml: string) => parseAllDocuments(yaml).map((d) => d.toJS());

test('render: a DynamoCheckpoint is emitted as its record, and the referencing component restores from it', () => {
  const r = run(['render', `${CLI_FIXTURES}/checkpoint-graph.yaml`]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const objs = docs(r.stdout);
  expect(objs.find((o) => o.kind === 'DynamoCheckpoint').metadata).toEqual({ name: 'llama', namespace: 'inference' });
  const worker = objs.find((o) => o.kind === 'Deployment' && o.metadata.name.startsWith('restored-worker-'));
  expect(worker.spec.template.metadata.labels['nvidia.com/snapshot-checkpoint-id']).toBe('96429b2725761a09');
  expect(run(['render', `${CLI_FIXTURES}/checkpoint-graph.yaml`]).stdout).toBe(r.stdout);
});

test('validate: checkpoint problems and a dangling reference, one line each, exit 1', () => {
  const r = run(['validate', `${CLI_FIXTURES}/checkpoint-bad.yaml`]);
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  const f = `${CLI_FIXTURES}/checkpoint-bad.yaml`;
  expect(lines(r.stderr)).toEqual(
    expect.arrayContaining([
      `${f} (document 1, DynamoCheckpoint broken, line 1): spec.identity.model: Required value`,
      `${f} (document 1, DynamoCheckpoint broken, line 1): spec.identity.backendFramework: Unsupported value: "onnx": supported values: "vllm", "sglang", "trtllm"`,
      `${f} (document 2, DynamoGraphDeployment dangling, line 15): spec.components[0].experimental.checkpoint.checkpointRef: DynamoCheckpoint "default/missing" not found: declare it alongside the graph (same namespace)`,
    ]),
  );
  expect(r.stderr).not.toMatch(/\n\s+at /);
});

test('validate: a valid checkpoint and its graph pass', () => {
  const r = run(['validate', `${CLI_FIXTURES}/checkpoint-graph.yaml`]);
  expect(lines(r.stderr)).toEqual(['1 graph, 1 checkpoint valid']);
  expect(r.code).toBe(0);
});
