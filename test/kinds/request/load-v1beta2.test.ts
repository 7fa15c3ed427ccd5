/** DynamoGraphDeploymentRequest nvidia.com/v1beta2: read into the hub planning uses, upstream's CEL rules and defaults. */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { recogniseDocument } from '../../../src/api/convert/load';
import { loadRequestDoc } from '../../../src/kinds/request/load';

const FIXTURES = path.join(__dirname, 'fixtures');
const fixture = (f: string) => parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8')) as Record<string, unknown>;
/** The fixture with some spec fields replaced. */
const withSpec = (patch: Record<string, unknown>) => {
  const doc = fixture('v1beta2-request.yaml');
  return { ...doc, spec: { ...(doc.spec as Record<string, unknown>), ...patch } };
};
const lines = (doc: unknown) =>
  loadRequestDoc(doc).problems.map((p) => `${p.severity === 'warning' ? 'warning: ' : ''}${p.path}: ${p.message}`);

test('a v1beta2 request reads into the hub: model, one backend, GPU budget, static shape, SLA, cache; review only', () => {
  const { request, problems } = loadRequestDoc(fixture('v1beta2-request.yaml'));
  expect(problems.filter((p) => p.severity !== 'warning')).toEqual([]);
  expect(request!.apiVersion).toBe('nvidia.com/v1beta2');
  expect(request!.spec).toEqual({
    model: 'Qwen/Qwen3-32B',
    backend: 'vllm',
    image: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.7.0',
    modelCache: { pvcName: 'weights', pvcModelPath: 'qwen3-32b', pvcMountPath: '/models' },
    hardware: { gpuSku: 'h200_sxm', totalGpus: 8 },
    workload: { isl: 4000, osl: 500, concurrency: 8 },
    sla: { ttft: 600, itl: 20 },
    overrides: {},
    features: {},
    searchStrategy: 'rapid',
    autoApply: false,
  });
  // What the rapid search does not use is said, with its field path.
  expect(lines(fixture('v1beta2-request.yaml'))).toEqual(
    [
      'warning: spec.workload.static.numRequestRatio: not used by the rapid search: it simulates, it sends no requests',
      'warning: spec.search: not used: build-time planning runs the rapid search once, without rounds or parallel evaluations',
      'warning: spec.workload.static.concurrency: not used by the rapid search: with a GPU budget it maximizes throughput per GPU and takes no load target',
    ].map((l) => expect.stringContaining(l.slice(0, 60))),
  );
});

test("upstream's CEL rules, with upstream's messages, one line per problem at the rule's node", () => {
  const bad = withSpec({
    modelRef: { name: 'm', remoteCode: 'TrustCacheAndRevision' },
    workload: {
      static: { isl: 1, osl: 1, numRequestRatio: 1, concurrency: 1, requestRate: 2 },
      trace: { source: {} },
    },
    objective: { mode: 'pareto', metric: 'goodput', sla: { ttftMs: 5 } },
  });
  const errors = lines(bad).filter((l) => !l.startsWith('warning: '));
  expect(errors).toEqual(
    expect.arrayContaining([
      'spec.modelRef: remoteCode TrustCacheAndRevision requires revision and cache.pvc',
      'spec.workload: exactly one of trace or static must be specified',
      'spec.workload.trace.source: exactly one of pvc or uri must be specified',
      'spec.workload.static: exactly one of requestRate, concurrency, or kvLoadRatio must be specified',
      'spec.objective.sla: specify either e2eMs or both ttftMs and itlMs',
      'spec.objective: optimize requires metric; pareto accepts only metrics',
      expect.stringMatching(/^spec\.workload\.trace: Forbidden: build-time planning replays no traces/),
    ]),
  );
  expect(new Set(errors.map((l) => l.split(':')[0])).size).toBe(errors.length);
});

test("v1beta1 fields and the read-only conversion view are refused in a v1beta2 request; required fields are the schema's", () => {
  const doc = fixture('v1beta2-request.yaml');
  const spec: Record<string, unknown> = {
    ...(doc.spec as Record<string, unknown>),
    model: 'x',
    v1beta1: { model: 'x' },
  };
  delete spec.search;
  expect(lines({ ...doc, spec }).filter((l) => !l.startsWith('warning: '))).toEqual([
    'spec.model: unknown field: not a nvidia.com/v1beta2 field (the v1beta1 shape has it)',
    'spec.v1beta1: Forbidden: a read-only conversion view the API server fills in; write the v1beta2 fields instead',
    'spec.search: Required value',
  ]);
});

test('v1beta2 is a request version only: a v1beta2 graph is refused, a v1beta2 request recognised', () => {
  const graph = recogniseDocument({ ...fixture('v1beta2-request.yaml'), kind: 'DynamoGraphDeployment' });
  expect(graph.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
    'apiVersion: unsupported apiVersion "nvidia.com/v1beta2": expected one of nvidia.com/v1alpha1, nvidia.com/v1beta1',
  ]);
  expect(recogniseDocument(fixture('v1beta2-request.yaml'))).toEqual({
    kind: 'DynamoGraphDeploymentRequest',
    problems: [],
  });
});

test("duplicate backends and non-positive latency bounds, in the API server's words", () => {
  const bad = withSpec({
    backends: ['vllm', 'sglang', 'vllm'],
    objective: { mode: 'optimize', metric: 'throughputPerGpu', sla: { ttftMs: 0, itlMs: 20 } },
  });
  expect(lines(bad).filter((l) => !l.startsWith('warning: '))).toEqual([
    'spec.backends[2]: Duplicate value: "vllm"',
    'spec.objective.sla.ttftMs: must be greater than 0',
  ]);
});

test('several backends: the rapid search chooses (backend auto), and says so when the list is not all of them', () => {
  const two = loadRequestDoc(withSpec({ backends: ['vllm', 'sglang'] }));
  expect(two.request!.spec.backend).toBe('auto');
  expect(two.problems.map((p) => p.path)).toContain('spec.backends');
  const all = loadRequestDoc(withSpec({ backends: ['vllm', 'sglang', 'trtllm'] }));
  expect(all.request!.spec.backend).toBe('auto');
  expect(all.problems.map((p) => p.path)).not.toContain('spec.backends');
});
