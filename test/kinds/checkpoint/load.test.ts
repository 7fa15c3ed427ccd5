import {
  checkpointIdentityHash,
  loadGraph,
  Problem,
  resolveSettings,
  validateCheckpointRefs,
  validateGraph,
} from '../../../src/api';
import { loadCheckpoint } from '../../../src/kinds/checkpoint/load';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const err = (path: string, message: string): Problem => ({ path, message, severity: 'error' });

describe('identity hash (upstream test vectors)', () => {
  test('model + backend only', () => {
    expect(checkpointIdentityHash({ model: 'meta-llama/Llama-2-7b-hf', backendFramework: 'vllm' })).toBe(
      '96429b2725761a09',
    );
  });

  test('every field', () => {
    expect(
      checkpointIdentityHash({
        model: 'meta-llama/Llama-2-13b-hf',
        backendFramework: 'sglang',
        dynamoVersion: '0.4.2',
        tensorParallelSize: 2,
        pipelineParallelSize: 1,
        dtype: 'float16',
        maxModelLen: 4096,
        extraParameters: { gpu_memory_utilization: '0.9' },
      }),
    ).toBe('f4ba65bccbb8e4fb');
  });

  test("the reference's 12-character vector is the prefix of the 16-character ID", () => {
    expect(checkpointIdentityHash({ model: 'meta-llama/Llama-2-7b-hf', backendFramework: 'vllm' }).slice(0, 12)).toBe(
      '96429b272576',
    );
  });

  test('normalisation: unset = 0 = 1 for TP/PP, empty map = no map, key order ignored', () => {
    const base = { model: 'm', backendFramework: 'vllm' } as const;
    const h = checkpointIdentityHash(base);
    expect(checkpointIdentityHash({ ...base, tensorParallelSize: 0, maxModelLen: 0 })).toBe(h);
    expect(checkpointIdentityHash({ ...base, tensorParallelSize: 1, pipelineParallelSize: 1 })).toBe(h);
    expect(checkpointIdentityHash({ ...base, extraParameters: {} })).toBe(h);
    expect(checkpointIdentityHash({ ...base, extraParameters: { b: '2', a: '1' } })).toBe(
      checkpointIdentityHash({ ...base, extraParameters: { a: '1', b: '2' } }),
    );
    expect(checkpointIdentityHash({ ...base, extraParameters: { a: '1' } })).not.toBe(h);
    expect(checkpointIdentityHash({ ...base, backendFramework: 'sglang' })).not.toBe(h);
  });

  test('strings are escaped as Go does (HTML-safe)', () => {
    // sha256('{"model":"a\\u003cb\\u0026c","backendFramework":"vllm","tensorParallelSize":1,"pipelineParallelSize":1}')
    const goJson =
      '{"model":"a\\u003cb\\u0026c","backendFramework":"vllm","tensorParallelSize":1,"pipelineParallelSize":1}';

    const expected = require('crypto').createHash('sha256').update(goJson).digest('hex').slice(0, 16);
    expect(checkpointIdentityHash({ model: 'a<b&c', backendFramework: 'vllm' })).toBe(expected);
  });
});

const ckpt = (over: { metadata?: object; spec?: object } = {}) => ({
  apiVersion: 'nvidia.com/v1alpha1',
  kind: 'DynamoCheckpoint',
  metadata: { name: 'qwen', ...over.metadata },
  spec: {
    identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm' },
    job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: IMAGE }] } } },
    ...over.spec,
  },
});

describe('DynamoCheckpoint validation', () => {
  test('a valid checkpoint has no problems', () => {
    const r = loadCheckpoint(ckpt());
    expect(r.problems).toEqual([]);
    expect(r.model?.namespace).toBe('default');
  });

  test('a standalone checkpoint needs an identity', () => {
    expect(loadCheckpoint(ckpt({ spec: { identity: undefined } })).problems).toEqual([
      err('spec.identity', 'Required value: is required for a standalone checkpoint'),
    ]);
  });

  test('identity fields, all at once', () => {
    const problems = loadCheckpoint(
      ckpt({ spec: { identity: { backendFramework: 'onnx', tensorParallelSize: 0, maxModelLen: -1 } } }),
    ).problems;
    expect(problems).toEqual([
      err('spec.identity.model', 'Required value'),
      err('spec.identity.backendFramework', 'Unsupported value: "onnx": supported values: "vllm", "sglang", "trtllm"'),
      err(
        'spec.identity.tensorParallelSize',
        'Invalid value: 0: spec.identity.tensorParallelSize in body should be greater than or equal to 1',
      ),
      err(
        'spec.identity.maxModelLen',
        'Invalid value: -1: spec.identity.maxModelLen in body should be greater than or equal to 1',
      ),
    ]);
  });

  test('job: required, target container must exist, deadline minimum', () => {
    expect(loadCheckpoint(ckpt({ spec: { job: undefined } })).problems).toEqual([err('spec.job', 'Required value')]);
    expect(
      loadCheckpoint(
        ckpt({
          spec: {
            job: {
              targetContainerName: 'engine',
              activeDeadlineSeconds: 0,
              podTemplateSpec: { spec: { containers: [{ name: 'main' }] } },
            },
          },
        }),
      ).problems,
    ).toEqual([
      err(
        'spec.job.targetContainerName',
        'Invalid value: "engine": does not name a container in spec.job.podTemplateSpec.spec.containers',
      ),
      err('spec.job.podTemplateSpec.spec.containers[0].image', 'Required value'),
      err(
        'spec.job.activeDeadlineSeconds',
        'Invalid value: 0: spec.job.activeDeadlineSeconds in body should be greater than or equal to 1',
      ),
    ]);
  });

  test('automatic checkpoints and bad artifact versions are rejected', () => {
    const problems = loadCheckpoint(
      ckpt({
        metadata: {
          annotations: { 'nvidia.com/dynamo-auto-checkpoint': 'true', 'nvidia.com/snapshot-artifact-version': 'V_2' },
        },
      }),
    ).problems;
    expect(problems.map((p) => p.path)).toEqual([
      'metadata.annotations[nvidia.com/dynamo-auto-checkpoint]',
      'metadata.annotations[nvidia.com/snapshot-artifact-version]',
    ]);
    expect(problems[0].message).toMatch(/^Forbidden: DGD-managed automatic checkpoints/);
  });

  test('wrong types are reported at their path, once', () => {
    expect(
      loadCheckpoint(ckpt({ spec: { identity: { model: 3, backendFramework: 'vllm' } } })).problems,
    ).toContainEqual(err('spec.identity.model', 'must be a string (quote it: "3")'));
    expect(loadCheckpoint(ckpt({ spec: { job: 'x' } })).problems).toEqual([err('spec.job', 'must be an object')]);
  });
});

