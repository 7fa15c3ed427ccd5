import { loadDynamoModel, validateDynamoModelSpec, validateDynamoModelUpdate } from '../../../src/kinds/model/load';
import { modelServiceName, shortHash } from '../../../src/render';

const doc = (spec: unknown, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'nvidia.com/v1alpha1',
  kind: 'DynamoModel',
  metadata: { name: 'm' },
  spec,
  ...extra,
});
const messages = (spec: unknown) => loadDynamoModel(doc(spec)).problems.map((p) => `${p.path}: ${p.message}`);

describe('DynamoModel validation (upstream webhook messages)', () => {
  test('a valid LoRA model and a base model have no problems', () => {
    expect(
      messages({
        modelName: 'a',
        baseModelName: 'Qwen/Qwen3-0.6B',
        modelType: 'lora',
        source: { uri: 'hf://org/a@v1' },
      }),
    ).toEqual([]);
    expect(
      messages({
        modelName: 'a',
        baseModelName: 'Qwen/Qwen3-0.6B',
        modelType: 'lora',
        source: { uri: 's3://bucket/a' },
      }),
    ).toEqual([]);
    expect(messages({ modelName: 'Qwen/Qwen3-0.6B', baseModelName: 'Qwen/Qwen3-0.6B' })).toEqual([]);
  });

  test('both names are required, and all problems are reported at once', () => {
    expect(messages({ modelType: 'lora' })).toEqual([
      'spec.modelName: spec.modelName is required',
      'spec.baseModelName: spec.baseModelName is required',
      "spec.source: spec.source is required when modelType is 'lora'",
    ]);
    expect(messages({ modelName: '', baseModelName: '' })).toEqual([
      'spec.modelName: spec.modelName is required',
      'spec.baseModelName: spec.baseModelName is required',
    ]);
  });

  test('a LoRA needs source.uri with an s3:// or hf:// scheme', () => {
    const lora = (source: unknown) => messages({ modelName: 'a', baseModelName: 'b', modelType: 'lora', source });
    expect(lora({})).toEqual(["spec.source.uri: spec.source.uri must be specified when modelType is 'lora'"]);
    expect(lora({ uri: 'https://example.com/a' })).toEqual([
      "spec.source.uri: source URI must start with 's3://' or 'hf://', got: https://example.com/a",
    ]);
    expect(lora({ uri: 'HF://org/a' })).toEqual([
      "spec.source.uri: source URI must start with 's3://' or 'hf://', got: HF://org/a",
    ]);
  });

  test('the URI scheme is not checked for base and adapter models (as upstream)', () => {
    expect(
      messages({ modelName: 'a', baseModelName: 'b', modelType: 'adapter', source: { uri: 'file:///x' } }),
    ).toEqual([]);
  });

  test('an unknown modelType, wrong types and a wrong apiVersion have field paths', () => {
    expect(messages({ modelName: 'a', baseModelName: 'b', modelType: 'qlora' })).toEqual([
      'spec.modelType: Unsupported value: "qlora": supported values: "base", "lora", "adapter"',
    ]);
    expect(messages({ modelName: 3, baseModelName: 'b' })).toEqual([
      'spec.modelName: must be a string (quote it: "3")',
      'spec.modelName: spec.modelName is required',
    ]);
    const v1beta1 = loadDynamoModel({
      ...doc({ modelName: 'a', baseModelName: 'b' }),
      apiVersion: 'nvidia.com/v1beta1',
    });
    expect(v1beta1.problems.map((p) => p.message)).toEqual([
      'DynamoModel is served as nvidia.com/v1alpha1 only, got "nvidia.com/v1beta1"',
    ]);
    expect(loadDynamoModel(doc(undefined)).problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'spec: Required value',
    ]);
    expect(
      loadDynamoModel({ ...doc({ modelName: 'a', baseModelName: 'b' }), metadata: { name: 'Bad_Name' } }).problems[0]
        .path,
    ).toBe('metadata.name');
  });

  test('unknown spec fields are a warning, not an error', () => {
    const r = loadDynamoModel(doc({ modelName: 'a', baseModelName: 'b', revision: 'x' }));
    expect(r.problems).toEqual([expect.objectContaining({ path: 'spec.revision', severity: 'warning' })]);
  });

  test('metadata: the default namespace applies only when none is written', () => {
    expect(
      loadDynamoModel(doc({ modelName: 'a', baseModelName: 'b' }), { defaultNamespace: 'ml' }).model!.namespace,
    ).toBe('ml');
    const own = { ...doc({ modelName: 'a', baseModelName: 'b' }), metadata: { name: 'm', namespace: 'x' } };
    expect(loadDynamoModel(own, { defaultNamespace: 'ml' }).model!.namespace).toBe('x');
  });

  test('validateDynamoModelSpec on typed input', () => {
    expect(
      validateDynamoModelSpec({ modelName: 'a', baseModelName: 'b', modelType: 'lora', source: { uri: '' } }).map(
        (p) => p.message,
      ),
    ).toEqual(["spec.source.uri must be specified when modelType is 'lora'"]);
  });
});

describe('DynamoModel update rules', () => {
  const base = { modelName: 'a', baseModelName: 'b', modelType: 'lora' as const, source: { uri: 'hf://o/a' } };

  test('modelType and baseModelName are immutable, with upstream warning and error', () => {
    expect(validateDynamoModelUpdate(base, { ...base, modelType: 'base' })).toEqual([
      { path: 'spec.modelType', message: 'Changing spec.modelType may cause unexpected behavior', severity: 'warning' },
      {
        path: 'spec.modelType',
        message: 'spec.modelType is immutable and cannot be changed after creation',
        severity: 'error',
      },
    ]);
    expect(validateDynamoModelUpdate(base, { ...base, baseModelName: 'c' })).toEqual([
      {
        path: 'spec.baseModelName',
        message: 'Changing spec.baseModelName will break endpoint discovery',
        severity: 'warning',
      },
      {
        path: 'spec.baseModelName',
        message: 'spec.baseModelName is immutable and cannot be changed after creation',
        severity: 'error',
      },
    ]);
  });

  test('source.uri may change (the adapter is reloaded); unset modelType equals base', () => {
    expect(validateDynamoModelUpdate(base, { ...base, source: { uri: 's3://b/a2' } })).toEqual([]);
    expect(
      validateDynamoModelUpdate(
        { modelName: 'a', baseModelName: 'b' },
        { modelName: 'a', baseModelName: 'b', modelType: 'base' },
      ),
    ).toEqual([]);
  });
});

describe('base-model hash (upstream HashModelName: first 8 hex characters of SHA-256 of the name)', () => {
  // Vectors computed independently with `printf '%s' NAME | sha256sum`.
  test.each([
    ['Qwen/Qwen3-0.6B', 'fb68f5a6'],
    ['meta-llama/Llama-3.1-8B-Instruct', '08a20b29'],
    ['', 'e3b0c442'],
  ])('%j -> %s', (name, hash) => {
    expect(shortHash(name)).toBe(hash);
    expect(modelServiceName(name)).toBe(`dynamo-model-${hash}`);
  });
});
