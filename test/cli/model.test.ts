import { parseAllDocuments } from 'yaml';
import { CLI_FIXTURES, FIXTURES, lines, run } from './run';

describe('DynamoModel documents in the CLI', () => {
  test('render validates and emits the record, in the default namespace, without status', () => {
    const r = run(['render', '-n', 'ml', `${CLI_FIXTURES}/lora-model.yaml`]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(parseAllDocuments(r.stdout).map((d) => d.toJSON())).toEqual([
      {
        apiVersion: 'nvidia.com/v1alpha1',
        kind: 'DynamoModel',
        metadata: { name: 'support-lora', namespace: 'ml' },
        spec: {
          baseModelName: 'Qwen/Qwen3-0.6B',
          modelName: 'support-lora',
          modelType: 'lora',
          source: { uri: 'hf://example-org/support-lora@main' },
        },
      },
    ]);
  });

  test('validate counts models next to graphs', () => {
    const r = run(['validate', `${CLI_FIXTURES}/agg-lora.yaml`]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('1 graph, 1 model valid\n');
  });

  test('a model whose base model no graph of its namespace serves is a warning (exit 0)', () => {
    const r = run(['validate', `${CLI_FIXTURES}/lora-model.yaml`, `${FIXTURES}/agg-v1beta1.yaml`]);
    expect(r.code).toBe(0);
    expect(lines(r.stderr)).toEqual([
      `${CLI_FIXTURES}/lora-model.yaml: spec.baseModelName: warning: no component of the graphs in namespace "default" serves "Qwen/Qwen3-0.6B" (modelRef.name); this model will find no endpoints`,
      '1 graph, 1 model valid',
    ]);
    // Another namespace's graphs say nothing about this model.
    const elsewhere = run(['validate', `${CLI_FIXTURES}/lora-model.yaml`], { input: '' });
    expect(elsewhere.stderr).toBe('0 graphs, 1 model valid\n');
  });

  test('render of a graph and its LoRA: the model Service and the record', () => {
    const r = run(['render', `${CLI_FIXTURES}/agg-lora.yaml`]);
    expect(r.code).toBe(0);
    const objs = parseAllDocuments(r.stdout).map((d) => d.toJSON());
    expect(objs.filter((o) => o.metadata.name === 'dynamo-model-fb68f5a6').map((o) => o.kind)).toEqual(['Service']);
    expect(objs.filter((o) => o.kind === 'DynamoModel').map((o) => o.metadata.name)).toEqual(['support-lora']);
  });

  test('invalid models: exit 1, every problem with its field path and the upstream message, nothing rendered', () => {
    const r = run(['render', `${CLI_FIXTURES}/bad-models.yaml`, `${CLI_FIXTURES}/lora-model.yaml`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const f = `${CLI_FIXTURES}/bad-models.yaml`;
    expect(lines(r.stderr)).toEqual([
      `${f} (document 1, DynamoModel no-names, line 1): spec.modelName: spec.modelName is required`,
      `${f} (document 1, DynamoModel no-names, line 1): spec.baseModelName: spec.baseModelName is required`,
      `${f} (document 1, DynamoModel no-names, line 1): spec.source: spec.source is required when modelType is 'lora'`,
      `${f} (document 2, DynamoModel bad-uri, line 8): spec.source.uri: source URI must start with 's3://' or 'hf://', got: https://example.com/adapter`,
      `${f} (document 3, DynamoModel wrong-version, line 19): apiVersion: DynamoModel is served as nvidia.com/v1alpha1 only, got "nvidia.com/v1beta1"`,
    ]);
  });
});
