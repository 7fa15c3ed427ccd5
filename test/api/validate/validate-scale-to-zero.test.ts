import { loadGraph, Problem, resolveSettings, validateGraph } from '../../../src/api';
import { parseDuration, scaleToZeroOf } from '../../../src/api/scale-to-zero';

const main = {
  name: 'main',
  image: 'registry.example/vllm-runtime:1.6.1',
  command: ['python3'],
  args: ['-m', 'dynamo.vllm'],
};
const pod = { podTemplate: { spec: { containers: [main] } } };
const frontend = { name: 'Frontend', type: 'frontend', replicas: 1, ...pod };
const worker = (name: string, scalingAdapter = true) => ({
  name,
  type: 'worker',
  replicas: 2,
  ...(scalingAdapter ? { scalingAdapter: {} } : {}),
  ...pod,
});
const graph = (annotations: Record<string, string>, components: object[] = [frontend, worker('decode')]) => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'agg', namespace: 'ml', annotations },
  spec: { backendFramework: 'vllm', components },
});

function problemsOf(doc: object): Problem[] {
  const { model, problems } = loadGraph(doc);
  const all = [...problems, ...(model ? validateGraph(model, resolveSettings({})) : [])];
  return all.filter(
    (p) => p.path.startsWith('metadata.annotations[dynamo-iac.io/') || p.path.endsWith('scalingAdapter'),
  );
}

const IDLE = 'dynamo-iac.io/scale-to-zero-after';
const BOUND = 'dynamo-iac.io/activation-timeout';

test('durations read as Go durations; anything else is not one', () => {
  expect(parseDuration('90s')).toBe(90_000);
  expect(parseDuration('1h30m')).toBe(5_400_000);
  expect(parseDuration('500ms')).toBe(500);
  for (const bad of ['', '5', '5 m', '-5m', '1.5m', '5d', 'm']) expect(parseDuration(bad)).toBeUndefined();
});

test('an opted-in graph with a scaling-adapter worker has no problem and reads its settings', () => {
  const doc = graph({ [IDLE]: '5m', [BOUND]: '45s' });
  expect(problemsOf(doc)).toEqual([]);
  expect(scaleToZeroOf(loadGraph(doc).model!)).toEqual({ idleAfterMs: 300_000, activationTimeoutMs: 45_000 });
  expect(scaleToZeroOf(loadGraph(graph({ [IDLE]: '5m' })).model!)?.activationTimeoutMs).toBe(120_000);
  expect(scaleToZeroOf(loadGraph(graph({})).model!)).toBeUndefined();
});

test('bad durations are errors with the annotation path', () => {
  expect(problemsOf(graph({ [IDLE]: 'soon', [BOUND]: '0s' }))).toEqual([
    {
      path: `metadata.annotations[${IDLE}]`,
      message: 'Invalid value: "soon": must be a duration greater than 0, like 90s, 5m or 1h30m',
      severity: 'error',
    },
    {
      path: `metadata.annotations[${BOUND}]`,
      message: 'Invalid value: "0s": must be a duration greater than 0, like 90s, 5m or 1h30m',
      severity: 'error',
    },
  ]);
});

test('no worker with a scaling adapter: an error; a worker without one: a warning', () => {
  expect(problemsOf(graph({ [IDLE]: '5m' }, [frontend, worker('decode', false)]))).toEqual([
    {
      path: `metadata.annotations[${IDLE}]`,
      message:
        'needs a worker component with scalingAdapter enabled: the runtime operator scales workers to zero through their scaling adapter (docs/scale-to-zero.md)',
      severity: 'error',
    },
  ]);
  expect(problemsOf(graph({ [IDLE]: '5m' }, [frontend, worker('decode'), worker('prefill', false)]))).toEqual([
    {
      path: 'spec.components[2].scalingAdapter',
      message:
        "is not enabled: this worker keeps its replicas while the graph's other workers scale to zero (dynamo-iac.io/scale-to-zero-after)",
      severity: 'warning',
    },
  ]);
});

test('no frontend: an error; a bound without opting in: a warning', () => {
  expect(problemsOf(graph({ [IDLE]: '5m' }, [worker('decode')]))).toEqual([
    {
      path: `metadata.annotations[${IDLE}]`,
      message:
        "needs a frontend component: the activator holds requests in front of the graph's frontend (docs/scale-to-zero.md)",
      severity: 'error',
    },
  ]);
  expect(problemsOf(graph({ [BOUND]: '30s' }))).toEqual([
    {
      path: `metadata.annotations[${BOUND}]`,
      message: `has no effect without ${IDLE} (scale to zero is off; docs/scale-to-zero.md)`,
      severity: 'warning',
    },
  ]);
});
