/**
 * The DGDR status controller against a scripted API: each row of the phase table (rapid,
 * thorough, autoApply false, deployed, degraded), the conditions upstream sets, and the
 * v1alpha1 status shape.
 */
import { DeploymentRequestReconciler } from '../../../../src/operator/controllers/deployment-requests/reconciler';
import { DeploymentRequest, GraphDeployment, Job } from '../../../../src/operator/controllers/kinds';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import { cacheOf, eventsOf, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const NOW = Date.parse('2026-11-23T10:00:00Z');

function request(spec: object = {}, status?: DeploymentRequest['status']): DeploymentRequest {
  return {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeploymentRequest',
    metadata: { name: 'qwen', namespace: NS, generation: 2, uid: 'uid-qwen' },
    // As the API server serves it: the CRD defaults filled in.
    spec: {
      model: 'Qwen/Qwen3-32B',
      backend: 'vllm',
      image: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.1',
      hardware: { gpuSku: 'h200_sxm', totalGpus: 8 },
      searchStrategy: 'rapid',
      autoApply: true,
      ...spec,
    },
    ...(status ? { status } : {}),
  };
}
function graph(opts: { ready?: boolean; name?: string } = {}): GraphDeployment {
  return {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: {
      name: opts.name ?? 'qwen',
      namespace: NS,
      generation: 3,
      labels: { 'dgdr.nvidia.com/name': 'qwen', 'dgdr.nvidia.com/namespace': NS },
    },
    spec: { components: [] },
    status: {
      observedGeneration: 3,
      state: opts.ready ? 'successful' : 'pending',
      conditions: [
        { type: 'Ready', status: opts.ready ? 'True' : 'False', reason: 'x', message: '', lastTransitionTime: '' },
      ],
      components: {
        Frontend: { replicas: 1, availableReplicas: 1 } as never,
        decode: { replicas: 2, availableReplicas: opts.ready ? 2 : 1 } as never,
      },
    },
  };
}
const job = (condition?: 'Complete' | 'Failed'): Job => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'profile-qwen', namespace: NS, labels: { dgdr: 'qwen' } },
  status: {
    conditions: condition
      ? [{ type: condition, status: 'True', message: condition === 'Failed' ? 'BackoffLimitExceeded' : undefined }]
      : [],
  },
});

function setup(
  req: DeploymentRequest,
  objs: { graphs?: GraphDeployment[]; jobs?: Job[]; output?: Record<string, string> } = {},
) {
  const api = new ScriptedApi();
  const ctx = reconcilerContext(api);
  ctx.clock.advance(NOW);
  if (objs.output)
    api.objects.set(`${NS}/dgdr-output-qwen`, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'dgdr-output-qwen', namespace: NS },
      data: objs.output,
    } as never);
  // The server's reply to the status patch is the whole request.
  api.objects.set(`${NS}/qwen`, req);
  const requests = cacheOf(RESOURCES.dgdrV1beta1, [req]);
  const reconciler = new DeploymentRequestReconciler({
    ...ctx,
    requests,
    graphs: cacheOf(RESOURCES.dgdV1beta1, objs.graphs),
    jobs: cacheOf(RESOURCES.job, objs.jobs),
  });
  return { api, requests, reconciler };
}
const statusOf = (api: ScriptedApi) => (api.bodies('mergePatch')[0] as any).status;
const conditions = (s: any) =>
  Object.fromEntries(s.conditions.map((c: any) => [c.type, [c.status, c.reason, c.message]]));

test('rapid, graph not applied yet: Pending; planned at build time, validation passed', async () => {
  const { api, reconciler } = setup(request());
  await reconciler.reconcile(`${NS}/qwen`);
  expect(api.writes()).toEqual(['mergePatch DynamoGraphDeploymentRequest ml/qwen/status']);
  const s = statusOf(api);
  expect(s).toMatchObject({
    observedGeneration: 2,
    phase: 'Pending',
    dgdName: null,
    profilingJobName: null,
    deploymentInfo: null,
  });
  expect(conditions(s)).toEqual({
    Validation: ['True', 'ValidationPassed', 'DGDR spec validation passed'],
    Profiling: [
      'True',
      'ProfilingCompleted',
      expect.stringMatching(/^Planned at build time by dynamo-iac plan \(aiconfigurator 0\.12\.0\).*dynamo-plan\.lock/),
    ],
    Succeeded: ['False', 'Pending', 'DGDR is pending: DynamoGraphDeployment qwen is not applied yet'],
  });
  expect(
    s.conditions.every((c: any) => c.observedGeneration === 2 && c.lastTransitionTime === '2026-11-23T10:00:00.000Z'),
  ).toBe(true);
});

