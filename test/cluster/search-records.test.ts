/**
 * Dynamo 1.7's CRD set on the real API server: every CRD of it installs, with the search's records
 * (DynamoGraphDeploymentRun, DynamoGraphDeploymentCandidate) as upstream's operator writes them —
 * a Run with a request's spec, a Candidate with a DGD's, each with its status — and neither spec
 * can be changed afterwards (upstream's rule), whether the edit is in a typed field or inside a
 * pod template our CRD keeps open. Status updates still go through.
 */
import { releaseCrdManifests } from '../../src/platform/release-crds';
import { KubeClient, refusal, ServerObject, uniqueName } from './kube';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.7.0';
const V1BETA2 = 'nvidia.com/v1beta2';
const NOW = '2026-11-24T10:00:00Z';
let kube: KubeClient;
let ns: string;

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  ns = uniqueName('search');
  await kube.createNamespace(ns);
});
afterAll(() => kube.close());

const requestSpec = {
  modelRef: { name: 'Qwen/Qwen3-0.6B' },
  backends: ['vllm'],
  image: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.7.0',
  hardware: { gpu: { sku: 'h200_sxm', budget: 8 } },
  workload: { static: { isl: 4000, osl: 500, numRequestRatio: 10, concurrency: 8 } },
  objective: { mode: 'optimize', metric: 'throughputPerGpu', sla: { ttftMs: 600, itlMs: 20 } },
  search: { budget: { maxRounds: 2, parallelEvaluations: 2 } },
};
const container = (image: string) => ({ name: 'main', image, args: ['--model', 'Qwen/Qwen3-0.6B'] });
const graphSpec = (image = IMAGE) => ({
  backendFramework: 'vllm',
  components: [
    { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [container(image)] } } },
    { name: 'VllmWorker', type: 'worker', replicas: 2, podTemplate: { spec: { containers: [container(image)] } } },
  ],
});
const record = (kind: string, name: string, spec: object): ServerObject => ({
  apiVersion: V1BETA2,
  kind,
  metadata: { name, namespace: ns },
  spec,
});
const condition = (type: string) => ({
  type,
  status: 'True',
  reason: 'Done',
  message: '',
  lastTransitionTime: NOW,
});

test('every CRD of the 1.7 set installs and is Established, the search records among them', async () => {
  const crds = releaseCrdManifests('1.7');
  expect(crds.map((c) => c.metadata.name)).toEqual(
    expect.arrayContaining(['dynamographdeploymentruns.nvidia.com', 'dynamographdeploymentcandidates.nvidia.com']),
  );
  for (const crd of crds) {
    const established: any = await kube.installCrd(crd as ServerObject);
    const conditions = established.status.conditions.map((c: any) => `${c.type}=${c.status}`);
    expect(conditions).toEqual(expect.arrayContaining(['NamesAccepted=True', 'Established=True']));
  }
});

test('a Run and its status are accepted; its spec cannot change, its status can', async () => {
  const run = record('DynamoGraphDeploymentRun', 'qwen-run-1', requestSpec);
  const created = await kube.create(run);
  await kube.patchStatus(created, {
    phase: 'Succeeded',
    jobRef: { name: 'qwen-run-1-search', uid: 'a1b2' },
    progress: {
      branches: [{ name: 'disagg', rounds: { completed: 2, total: 2 } }],
      evaluations: { scheduled: 8, feasible: 6, infeasible: 2 },
      candidates: { paretoFront: 3, published: 2 },
    },
    candidateRefs: [{ name: 'qwen-run-1-c1' }, { name: 'qwen-run-1-c2' }],
    provenance: { sweeperVersion: '0.4.0', replayVersion: '0.4.0' },
    startTime: NOW,
    completionTime: NOW,
    lastProgressTime: NOW,
    conditions: [condition('Completed')],
  });
  const changed = { ...run, spec: { ...requestSpec, hardware: { gpu: { sku: 'h200_sxm', budget: 16 } } } };
  expect(await refusal(kube.apply(changed, { force: true }))).toMatch(/spec is immutable/);
  // search.parameters is kept open (preserve-unknown): an edit inside it is refused all the same.
  const params = (p: object) => ({
    ...run,
    spec: { ...requestSpec, search: { ...requestSpec.search, parameters: p } },
  });
  const withParams = record('DynamoGraphDeploymentRun', 'qwen-run-2', params({ seed: 1 }).spec as object);
  await kube.create(withParams);
  expect(await refusal(kube.apply({ ...withParams, spec: params({ seed: 2 }).spec }, { force: true }))).toMatch(
    /spec is immutable/,
  );
  const read = await kube.get<any>(V1BETA2, 'DynamoGraphDeploymentRun', 'qwen-run-1', ns);
  expect(read.status.phase).toBe('Succeeded');
});

test('a Run without a spec, or with a request rule broken, is refused', async () => {
  expect(await refusal(kube.create({ ...record('DynamoGraphDeploymentRun', 'no-spec', {}), spec: undefined }))).toMatch(
    /spec: Required value/,
  );
  const bad = record('DynamoGraphDeploymentRun', 'bad', { ...requestSpec, workload: {} });
  expect(await refusal(kube.create(bad, { dryRun: true }))).toMatch(/exactly one of trace or static must be specified/);
});

test('a Candidate and its status are accepted; its spec cannot change, also inside a pod template', async () => {
  const candidate = record('DynamoGraphDeploymentCandidate', 'qwen-run-1-c1', graphSpec());
  const created = await kube.create(candidate);
  await kube.patchStatus(created, {
    rank: 1,
    conditions: [condition('Evaluated')],
    experimental: { goodput: 812.5, trials: [{ tp: 2 }] },
  });
  const read = await kube.get<any>(V1BETA2, 'DynamoGraphDeploymentCandidate', 'qwen-run-1-c1', ns);
  expect(read.status).toMatchObject({ rank: 1, experimental: { goodput: 812.5 } });
  // A typed field, and the image inside the open pod template.
  const backend = { ...candidate, spec: { ...graphSpec(), backendFramework: 'sglang' } };
  const image = { ...candidate, spec: graphSpec('nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.7.1') };
  expect(await refusal(kube.apply(backend, { force: true }))).toMatch(/spec is immutable/);
  expect(await refusal(kube.apply(image, { force: true }))).toMatch(/spec is immutable/);
});

test("a Candidate is held to the DGD spec's schema and its rule on the type", async () => {
  const typo = record('DynamoGraphDeploymentCandidate', 'typo', { ...graphSpec(), backendFramework: 'onnx' });
  expect(await refusal(kube.create(typo, { dryRun: true }))).toMatch(
    /spec.backendFramework: Unsupported value: "onnx"/,
  );
  const restart = record('DynamoGraphDeploymentCandidate', 'restart', { ...graphSpec(), restart: { id: 'r1' } });
  expect(await refusal(kube.create(restart, { dryRun: true }))).toMatch(/spec.restart must be unset on create/);
  expect(await refusal(kube.create({ ...record('DynamoGraphDeploymentCandidate', 'rank0', graphSpec()) }))).toBe('');
  const zero = await kube.get<any>(V1BETA2, 'DynamoGraphDeploymentCandidate', 'rank0', ns);
  expect(await refusal(kube.patchStatus(zero, { rank: 0 }))).toMatch(/status.rank: Invalid value: 0/);
});
