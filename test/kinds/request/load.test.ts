/** DynamoGraphDeploymentRequest: loading, upstream's defaults and admission rules, the CRD schema, v1alpha1. */
import { loadRequestDoc } from '../../../src/kinds/request/load';

const base = (spec: Record<string, unknown> = {}, apiVersion = 'nvidia.com/v1beta1') => ({
  apiVersion,
  kind: 'DynamoGraphDeploymentRequest',
  metadata: { name: 'qwen', namespace: 'inference' },
  spec: { model: 'Qwen/Qwen3-32B', hardware: { gpuSku: 'h200_sxm', totalGpus: 8 }, ...spec },
});

const load = (doc: unknown) => loadRequestDoc(doc);
const lines = (doc: unknown) =>
  load(doc).problems.map((p) => `${p.severity === 'warning' ? 'warning: ' : ''}${p.path}: ${p.message}`);

test("defaults are upstream's: backend auto, isl 4000, osl 1000, searchStrategy rapid, autoApply true, PVC mount /opt/model-cache", () => {
  const { request, problems } = load(base({ modelCache: { pvcName: 'cache' } }));
  expect(problems).toEqual([]);
  expect(request!.spec).toEqual({
    model: 'Qwen/Qwen3-32B',
    backend: 'auto',
    modelCache: { pvcName: 'cache', pvcMountPath: '/opt/model-cache' },
    hardware: { gpuSku: 'h200_sxm', totalGpus: 8 },
    workload: { isl: 4000, osl: 1000 },
    sla: {},
    overrides: {},
    features: {},
    searchStrategy: 'rapid',
    autoApply: true,
  });
  expect(request!.namespace).toBe('inference');
});

test("model is required; enums are the CRD's, with the API server's wording", () => {
  expect(lines(base({ model: undefined }))).toEqual(['spec.model: Required value']);
  expect(lines(base({ model: '' }))).toEqual(['spec.model: Required value']);
  expect(
    lines(base({ backend: 'onnx', searchStrategy: 'exhaustive', hardware: { gpuSku: 'h900', totalGpus: 8 } })),
  ).toEqual([
    'spec.backend: Unsupported value: "onnx": supported values: "auto", "sglang", "trtllm", "vllm"',
    expect.stringMatching(
      /^spec\.hardware\.gpuSku: Unsupported value: "h900": supported values: "vr_nvl72", "gb200", .*"mi300"$/,
    ),
    'spec.searchStrategy: Unsupported value: "exhaustive": supported values: "rapid", "thorough"',
  ]);
  expect(lines(base({ sla: { ttft: 'fast' }, extra: 1 }))).toEqual([
    'spec.sla.ttft: must be a number',
    'spec.extra: unknown field "extra"',
  ]);
});

test("hardware: upstream's rule when GPU discovery is off (always, at build time); the SKU and GPU budget are needed to plan", () => {
  expect(lines({ ...base(), spec: { model: 'm' } })).toEqual([
    'spec.hardware: Required value: GPU hardware configuration is required when GPU discovery is disabled (dynamo-iac plans at build time, without a cluster to discover GPUs in)',
  ]);
  expect(lines(base({ hardware: { gpuSku: 'h200_sxm' } }))).toEqual([
    'spec.hardware.totalGpus: Required value: the GPU budget of the graph (upstream counts GPUs on discovered nodes; at build time there is no cluster)',
  ]);
  expect(lines(base({ hardware: { numGpusPerNode: 8, totalGpus: 8 } }))).toEqual([
    'spec.hardware.gpuSku: Required value: the GPU system to plan for (GPU discovery needs a cluster)',
    "warning: spec.hardware.numGpusPerNode: not used by the rapid search: it takes the GPU's memory, node size and links from its data for the GPU system",
  ]);
  expect(lines(base({ hardware: { gpuSku: 'gb200_sxm', totalGpus: 4, vramMb: 192000, rdma: true } }))).toEqual([
    'warning: spec.hardware.gpuSku: gb200_sxm is deprecated; use gb200',
    "warning: spec.hardware.vramMb: not used by the rapid search: it takes the GPU's memory, node size and links from its data for gb200_sxm",
    "warning: spec.hardware.rdma: not used by the rapid search: it takes the GPU's memory, node size and links from its data for gb200_sxm",
  ]);
});