test("rapid, graph present but not ready: Deploying with the graph's name, state and summed replicas", async () => {
  const { api, reconciler } = setup(request(), { graphs: [graph()] });
  await reconciler.reconcile(`${NS}/qwen`);
  const s = statusOf(api);
  expect(s).toMatchObject({
    phase: 'Deploying',
    dgdName: 'qwen',
    deploymentInfo: { replicas: 3, availableReplicas: 2 },
  });
  expect(conditions(s)).toMatchObject({
    SpecGenerated: ['True', 'SpecGenerated', 'DynamoGraphDeployment spec generated successfully'],
    DeploymentReady: ['False', 'DeploymentInProgress', 'DGD qwen is in pending state'],
    Succeeded: ['False', 'Deploying', 'Deployment is in progress'],
  });
  expect(eventsOf(api)).toEqual([]);
});

test('graph ready: Deployed with a DeploymentReady event; dropping out of Ready goes back to Deploying, degraded', async () => {
  const first = setup(request(), { graphs: [graph({ ready: true })] });
  await first.reconciler.reconcile(`${NS}/qwen`);
  expect(statusOf(first.api).phase).toBe('Deployed');
  expect(conditions(statusOf(first.api))).toMatchObject({
    DeploymentReady: ['True', 'DeploymentReady', 'DynamoGraphDeployment qwen is ready'],
    Succeeded: ['True', 'Deployed', 'Deployment is healthy'],
  });
  expect(eventsOf(first.api)).toEqual([['DeploymentReady', 'DynamoGraphDeployment qwen is ready', 'qwen']]);

  const deployed = first.requests.get(NS, 'qwen')!;
  const second = setup({ ...request(), status: deployed.status }, { graphs: [graph({ ready: false })] });
  await second.reconciler.reconcile(`${NS}/qwen`);
  expect(statusOf(second.api).phase).toBe('Deploying');
  expect(conditions(statusOf(second.api)).DeploymentReady).toEqual([
    'False',
    'DeploymentDegraded',
    'Deployment degraded to pending',
  ]);
  expect(eventsOf(second.api)).toEqual([
    ['DeploymentDegraded', 'DynamoGraphDeployment qwen degraded from Ready to pending', 'qwen'],
  ]);

  // Looked at again while still not ready: still degraded, no second event.
  const third = setup(
    { ...request(), status: second.requests.get(NS, 'qwen')!.status },
    { graphs: [graph({ ready: false })] },
  );
  await third.reconciler.reconcile(`${NS}/qwen`);
  expect(third.api.writes()).toEqual([]);
  expect(eventsOf(third.api)).toEqual([]);
});

test('the same facts again: no write', async () => {
  const { api, reconciler } = setup(request(), { graphs: [graph({ ready: true })] });
  await reconciler.reconcile(`${NS}/qwen`);
  await reconciler.reconcile(`${NS}/qwen`);
  expect(api.writes()).toHaveLength(1);
});

test('autoApply false: Ready, the plan is the committed file', async () => {
  const { api, reconciler } = setup(request({ autoApply: false }));
  await reconciler.reconcile(`${NS}/qwen`);
  const s = statusOf(api);
  expect(s.phase).toBe('Ready');
  expect(conditions(s)).toMatchObject({
    SpecGenerated: ['True', 'SpecGenerated', expect.stringContaining('autoApply: false')],
    Succeeded: ['True', 'SpecGenerated', 'Profiling complete, spec available'],
  });
});

test('thorough, Job running: Profiling, Initializing, the Job named', async () => {
  const { api, reconciler } = setup(request({ searchStrategy: 'thorough' }), { jobs: [job()] });
  await reconciler.reconcile(`${NS}/qwen`);
  const s = statusOf(api);
  expect(s).toMatchObject({ phase: 'Profiling', profilingPhase: 'Initializing', profilingJobName: 'profile-qwen' });
  expect(conditions(s).Profiling).toEqual(['False', 'ProfilingRunning', 'Profiling is in progress']);
  // A running Job: the output ConfigMap is not read.
  expect(api.calls.filter((c) => c.kind === 'ConfigMap')).toEqual([]);
});

