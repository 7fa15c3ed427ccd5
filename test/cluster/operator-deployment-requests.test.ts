/**
 * The DynamoGraphDeploymentRequest status against the real API server, the operator running
 * in-process. The requests and what they render come from the committed example plan, applied
 * as Flux applies them; the test stands in for the workloads' controllers (it writes the
 * Deployments' status, which the graph status follows) and for the profiling Job's controller
 * and output copier.
 */
import * as fs from 'fs';
import * as path from 'path';
import { resolveSettings } from '../../src/api/settings';
import { renderManifests } from '../../src/pipeline/manifests';
import { parseLock } from '../../src/plan/lock';
import { componentWorkloadName, renderedWorkerGeneration } from '../../src/render';
import { graphModelOf } from '../../src/operator/controllers/graph-record';
import { ServerObject, poll } from './kube';
import { operatorNamespace } from './operator-harness';

const DGDR = 'nvidia.com/v1beta1';
const KIND = 'DynamoGraphDeploymentRequest';
const WAIT = { timeoutMs: 60_000 };
const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const LOCK_FILE = path.join(EXAMPLES, 'dynamo-plan.lock');

const env = operatorNamespace('op-dgdr');

/** A request file of the examples (or a text), moved into the test namespace (the plan's hash does not include it). */
function render(text: string): ServerObject[] {
  const out = renderManifests(
    [{ source: 'request.yaml', text: text.replace(/namespace: dynamo-examples/g, `namespace: ${env.ns}`) }],
    resolveSettings({}),
    {
      defaultNamespace: env.ns,
      plans: { file: LOCK_FILE, lock: parseLock(fs.readFileSync(LOCK_FILE, 'utf8'), LOCK_FILE) },
    },
  );
  if (out.problems.some((p) => p.severity === 'error')) throw new Error(JSON.stringify(out.problems));
  return out.objects as ServerObject[];
}
const example = (file: string) => render(fs.readFileSync(path.join(EXAMPLES, 'requests', file), 'utf8'));
const applyAll = async (objs: ServerObject[]) => {
  for (const o of objs) await env.kube.apply(o);
};
const conditions = (r: any) =>
  Object.fromEntries((r?.status?.conditions ?? []).map((c: any) => [c.type, [c.status, c.reason, c.message]]));
const waitPhase = (name: string, phase: string) =>
  env.kube.waitFor<any>(DGDR, KIND, name, env.ns, (r: any) => r?.status?.phase === phase, {
    ...WAIT,
    what: `phase ${phase}`,
  });
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * What the Deployment controller writes for a graph's Deployments: all replicas up, or one short.
 * A worker with a scaling adapter is rendered without replicas (the API server defaults 1) and
 * the operator sets them from its adapter; the stand-in waits for that write, as the real
 * controller rolls out the newest generation. Writing before it (the operator is slower on a
 * loaded machine) leaves a generation nobody rolls out, so the graph stays pending.
 */
async function rollOut(graph: string, available: 'all' | 'one short'): Promise<void> {
  const dgd = await env.kube.get<any>('nvidia.com/v1beta1', 'DynamoGraphDeployment', graph, env.ns);
  for (const c of dgd.spec.components.filter((x: any) => x.scalingAdapter))
    await env.kube.waitFor<any>(
      'apps/v1',
      'Deployment',
      // Workers are named by the record's worker generation (`<graph>-<component>-<hash>`).
      componentWorkloadName(graphModelOf(dgd)!, c.name, renderedWorkerGeneration(dgd.metadata.annotations)),
      env.ns,
      (d) => d?.spec?.replicas === (c.replicas ?? 1),
      { ...WAIT, what: `replicas ${c.replicas ?? 1} from the scaling adapter` },
    );
  for (const d of await env.kube.list<any>('apps/v1', 'Deployment', {
    namespace: env.ns,
    labelSelector: `nvidia.com/dynamo-graph-deployment-name=${graph}`,
  })) {
    const n = d.spec.replicas ?? 1;
    const up = available === 'all' ? n : Math.max(0, n - 1);
    await env.kube.mergePatch(
      'apps/v1',
      'Deployment',
      d.metadata.name,
      env.ns,
      {
        status: {
          observedGeneration: d.metadata.generation,
          replicas: n,
          updatedReplicas: n,
          readyReplicas: up,
          availableReplicas: up,
          conditions: [
            {
              type: 'Available',
              status: up === n ? 'True' : 'False',
              reason: 'r',
              message: 'm',
              lastUpdateTime: now(),
              lastTransitionTime: now(),
            },
          ],
        },
      },
      'status',
    );
  }
}

