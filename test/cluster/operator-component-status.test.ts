/**
 * Status the operator writes for what a build cannot know, against the real API server: a
 * standalone DynamoComponentDeployment's status (v1beta1 and v1alpha1 field names) from its
 * rendered Deployment, and a graph's `status.checkpoints` following the DynamoCheckpoint a
 * component restores from. The test writes the Deployment's and the checkpoint Job's status, as
 * their controllers would.
 */
import { resolveSettings } from '../../src/api';
import { renderManifests } from '../../src/pipeline/manifests';
import { ServerObject } from './kube';
import { deploymentStatus } from './deployment-status';
import { operatorNamespace } from './operator-harness';

const WAIT = { timeoutMs: 60_000 };
const image = 'registry.example/vllm-runtime:1.0.0';
const main = { name: 'main', image, command: ['python3'], args: ['-m', 'dynamo.vllm'] };

const env = operatorNamespace('op-status');

function render(...docs: object[]): ServerObject[] {
  const out = renderManifests(
    [{ source: 'test.yaml', text: docs.map((d) => JSON.stringify(d)).join('\n---\n') }],
    // Dynamo 1.6: the graphs here restore from a DynamoCheckpoint, a 1.6 kind.
    resolveSettings({ dynamoVersion: '1.6' }),
    { defaultNamespace: env.ns },
  );
  if (out.problems.some((p) => p.severity === 'error')) throw new Error(JSON.stringify(out.problems));
  return out.objects as ServerObject[];
}
const applyAll = async (objs: ServerObject[]) => {
  for (const o of objs) await env.kube.apply(o);
};
const conditionOf = (o: any, type: string) => (o?.status?.conditions ?? []).find((c: any) => c.type === type);

/** What the Deployment controller writes: `available` of the desired replicas up. */
async function setDeploymentStatus(name: string, available: number): Promise<void> {
  const d = await env.kube.get<any>('apps/v1', 'Deployment', name, env.ns);
  await env.kube.patchStatus(d, deploymentStatus(d, available));
}

test('a v1beta1 DCD: Available / DynamoComponentReady and status.component follow its Deployment', async () => {
  await applyAll(
    render({
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoComponentDeployment',
      metadata: { name: 'decode' },
      spec: { backendFramework: 'vllm', type: 'worker', replicas: 2, podTemplate: { spec: { containers: [main] } } },
    }),
  );
  await setDeploymentStatus('decode', 1);
  const pending = await env.kube.waitFor<any>(
    'nvidia.com/v1beta1',
    'DynamoComponentDeployment',
    'decode',
    env.ns,
    (o: any) => o?.status?.component?.readyReplicas === 1,
    { ...WAIT, what: 'component status' },
  );
  expect(conditionOf(pending, 'Available')).toMatchObject({
    status: 'False',
    reason: 'DeploymentNotReady',
    message: 'Deployment is not ready',
  });
  expect(pending.status.observedGeneration).toBe(pending.metadata.generation);
  await setDeploymentStatus('decode', 2);
  const ready = await env.kube.waitForCondition<any>(
    'nvidia.com/v1beta1',
    'DynamoComponentDeployment',
    'decode',
    env.ns,
    'Available',
    WAIT,
  );
  expect(conditionOf(ready, 'DynamoComponentReady')).toMatchObject({
    status: 'True',
    reason: 'ComponentReady',
    message: 'DynamoComponent is ready',
  });
  expect(ready.status.component).toEqual({
    componentKind: 'Deployment',
    componentNames: ['decode'],
    replicas: 2,
    updatedReplicas: 2,
    readyReplicas: 2,
    availableReplicas: 2,
  });
  // kubectl's Available column reads the condition.
  expect(conditionOf(ready, 'Available').observedGeneration).toBe(ready.metadata.generation);
});

test('a v1alpha1 DCD: status.service with componentName, through the v1alpha1 schema', async () => {
  await applyAll(
    render({
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoComponentDeployment',
      metadata: { name: 'prefill' },
      spec: {
        backendFramework: 'vllm',
        componentType: 'worker',
        replicas: 1,
        extraPodSpec: { mainContainer: { image, command: main.command, args: main.args } },
      },
    }),
  );
  await setDeploymentStatus('prefill', 1);
  const dcd = await env.kube.waitForCondition<any>(
    'nvidia.com/v1alpha1',
    'DynamoComponentDeployment',
    'prefill',
    env.ns,
    'Available',
    WAIT,
  );
  expect(dcd.status.service).toEqual({
    componentKind: 'Deployment',
    componentNames: ['prefill'],
    componentName: 'prefill',
    replicas: 1,
    updatedReplicas: 1,
    readyReplicas: 1,
    availableReplicas: 1,
  });
});

test("status.checkpoints: the referenced checkpoint's name and ID, ready once its Job succeeded", async () => {
  const checkpoint = {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoCheckpoint',
    metadata: { name: 'qwen-ckpt' },
    spec: {
      identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm' },
      job: { podTemplateSpec: { spec: { containers: [main] } } },
    },
  };
  const graph = {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'ck' },
    spec: {
      backendFramework: 'vllm',
      components: [
        { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [{ name: 'main', image }] } } },
        {
          name: 'worker',
          type: 'worker',
          podTemplate: { spec: { containers: [main] } },
          experimental: { checkpoint: { enabled: true, checkpointRef: 'qwen-ckpt' } },
        },
      ],
    },
  };
  await applyAll(render(graph, checkpoint));
  const creating = await env.kube.waitFor<any>(
    'nvidia.com/v1beta1',
    'DynamoGraphDeployment',
    'ck',
    env.ns,
    (o: any) => !!o?.status?.checkpoints?.worker?.checkpointID,
    { ...WAIT, what: 'status.checkpoints with the ID' },
  );
  const ckpt = await env.kube.waitFor<any>(
    'nvidia.com/v1alpha1',
    'DynamoCheckpoint',
    'qwen-ckpt',
    env.ns,
    (o: any) => !!o?.status?.jobName,
    { ...WAIT, what: 'checkpoint Job' },
  );
  expect(creating.status.checkpoints).toEqual({
    worker: {
      checkpointName: 'qwen-ckpt',
      checkpointID: ckpt.status.checkpointID,
      identityHash: ckpt.status.checkpointID,
      ready: false,
    },
  });
  // The Job controller's part: the checkpoint Job succeeded.
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const cond = (type: string) => ({
    type,
    status: 'True',
    reason: 'CompletionsReached',
    message: 'done',
    lastProbeTime: now,
    lastTransitionTime: now,
  });
  await env.kube.request(
    'PATCH',
    `/apis/batch/v1/namespaces/${env.ns}/jobs/${ckpt.status.jobName}/status`,
    {
      status: {
        startTime: now,
        completionTime: now,
        succeeded: 1,
        conditions: [cond('SuccessCriteriaMet'), cond('Complete')],
      },
    },
    'application/merge-patch+json',
  );
  await env.kube.waitFor<any>(
    'nvidia.com/v1alpha1',
    'DynamoCheckpoint',
    'qwen-ckpt',
    env.ns,
    (o: any) => o?.status?.phase === 'Ready',
    { ...WAIT, what: 'checkpoint Ready' },
  );
  await env.kube.waitFor<any>(
    'nvidia.com/v1beta1',
    'DynamoGraphDeployment',
    'ck',
    env.ns,
    (o: any) => o?.status?.checkpoints?.worker?.ready === true,
    { ...WAIT, what: 'checkpoint ready in the graph status' },
  );
});