test("thorough needs a concrete backend (upstream's message) and the profiler image", () => {
  expect(lines(base({ searchStrategy: 'thorough' }))).toEqual([
    'spec.searchStrategy: Invalid value: "thorough": is incompatible with spec.backend "auto"; set spec.backend to a specific backend (sglang, trtllm, or vllm)',
    expect.stringMatching(/^spec\.image: Required value: the profiler image of the profiling Job/),
  ]);
  expect(
    lines(
      base({ searchStrategy: 'thorough', backend: 'vllm', image: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.0' }),
    ),
  ).toEqual([]);
});

test('SLA and workload: positive numbers, e2eLatency instead of ttft+itl, concurrency or requestRate', () => {
  expect(lines(base({ sla: { ttft: 0, itl: -1 }, workload: { isl: 0 } }))).toEqual([
    'spec.workload.isl: Invalid value: 0: must be positive',
    'spec.sla.ttft: sla.ttft must be positive',
    'spec.sla.itl: sla.itl must be positive',
  ]);
  expect(lines(base({ sla: { ttft: 200, e2eLatency: 9000 }, workload: { concurrency: 8, requestRate: 2 } }))).toEqual([
    'spec.sla: Invalid value: e2eLatency is an alternative to ttft + itl; set one or the other',
    'spec.workload: Invalid value: concurrency and requestRate are mutually exclusive; set at most one',
    'warning: spec.workload.concurrency: not used by the rapid search: with a GPU budget it maximizes throughput per GPU within the SLA and takes no load target',
    'warning: spec.workload.requestRate: not used by the rapid search: with a GPU budget it maximizes throughput per GPU within the SLA and takes no load target',
  ]);
});

test('features and overrides: mocker refused with a reason, overrides.dgd must be a graph, profilingJob unused by a rapid search', () => {
  expect(lines(base({ features: { mocker: { enabled: true } } }))).toEqual([
    expect.stringMatching(
      /^spec\.features\.mocker: Forbidden: mocker graphs are generated from a template inside the profiler image/,
    ),
  ]);
  expect(
    lines(base({ overrides: { dgd: { apiVersion: 'v1', kind: 'ConfigMap' }, profilingJob: { backoffLimit: 1 } } })),
  ).toEqual([
    'spec.overrides.dgd.kind: Invalid value: "ConfigMap": must be DynamoGraphDeployment',
    'spec.overrides.dgd.apiVersion: Invalid value: "v1": must be nvidia.com/v1beta1 or nvidia.com/v1alpha1',
    'warning: spec.overrides.profilingJob: not used: the rapid search runs at build time (dynamo-iac plan), not in a profiling Job',
  ]);
  expect(lines(base({ modelCache: { pvcModelPath: 'qwen' } }))).toEqual([
    'spec.modelCache.pvcName: Required value: the PVC that holds the model',
  ]);
});

describe('v1alpha1 (deprecated)', () => {
  const alpha = (spec: Record<string, unknown>) => ({
    ...base({}, 'nvidia.com/v1alpha1'),
    spec: { model: 'Qwen/Qwen3-32B', ...spec },
  });
  const config = {
    sla: { ttft: 300, itl: 12, isl: 2048, osl: 256 },
    deployment: { modelCache: { pvcName: 'cache', modelPathInPvc: 'qwen', pvcMountPath: '/models' } },
  };

  test("fields come from where upstream's conversion maps them; autoApply defaults to false", () => {
    const { request } = load(
      alpha({
        backend: 'vllm',
        useMocker: false,
        profilingConfig: { profilerImage: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.0', config },
        deploymentOverrides: {
          name: 'qwen-graph',
          labels: { team: 'a' },
          workersImage: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1',
        },
      }),
    );
    expect(request!.spec).toMatchObject({
      backend: 'vllm',
      image: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.0',
      sla: { ttft: 300, itl: 12 },
      workload: { isl: 2048, osl: 256 },
      modelCache: { pvcName: 'cache', pvcModelPath: 'qwen', pvcMountPath: '/models' },
      features: { mocker: { enabled: false } },
      autoApply: false,
    });
    expect(request!.deploymentOverrides).toEqual({
      name: 'qwen-graph',
      labels: { team: 'a' },
      workersImage: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1',
    });
    expect(request!.paths.at('sla.ttft')).toBe('spec.profilingConfig.config.sla.ttft');
  });

  test("upstream's v1alpha1 webhook rules and warnings; no spec.hardware, so it cannot be planned at build time", () => {
    expect(
      lines(
        alpha({
          backend: 'sglang',
          enableGpuDiscovery: true,
          profilingConfig: { config: { engine: { backend: 'vllm' }, deployment: { model: 'other' } } },
        }),
      ),
    ).toEqual([
      'warning: spec.enableGpuDiscovery: spec.enableGpuDiscovery is deprecated and will be removed in v1beta1. GPU discovery is now always attempted automatically. This field has no effect.',
      'spec.profilingConfig.profilerImage: spec.profilingConfig.profilerImage is required',
      'warning: spec.profilingConfig.config.engine.backend: spec.profilingConfig.config.engine.backend (vllm) will be overwritten by spec.backend (sglang)',
      'warning: spec.profilingConfig.config.deployment.model: spec.profilingConfig.config.deployment.model (other) will be overwritten by spec.model (Qwen/Qwen3-32B)',
      'spec: Required value: GPU hardware configuration is required when GPU discovery is disabled (dynamo-iac plans at build time, without a cluster to discover GPUs in; v1alpha1 has no spec.hardware: write the request as nvidia.com/v1beta1)',
    ]);
    expect(lines(alpha({ profilingConfig: { profilerImage: 'x' } }))).toContain(
      'spec.profilingConfig.config: spec.profilingConfig.config is required and must not be empty',
    );
  });
});