test('rapid: Pending until Flux applies the graph, Deploying, Deployed when the graph is ready, back to Deploying when it degrades', async () => {
  const objs = example('qwen3-32b-h200.yaml');
  await applyAll(objs.filter((o) => o.kind === KIND));
  const pending = await waitPhase('qwen3-32b', 'Pending');
  expect(conditions(pending)).toMatchObject({
    Validation: ['True', 'ValidationPassed', 'DGDR spec validation passed'],
    Profiling: ['True', 'ProfilingCompleted', expect.stringContaining('aiconfigurator 0.12.0')],
    Succeeded: ['False', 'Pending', 'DGDR is pending: DynamoGraphDeployment qwen3-32b is not applied yet'],
  });
  expect(pending.status.observedGeneration).toBe(pending.metadata.generation);

  await applyAll(objs.filter((o) => o.kind !== KIND));
  const deploying = await waitPhase('qwen3-32b', 'Deploying');
  expect(deploying.status.dgdName).toBe('qwen3-32b');
  expect(conditions(deploying).DeploymentReady).toEqual([
    'False',
    'DeploymentInProgress',
    expect.stringMatching(/^DGD qwen3-32b is in \w+ state$/),
  ]);

  await rollOut('qwen3-32b', 'all');
  const deployed = await waitPhase('qwen3-32b', 'Deployed');
  expect(conditions(deployed)).toMatchObject({
    DeploymentReady: ['True', 'DeploymentReady', 'DynamoGraphDeployment qwen3-32b is ready'],
    SpecGenerated: ['True', 'SpecGenerated', 'DynamoGraphDeployment spec generated successfully'],
    Succeeded: ['True', 'Deployed', 'Deployment is healthy'],
  });
  const replicas = deployed.status.deploymentInfo.replicas;
  // Every component's replicas, the adapter-managed workers' included.
  const graphSpec = (objs.find((o) => o.kind === 'DynamoGraphDeployment') as any).spec;
  expect(replicas).toBe(graphSpec.components.reduce((n: number, c: any) => n + (c.replicas ?? 1), 0));
  expect(deployed.status.deploymentInfo).toEqual({ replicas, availableReplicas: replicas });

  await rollOut('qwen3-32b', 'one short');
  const degraded = await waitPhase('qwen3-32b', 'Deploying');
  expect(conditions(degraded).DeploymentReady).toEqual([
    'False',
    'DeploymentDegraded',
    expect.stringMatching(/^Deployment degraded to /),
  ]);
  // Events are recorded after the status is written: wait for them (a busy machine showed the gap).
  const reasons = await poll('the request events DeploymentReady and DeploymentDegraded', async () => {
    const events = await env.kube.list<any>('v1', 'Event', { namespace: env.ns });
    const found = events
      .filter((e) => e.involvedObject?.name === 'qwen3-32b' && e.involvedObject?.kind === KIND)
      .map((e) => e.reason);
    return found.includes('DeploymentReady') && found.includes('DeploymentDegraded') ? found : undefined;
  });
  expect(reasons).toEqual(expect.arrayContaining(['DeploymentReady', 'DeploymentDegraded']));
  // The operator never touches the request's spec, nor sets an owner on the graph.
  const graph = await env.kube.get<any>('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'qwen3-32b', env.ns);
  expect(graph.metadata.ownerReferences).toBeUndefined();
  const spec = (objs.find((o) => o.kind === KIND) as any).spec;
  expect((await env.kube.get<any>(DGDR, KIND, 'qwen3-32b', env.ns)).spec).toMatchObject(spec);
});

test('autoApply false: Ready, the plan is the committed file (no graph is deployed)', async () => {
  const objs = example('qwen3-0.6b-review.yaml');
  expect(objs.map((o) => o.kind)).toEqual([KIND]);
  await applyAll(objs);
  const ready = await waitPhase('qwen3-small', 'Ready');
  expect(conditions(ready).Succeeded).toEqual(['True', 'SpecGenerated', 'Profiling complete, spec available']);
});

describe('thorough', () => {
  const request = (name: string) => `apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeploymentRequest
metadata: { name: ${name} }
spec:
  model: meta-llama/Llama-3.1-70B
  backend: vllm
  searchStrategy: thorough
  image: nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.1
  hardware: { gpuSku: h100_sxm, totalGpus: 8 }
`;
  /** The output copier's ConfigMap data, then the Job controller's verdict. */
  async function profilerDone(
    name: string,
    data: Record<string, string>,
    outcome: 'Complete' | 'Failed',
  ): Promise<void> {
    await env.kube.mergePatch('v1', 'ConfigMap', `dgdr-output-${name}`, env.ns, { data });
    const cond = (type: string) => ({
      type,
      status: 'True',
      reason: 'r',
      message: 'm',
      lastProbeTime: now(),
      lastTransitionTime: now(),
    });
    const status =
      outcome === 'Complete'
        ? {
            startTime: now(),
            completionTime: now(),
            succeeded: 1,
            conditions: [cond('SuccessCriteriaMet'), cond('Complete')],
          }
        : { startTime: now(), failed: 1, conditions: [cond('FailureTarget'), cond('Failed')] };
    await env.kube.request(
      'PATCH',
      `/apis/batch/v1/namespaces/${env.ns}/jobs/profile-${name}/status`,
      { status },
      'application/merge-patch+json',
    );
  }

  test('Profiling while the Job runs; Ready when it is done, with how to import the plan', async () => {
    await applyAll(render(request('llama')));
    const profiling = await waitPhase('llama', 'Profiling');
    expect(profiling.status).toMatchObject({ profilingJobName: 'profile-llama', profilingPhase: 'Initializing' });
    expect(conditions(profiling).Profiling).toEqual(['False', 'ProfilingRunning', 'Profiling is in progress']);
    await profilerDone(
      'llama',
      {
        profiler_status: 'success',
        'final_config.yaml': 'apiVersion: nvidia.com/v1beta1\nkind: DynamoGraphDeployment\n',
      },
      'Complete',
    );
    const ready = await waitPhase('llama', 'Ready');
    expect(ready.status.profilingPhase).toBeUndefined();
    expect(conditions(ready)).toMatchObject({
      Profiling: ['True', 'ProfilingCompleted', 'Profiling job completed successfully'],
      Succeeded: [
        'False',
        'ImportRequired',
        expect.stringContaining(`kubectl get configmap dgdr-output-llama -n ${env.ns} -o yaml`),
      ],
    });
  });

  test('the profiler reported failure: Failed, with its error', async () => {
    await applyAll(render(request('llama-oom')));
    await waitPhase('llama-oom', 'Profiling');
    await profilerDone(
      'llama-oom',
      { profiler_status: 'failed', profiler_error: 'CUDA out of memory in the decode sweep' },
      'Complete',
    );
    const failed = await waitPhase('llama-oom', 'Failed');
    expect(conditions(failed).Profiling).toEqual([
      'False',
      'ProfilingFailed',
      'profiling failed: CUDA out of memory in the decode sweep',
    ]);
  });
});
