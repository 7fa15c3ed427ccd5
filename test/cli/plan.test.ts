/**
 * `dynamo-iac plan` end to end through the built bin, with a fake search tool that writes the
 * saved results of a real search (the real tool runs in test/plan-e2e): the lock and its
 * artifacts, reruns, every bad input, and importing a thorough request's profiling output.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments, stringify } from 'yaml';
import { AIC_FIXTURES, fakeTool, QWEN_REQUEST, tree, workdir } from '../plan/fake-tool';
import { lines, run } from './run';

const docs = (yaml: string) => parseAllDocuments(yaml).map((d) => d.toJS());
const ARTIFACTS = [
  'dynamo-plan.lock',
  'dynamo-plan/inference/qwen3-32b/dynamo-graph-deployment.yaml',
  'dynamo-plan/inference/qwen3-32b/pareto.svg',
  'dynamo-plan/inference/qwen3-32b/plan.md',
];

test('plan: one search, then the lock, the Pareto picture, the table and the generated graph; same input, same bytes', () => {
  const tool = fakeTool();
  const dir = workdir({ 'qwen.yaml': QWEN_REQUEST });
  const r = run(['plan', 'qwen.yaml'], { cwd: dir, env: tool.env });
  expect(r.stdout).toBe('');
  expect(r.code).toBe(0);
  expect(lines(r.stderr)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^planning inference\/qwen3-32b: aiconfigurator 0\.12\.0, Qwen\/Qwen3-32B on 8 × h200_sxm: chose disagg on vllm \(\d+\.\d s\)$/,
      ),
      'inference/qwen3-32b: searched: disagg on vllm: 2 × prefill (2 GPUs, tp2) + 1 × decode (4 GPUs, tp4), TTFT 429.532 ms (≤ 600), ITL 17.746 ms (≤ 20), 471.488 tokens/s/GPU',
    ]),
  );
  expect(tool.calls()).toEqual([
    expect.stringMatching(
      /^cli default --model-path Qwen\/Qwen3-32B --system h200_sxm --backend vllm --total-gpus 8 --isl 4000 --osl 500 --ttft 600 --tpot 20 --top-n 5 --save-dir \S+ --no-color$/,
    ),
  ]);
  const files = tree(dir);
  expect(Object.keys(files)).toEqual([...ARTIFACTS.slice(0, 1), ...ARTIFACTS.slice(1), 'qwen.yaml'].sort());
  const plan = files['dynamo-plan/inference/qwen3-32b/plan.md'];
  expect(plan).toContain(
    '| **disagg (chosen)** | vllm | 471.49 | 56.35 | 429.53 | 17.75 | 8 | 2 × prefill (2 GPUs, tp2) + 1 × decode (4 GPUs, tp4) |',
  );
  expect(plan).toContain('| agg | vllm | 437.96 | 56.58 | 296.12 | 17.67 | 8 | 2 × worker (4 GPUs, tp4) |');
  expect(plan).toContain('| TTFT | ≤ 600 | 429.53 | meets |');
  expect(files['dynamo-plan/inference/qwen3-32b/pareto.svg']).toMatch(
    /^<svg [^]*SLA: ITL ≤ 20 ms[^]*chosen: disagg \(vllm\), 471\.49 tok\/s\/gpu[^]*<\/svg>\n$/,
  );
  const [graph] = docs(files['dynamo-plan/inference/qwen3-32b/dynamo-graph-deployment.yaml']);
  expect(graph.metadata).toEqual({
    name: 'qwen3-32b',
    namespace: 'inference',
    labels: { 'dgdr.nvidia.com/name': 'qwen3-32b', 'dgdr.nvidia.com/namespace': 'inference' },
  });
  expect(graph.spec.components.map((c: any) => [c.name, c.type, c.replicas])).toEqual([
    ['Frontend', 'frontend', 1],
    ['VllmPrefillWorker', 'prefill', 2],
    ['VllmDecodeWorker', 'decode', 1],
  ]);
  // The request's image on every component, not the tool's.
  expect(graph.spec.components.map((c: any) => c.podTemplate.spec.containers[0].image)).toEqual(
    Array(3).fill('nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1'),
  );

  // Another checkout planning the same request writes the same bytes.
  const again = workdir({ 'qwen.yaml': QWEN_REQUEST });
  expect(run(['plan', 'qwen.yaml'], { cwd: again, env: tool.env }).code).toBe(0);
  expect(tree(again)).toEqual(files);
});

test('plan: a planned request is not searched again; a change that is not a search input only regenerates the graph; --refresh searches', () => {
  const tool = fakeTool();
  const dir = workdir({ 'qwen.yaml': QWEN_REQUEST });
  run(['plan', 'qwen.yaml'], { cwd: dir, env: tool.env });
  const before = tree(dir);
  const again = run(['plan', 'qwen.yaml'], { cwd: dir, env: tool.env });
  expect(again.code).toBe(0);
  expect(lines(again.stderr)).toEqual([
    'inference/qwen3-32b: up to date: disagg on vllm: 2 × prefill (2 GPUs, tp2) + 1 × decode (4 GPUs, tp4), TTFT 429.532 ms (≤ 600), ITL 17.746 ms (≤ 20), 471.488 tokens/s/GPU',
    'dynamo-plan.lock and dynamo-plan/ are up to date',
  ]);
  expect(tool.calls()).toHaveLength(1);
  expect(tree(dir)).toEqual(before);

  fs.writeFileSync(path.join(dir, 'qwen.yaml'), QWEN_REQUEST.replace('vllm-runtime:1.3.1', 'vllm-runtime:1.3.2'));
  const retag = run(['plan', 'qwen.yaml'], { cwd: dir, env: tool.env });
  expect(retag.code).toBe(0);
  expect(tool.calls()).toHaveLength(1);
  expect(lines(retag.stderr).pop()).toBe('wrote dynamo-plan/inference/qwen3-32b/dynamo-graph-deployment.yaml');
  expect(tree(dir)['dynamo-plan.lock']).toBe(before['dynamo-plan.lock']);

  expect(run(['plan', '--refresh', 'qwen.yaml'], { cwd: dir, env: tool.env }).code).toBe(0);
  expect(tool.calls()).toHaveLength(2);
});

test('plan: a nvidia.com/v1beta2 request is searched with the same inputs as its v1beta1 twin (one search for both); render emits its record only', () => {
  const tool = fakeTool();
  const v1beta2 = fs.readFileSync(
    path.join(__dirname, '..', 'kinds', 'request', 'fixtures', 'v1beta2-request.yaml'),
    'utf8',
  );
  const dir = workdir({ 'qwen.yaml': QWEN_REQUEST, 'search.yaml': v1beta2 });
  const r = run(['plan', 'qwen.yaml', 'search.yaml'], { cwd: dir, env: tool.env });
  expect(r.code).toBe(0);
  expect(tool.calls()).toHaveLength(1);
  expect(lines(r.stderr)).toEqual(
    expect.arrayContaining([
      'search.yaml: spec.search: warning: not used: build-time planning runs the rapid search once, without rounds or parallel evaluations',
      expect.stringMatching(/^inference\/qwen-search: (searched|up to date): disagg on vllm: /),
    ]),
  );
  const [graph] = docs(tree(dir)['dynamo-plan/inference/qwen-search/dynamo-graph-deployment.yaml']);
  expect(graph.metadata.labels).toEqual({
    'dgdr.nvidia.com/name': 'qwen-search',
    'dgdr.nvidia.com/namespace': 'inference',
  });
  const rendered = run(['render', 'search.yaml'], { cwd: dir });
  expect(rendered.code).toBe(0);
  expect(docs(rendered.stdout).map((o) => `${o.apiVersion} ${o.kind}`)).toEqual([
    'nvidia.com/v1beta2 DynamoGraphDeploymentRequest',
  ]);
});

test('plan: an SLA nothing meets fails on spec.sla with the best achievable latencies; nothing is written', () => {
  const tool = fakeTool('unachievable');
  const dir = workdir({ 'qwen.yaml': QWEN_REQUEST });
  const r = run(['plan', 'qwen.yaml'], { cwd: dir, env: tool.env });
  expect(r.code).toBe(1);
  expect(lines(r.stderr).filter((l) => !l.startsWith('planning '))).toEqual([
    'qwen.yaml: spec.sla: no configuration of Qwen/Qwen3-32B on 8 × h200_sxm meets TTFT ≤ 600 ms and ITL ≤ 20 ms; the best achievable are TTFT 133.4 ms and ITL 5.167 ms (each on its own configuration): relax spec.sla or add GPUs',
    'nothing was written',
  ]);
  // The second search drops the SLA to find what is achievable.
  expect(tool.calls()[1]).toContain('--ttft 1000000000 --tpot 1000000000');
  expect(Object.keys(tree(dir))).toEqual(['qwen.yaml']);
});

test('plan: a model the tool does not know fails on spec.model', () => {
  const tool = fakeTool('unknown-model');
  const dir = workdir({ 'qwen.yaml': QWEN_REQUEST.replace('model: Qwen/Qwen3-32B', 'model: acme/NoSuchModel-7B') });
  const r = run(['plan', 'qwen.yaml'], { cwd: dir, env: tool.env });
  expect(r.code).toBe(1);
  expect(lines(r.stderr)).toContain(
    'qwen.yaml: spec.model: Invalid value: "acme/NoSuchModel-7B": aiconfigurator 0.12.0 does not know this model (it has no architecture data for it offline, and fetching its config.json failed: Failed to download acme/NoSuchModel-7B\'s config.json from HuggingFace: <urlopen error [Errno -2] Name or service not known>)',
  );
  expect(Object.keys(tree(dir))).toEqual(['qwen.yaml']);
});

test('plan: a GPU the search has no data for, or no GPU budget, fail before any search', () => {
  const tool = fakeTool();
  const dir = workdir({
    'sku.yaml': QWEN_REQUEST.replace('gpuSku: h200_sxm', 'gpuSku: t4'),
    'budget.yaml': QWEN_REQUEST.replace('name: qwen3-32b', 'name: other').replace('    totalGpus: 8\n', ''),
  });
  const r = run(['plan', 'sku.yaml', 'budget.yaml'], { cwd: dir, env: tool.env });
  expect(r.code).toBe(1);
  expect(lines(r.stderr)).toEqual([
    'budget.yaml: spec.hardware.totalGpus: Required value: the GPU budget of the graph (upstream counts GPUs on discovered nodes; at build time there is no cluster)',
    'nothing was written',
  ]);
  const sku = run(['plan', 'sku.yaml'], { cwd: dir, env: tool.env });
  expect(lines(sku.stderr)[0]).toMatch(
    /^sku\.yaml: spec\.hardware\.gpuSku: Unsupported value: "t4": the rapid search \(aiconfigurator 0\.12\.0\) has no performance data for it; it knows a100_pcie, .*h200_sxm, .* \(use searchStrategy: thorough to profile on the real GPUs\)$/,
  );
  expect(tool.calls()).toEqual([]);
});

test('plan: a failing search tool is one clear message and nothing written; so is a missing Python', () => {
  const tool = fakeTool('crash');
  const dir = workdir({ 'qwen.yaml': QWEN_REQUEST });
  const r = run(['plan', 'qwen.yaml'], { cwd: dir, env: tool.env });
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(
    'dynamo-iac plan: aiconfigurator 0.12.0 failed for inference/qwen3-32b (exit 3):\nTraceback (most recent call last):\nRuntimeError: perf database corrupted\nnothing was written\n',
  );
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(Object.keys(tree(dir))).toEqual(['qwen.yaml']);

  const empty = fakeTool();
  const env = {
    ...empty.env,
    DYNAMO_IAC_CACHE_DIR: path.join(empty.dir, 'nothing-installed'),
    DYNAMO_IAC_PYTHON: '/nonexistent/python3',
  };
  const noPython = run(['plan', 'qwen.yaml'], { cwd: dir, env });
  expect(noPython.code).toBe(1);
  expect(lines(noPython.stderr)).toEqual([
    'dynamo-iac plan: aiconfigurator 0.12.0 needs Python >= 3.11 and < 3.14; found none of /nonexistent/python3 (set DYNAMO_IAC_PYTHON to one)',
    'nothing was written',
  ]);
});

test('plan: inputs without a request, and a broken lock, are errors', () => {
  const dir = workdir({
    'graph.yaml': fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'agg-v1beta1.yaml'), 'utf8'),
    'qwen.yaml': QWEN_REQUEST,
    'bad.lock': 'plans: 3\n',
  });
  const none = run(['plan', 'graph.yaml'], { cwd: dir });
  expect(lines(none.stderr)).toEqual([
    'graph.yaml: no DynamoGraphDeploymentRequest in the inputs: nothing to plan',
    'nothing was written',
  ]);
  const lock = run(['plan', '--lock', 'bad.lock', 'qwen.yaml'], { cwd: dir });
  expect(lines(lock.stderr)[0]).toBe(
    'bad.lock: not a plan lock (expected apiVersion dynamo-iac.dev/v1, kind PlanLock, plans: [...])',
  );
  expect(lock.code).toBe(1);
});

describe('render and validate from the lock', () => {
  const tool = fakeTool();
  const dir = workdir({ 'qwen.yaml': QWEN_REQUEST });
  beforeAll(() => expect(run(['plan', 'qwen.yaml'], { cwd: dir, env: tool.env }).code).toBe(0));

  test('render: the request record and every object of the generated graph, validated; no search runs', () => {
    const calls = tool.calls().length;
    // No tool in this environment at all: render must not need one.
    const r = run(['render', 'qwen.yaml'], { cwd: dir });
    // Only the note on worker replicas left to the runtime operator (test/cli/desired-replicas.test.ts).
    expect(lines(r.stderr)).toEqual([expect.stringMatching(/^note: 1 worker Deployment leaves spec\.replicas/)]);
    expect(r.code).toBe(0);
    const objs = docs(r.stdout);
    const record = objs.find((o) => o.kind === 'DynamoGraphDeployment');
    const hash = record.metadata.annotations['nvidia.com/current-worker-hash'];
    expect(objs.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(
      expect.arrayContaining([
        'DynamoGraphDeploymentRequest/qwen3-32b',
        'DynamoGraphDeployment/qwen3-32b',
        'Deployment/qwen3-32b-frontend',
        `Deployment/qwen3-32b-vllmprefillworker-${hash}`,
        `Deployment/qwen3-32b-vllmdecodeworker-${hash}`,
        'Service/qwen3-32b-frontend',
      ]),
    );
    const prefill = objs.find(
      (o) => o.kind === 'Deployment' && o.metadata.name === `qwen3-32b-vllmprefillworker-${hash}`,
    );
    // The planned replicas are the record's; the runtime operator sets the worker Deployment's from it.
    expect(record.spec.components.find((c: any) => c.name === 'VllmPrefillWorker').replicas).toBe(2);
    expect(prefill.spec.replicas).toBeUndefined();
    expect(prefill.spec.template.spec.containers[0].resources.limits['nvidia.com/gpu']).toBe('2');
    expect(run(['render', 'qwen.yaml'], { cwd: dir }).stdout).toBe(r.stdout);
    expect(lines(run(['validate', 'qwen.yaml'], { cwd: dir }).stderr)).toEqual(['1 graph, 1 request valid']);
    expect(tool.calls()).toHaveLength(calls);
  });

  test('render: a request whose search inputs changed, or no lock at all, says to run dynamo-iac plan', () => {
    fs.writeFileSync(path.join(dir, 'changed.yaml'), QWEN_REQUEST.replace('ttft: 600', 'ttft: 500'));
    const r = run(['render', 'changed.yaml'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      'changed.yaml: spec: valid, but not planned: dynamo-plan.lock has no plan for its search inputs (hash caa3d30590a7b51e): the request is new, or changed since it was planned; run `dynamo-iac plan` on this file to search and record the plan (`dynamo-iac plan --refresh` searches again)',
    ]);
    const missing = run(['validate', '--lock', 'nowhere.lock', 'qwen.yaml'], { cwd: dir });
    expect(lines(missing.stderr)[0]).toMatch(
      /^qwen\.yaml: spec: valid, but not planned: nowhere\.lock does not exist; run `dynamo-iac plan`/,
    );
    // Before any plan, validate checks the shape: a bad field is reported, and no "not planned".
    fs.writeFileSync(path.join(dir, 'bad.yaml'), QWEN_REQUEST.replace(/totalGpus: \d+/, 'totalGpus: -1'));
    const bad = run(['validate', '--lock', 'nowhere.lock', 'bad.yaml'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(lines(bad.stderr)).toEqual(['bad.yaml: spec.hardware.totalGpus: Invalid value: -1: must be positive']);
  });

  test('gitops: the generated graph in its own directory, the request record in _shared/, Flux waiting for the graph', () => {
    const r = run(['gitops', '-o', 'deploy', '--flux-url', 'oci://ghcr.io/acme/deploy', 'qwen.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    const files = Object.keys(tree(path.join(dir, 'deploy')));
    expect(files).toEqual(
      expect.arrayContaining([
        'graphs/inference/qwen3-32b/dynamographdeployment-qwen3-32b.yaml',
        expect.stringMatching(
          /^graphs\/inference\/qwen3-32b\/deployment-qwen3-32b-vllmdecodeworker-[0-9a-f]{8}\.yaml$/,
        ),
        'graphs/inference/_shared/dynamographdeploymentrequest-qwen3-32b.yaml',
        'crds/customresourcedefinition-dynamographdeploymentrequests.nvidia.com.yaml',
      ]),
    );
    const graphs = docs(
      fs.readFileSync(path.join(dir, 'deploy', 'flux', 'kustomization-dynamo-graphs.yaml'), 'utf8'),
    )[0];
    // Flux waits for what it applied, the DGD through its Ready condition, the request through its phase.
    expect(graphs.spec).toMatchObject({ wait: true });
    expect(graphs.spec.healthCheckExprs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ apiVersion: 'nvidia.com/v1beta1', kind: 'DynamoGraphDeployment' }),
        expect.objectContaining({ apiVersion: 'nvidia.com/v1beta1', kind: 'DynamoGraphDeploymentRequest' }),
      ]),
    );
  });

  test('autoApply: false renders the record only; the generated graph stays in dynamo-plan/ for review', () => {
    fs.writeFileSync(path.join(dir, 'review.yaml'), `${QWEN_REQUEST}  autoApply: false\n`);
    const r = run(['render', 'review.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(docs(r.stdout).map((o) => o.kind)).toEqual(['DynamoGraphDeploymentRequest']);
  });
});

describe('thorough: the profiling Job until its output is imported', () => {
  const THOROUGH = QWEN_REQUEST.replace('name: qwen3-32b', 'name: llama')
    .replace('  sla:', '  searchStrategy: thorough\n  sla:')
    .replace(
      'image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1',
      'image: nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.1',
    );
  const dir = workdir({ 'llama.yaml': THOROUGH });

  test('render deploys the profiling Job, its RBAC and output ConfigMap; plan says how to import', () => {
    const r = run(['render', 'llama.yaml'], { cwd: dir });
    expect(r.stderr).toBe('');
    expect(docs(r.stdout).map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'DynamoGraphDeploymentRequest/llama',
      'ServiceAccount/dgdr-profiling-job',
      'Role/dgdr-profiling-job',
      'RoleBinding/dgdr-profiling-job',
      'ConfigMap/dgdr-output-llama',
      'Job/profile-llama',
    ]);
    const p = run(['plan', 'llama.yaml'], { cwd: dir });
    expect(p.code).toBe(0);
    expect(lines(p.stderr)[0]).toBe(
      'inference/llama: waiting for its profiling Job: render deploys Job profile-llama; when it has finished, run `kubectl get configmap dgdr-output-llama -n inference -o yaml > output.yaml` and `dynamo-iac plan --import output.yaml llama.yaml`',
    );
  });

  test("plan --import records the profiler's graph; render then deploys the graph instead of the Job", () => {
    const graph = fs.readFileSync(path.join(AIC_FIXTURES, 'qwen3-32b-h200', 'agg', 'top1', 'k8s_deploy.yaml'), 'utf8');
    const planner = stringify({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'planner-config-ab12' },
      data: { 'planner_config.json': '{}' },
    });
    const output = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'dgdr-output-llama', namespace: 'inference', uid: 'x', resourceVersion: '7' },
      data: { profiler_status: 'success', 'final_config.yaml': `${planner}---\n${graph}` },
    };
    fs.writeFileSync(path.join(dir, 'output.yaml'), stringify(output));
    const r = run(['plan', '--import', 'output.yaml', 'llama.yaml'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(lines(r.stderr)[0]).toBe('inference/llama: imported: from output.yaml: 2 × worker (4 GPUs, tp4)');
    const rendered = docs(run(['render', 'llama.yaml'], { cwd: dir }).stdout);
    const kinds = rendered.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'DynamoGraphDeployment/llama',
        'ConfigMap/planner-config-ab12',
        expect.stringMatching(/^Deployment\/llama-vllmworker-[0-9a-f]{8}$/),
      ]),
    );
    expect(kinds).not.toContain('Job/profile-llama');

    fs.writeFileSync(
      path.join(dir, 'failed.yaml'),
      stringify({ ...output, data: { profiler_status: 'failed', profiler_error: 'OOM in decode sweep' } }),
    );
    const failed = run(['plan', '--import', 'failed.yaml', 'llama.yaml'], { cwd: dir });
    expect(lines(failed.stderr)).toEqual([
      'failed.yaml: data.profiler_status: the profiling Job did not succeed (status "failed": OOM in decode sweep)',
      'nothing was written',
    ]);
  });
});
