import * as fs from 'fs';
import { parseAllDocuments } from 'yaml';
import { CLI_FIXTURES, lines, run } from './run';

const docs = (yaml: string) => parseAllDocuments(yaml).map((d) => d.toJS());

test('render: a DynamoCheckpoint is emitted as its record, and the referencing component restores from it', () => {
  const r = run(['render', '--dynamo-version', '1.6', `${CLI_FIXTURES}/checkpoint-graph.yaml`]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const objs = docs(r.stdout);
  expect(objs.find((o) => o.kind === 'DynamoCheckpoint').metadata).toEqual({ name: 'llama', namespace: 'inference' });
  const worker = objs.find((o) => o.kind === 'Deployment' && o.metadata.name.startsWith('restored-worker-'));
  expect(worker.spec.template.metadata.labels['nvidia.com/snapshot-checkpoint-id']).toBe('96429b2725761a09');
  expect(run(['render', '--dynamo-version', '1.6', `${CLI_FIXTURES}/checkpoint-graph.yaml`]).stdout).toBe(r.stdout);
});

test('validate: checkpoint problems and a dangling reference, one line each, exit 1', () => {
  const r = run(['validate', '--dynamo-version', '1.6', `${CLI_FIXTURES}/checkpoint-bad.yaml`]);
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
  const r = run(['validate', '--dynamo-version', '1.6', `${CLI_FIXTURES}/checkpoint-graph.yaml`]);
  expect(lines(r.stderr)).toEqual(['1 graph, 1 checkpoint valid']);
  expect(r.code).toBe(0);
});

test('--dynamo-version 1.7: a DynamoCheckpoint is refused (the release has no such kind); checkpointRef names a PodSnapshot, warned, restore not rendered', () => {
  const f = `${CLI_FIXTURES}/checkpoint-graph.yaml`;
  const r = run(['render', '--dynamo-version', '1.7', f]);
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  const gone = lines(r.stderr).filter((l) => l.includes('DynamoCheckpoint llama'));
  expect(gone).toEqual([
    `${f} (document 1, DynamoCheckpoint llama, line 1): kind: Forbidden: Dynamo 1.7 has no DynamoCheckpoint kind (upstream dropped its CRD when Dynamo Snapshot became its own project; checkpointRef names a PodSnapshot): render for 1.6 (dynamoVersion, --dynamo-version) to keep DynamoCheckpoints`,
  ]);
  // The graph alone: the reference is a PodSnapshot's name, taken in the cluster, never an input.
  const graph = docs(fs.readFileSync(f, 'utf8')).find((d) => d.kind === 'DynamoGraphDeployment');
  const graphOnly = run(['render', '--dynamo-version', '1.7', '-'], { input: JSON.stringify(graph) });
  expect(graphOnly.code).toBe(0);
  expect(lines(graphOnly.stderr)).toEqual([
    expect.stringMatching(
      /checkpoint\.checkpointRef: warning: names a PodSnapshot in Dynamo 1\.7 .*the pods start cold \(docs\/deviations\.md\)$/,
    ),
  ]);
  const worker = docs(graphOnly.stdout).find(
    (o) => o.kind === 'Deployment' && o.metadata.name.startsWith('restored-worker-'),
  );
  expect(worker.spec.template.metadata.labels['nvidia.com/snapshot-is-restore-target']).toBeUndefined();
});