describe('component checkpoint config', () => {
  const alpha = (checkpoint: object) => ({
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g' },
    spec: {
      services: {
        worker: {
          componentType: 'worker',
          extraPodSpec: { mainContainer: { image: IMAGE, command: ['python3', '-m', 'dynamo.vllm'] } },
          checkpoint,
        },
      },
    },
  });
  const beta = (checkpoint: object, kind = 'DynamoGraphDeployment') => ({
    apiVersion: 'nvidia.com/v1beta1',
    kind,
    metadata: { name: 'g' },
    spec:
      kind === 'DynamoGraphDeployment'
        ? {
            components: [
              {
                name: 'worker',
                type: 'worker',
                podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
                experimental: { checkpoint },
              },
            ],
          }
        : {
            type: 'worker',
            podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
            experimental: { checkpoint },
          },
  });
  const problems = (doc: object) => {
    const l = loadGraph(doc);
    return [...l.problems, ...validateGraph(l.model!, resolveSettings({ dynamoVersion: '1.6' }))];
  };

  test('checkpointRef is accepted; a disabled config is ignored', () => {
    expect(problems(alpha({ enabled: true, checkpointRef: 'qwen' }))).toEqual([]);
    expect(problems(beta({ enabled: false }))).toEqual([]);
  });

  test('upstream messages', () => {
    expect(problems(beta({ enabled: true, checkpointRef: 'qwen', job: {} }))).toEqual([
      err('spec.components[0].experimental.checkpoint', 'checkpoint.job cannot be set when checkpointRef is specified'),
    ]);
    expect(problems(beta({ enabled: true, checkpointRef: 'qwen' }, 'DynamoComponentDeployment'))).toEqual([
      err(
        'spec.experimental.checkpoint.checkpointRef',
        'worker-class checkpointRef is supported only on DynamoGraphDeployment-managed components',
      ),
    ]);
  });

  test('automatic mode (enabled, no checkpointRef) is accepted as upstream accepts it, with a warning that it is not rendered', () => {
    for (const checkpoint of [
      { enabled: true },
      { enabled: true, identity: { model: 'm', backendFramework: 'vllm' } },
      { enabled: true, job: {} },
    ]) {
      const p = problems(alpha(checkpoint));
      expect(p.map((x) => [x.path, x.severity])).toEqual([['spec.services[worker].checkpoint', 'warning']]);
      expect(p[0].message).toMatch(
        /^no checkpointRef: upstream creates a graph-managed automatic checkpoint at runtime/,
      );
    }
    const beta1 = problems(beta({ enabled: true }));
    expect(beta1.map((x) => [x.path, x.severity])).toEqual([['spec.components[0].experimental.checkpoint', 'warning']]);
  });

  test('a dangling reference names the checkpoint and the field', () => {
    const graph = loadGraph(beta({ enabled: true, checkpointRef: 'missing' })).model!;
    const known = loadCheckpoint(ckpt()).model!;
    expect(validateCheckpointRefs(graph, [known], { dynamoVersion: '1.6' })).toEqual([
      err(
        'spec.components[0].experimental.checkpoint.checkpointRef',
        'DynamoCheckpoint "default/missing" not found: declare it alongside the graph (same namespace)',
      ),
    ]);
    const ok = loadGraph(beta({ enabled: true, checkpointRef: 'qwen' })).model!;
    expect(validateCheckpointRefs(ok, [known], { dynamoVersion: '1.6' })).toEqual([]);
  });

  test('for 1.7 a reference names a PodSnapshot: nothing to resolve, and a DynamoCheckpoint given for it is refused', () => {
    const graph = loadGraph(beta({ enabled: true, checkpointRef: 'qwen' })).model!;
    expect(validateCheckpointRefs(graph, [], { dynamoVersion: '1.7' })).toEqual([]);
    const given = validateCheckpointRefs(graph, [loadCheckpoint(ckpt()).model!], { dynamoVersion: '1.7' });
    expect(given.map((x) => [x.path, x.severity])).toEqual([
      ['spec.components[0].experimental.checkpoint.checkpointRef', 'error'],
    ]);
    expect(given[0].message).toMatch(/^Forbidden: Dynamo 1\.7 has no DynamoCheckpoint kind/);
  });
});