test('thorough, profiler reported failure (the Job itself completed): Failed with profiler_error', async () => {
  const { api, reconciler } = setup(request({ searchStrategy: 'thorough' }), {
    jobs: [job('Complete')],
    output: { profiler_status: 'failed', profiler_error: 'OOM in decode sweep' },
  });
  await reconciler.reconcile(`${NS}/qwen`);
  const s = statusOf(api);
  expect(s.phase).toBe('Failed');
  expect(conditions(s)).toMatchObject({
    Profiling: ['False', 'ProfilingFailed', 'profiling failed: OOM in decode sweep'],
    Succeeded: ['False', 'ProfilingFailed', 'profiling failed: OOM in decode sweep'],
  });
});

test("thorough, Job failed: Failed with the Job's reason", async () => {
  const { api, reconciler } = setup(request({ searchStrategy: 'thorough' }), { jobs: [job('Failed')] });
  await reconciler.reconcile(`${NS}/qwen`);
  expect(conditions(statusOf(api)).Profiling).toEqual([
    'False',
    'ProfilingFailed',
    'profiling failed: BackoffLimitExceeded',
  ]);
});

test('thorough, Job complete and no graph yet: Ready, with how to import the plan', async () => {
  const { api, reconciler } = setup(request({ searchStrategy: 'thorough' }), {
    jobs: [job('Complete')],
    output: { profiler_status: 'success' },
  });
  await reconciler.reconcile(`${NS}/qwen`);
  const s = statusOf(api);
  expect(s).toMatchObject({ phase: 'Ready', profilingJobName: 'profile-qwen', profilingPhase: null });
  expect(conditions(s)).toMatchObject({
    Profiling: ['True', 'ProfilingCompleted', 'Profiling job completed successfully'],
    Succeeded: ['False', 'ImportRequired', expect.stringContaining('dynamo-iac plan --import')],
  });
  expect(conditions(s).Succeeded[2]).toContain('kubectl get configmap dgdr-output-qwen -n ml -o yaml');
});

test('a request that does not validate: Failed, with the field path', async () => {
  const { api, reconciler } = setup(request({ hardware: undefined }));
  await reconciler.reconcile(`${NS}/qwen`);
  const s = statusOf(api);
  expect(s.phase).toBe('Failed');
  expect(conditions(s).Validation).toEqual([
    'False',
    'ValidationFailed',
    expect.stringContaining('GPU hardware configuration is required'),
  ]);
});

test('a v1alpha1-written request: written through v1alpha1, state and deployment', async () => {
  const v1alpha1 = request({
    hardware: undefined,
    autoApply: true,
    profilingConfig: {
      profilerImage: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.1',
      config: { hardware: { gpu: 'h200' } },
    },
  });
  const { api, reconciler } = setup(v1alpha1, { graphs: [graph({ ready: true })] });
  await reconciler.reconcile(`${NS}/qwen`);
  expect(api.calls.find((c) => c.verb === 'mergePatch')).toMatchObject({
    apiVersion: 'nvidia.com/v1alpha1',
    subresource: 'status',
  });
  const s = statusOf(api);
  expect(s).not.toHaveProperty('phase');
  expect(s).toMatchObject({ state: expect.any(String), observedGeneration: 2 });
});

test('a v1beta2-written request (read through v1beta1 with its defaults): loads as v1beta2, review only, Ready', async () => {
  const req: DeploymentRequest = {
    ...request(),
    // What the server serves through v1beta1: the v1beta2 fields plus v1beta1's top-level defaults.
    spec: {
      modelRef: { name: 'Qwen/Qwen3-32B', remoteCode: 'Never' },
      backends: ['vllm'],
      image: 'nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.7.0',
      hardware: { gpu: { sku: 'h200_sxm', budget: 8 } },
      workload: { static: { isl: 4000, osl: 500, numRequestRatio: 1, concurrency: 8 }, isl: 4000, osl: 1000 },
      objective: { mode: 'optimize', metric: 'throughputPerGpu', sla: { ttftMs: 600, itlMs: 20 } },
      search: { budget: { maxRounds: 1, parallelEvaluations: 1 } },
      backend: 'auto',
      searchStrategy: 'rapid',
      autoApply: true,
    } as never,
  };
  const { api, reconciler } = setup(req);
  await reconciler.reconcile(`${NS}/qwen`);
  const s = statusOf(api);
  expect(s.phase).toBe('Ready');
  expect(conditions(s)).toMatchObject({ Validation: ['True', 'ValidationPassed', 'DGDR spec validation passed'] });
});
