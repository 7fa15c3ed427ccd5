/**
 * DynamoCheckpoint lifecycle against the real API server, with the operator running in-process.
 * There is no Job controller in the test cluster, so the test writes the Job's status the way
 * the Job controller would (succeeded, failed), deletes a Job, and restarts the operator while a
 * checkpoint is being created.
 */
import { checkpointIdentityHash } from '../../src/api';
import { runOperator } from '../../src/operator/run';
import { OPERATOR_NAME, renderPlatform } from '../../src/platform/platform';
import { ServerObject, podSecurityLabels, uniqueName } from './kube';
import { operatorApi, operatorNamespace, startOperator, testConfig, testLogger } from './operator-harness';

const CKPT = 'nvidia.com/v1alpha1';
const KIND = 'DynamoCheckpoint';
const ID_LABEL = 'nvidia.com/snapshot-checkpoint-id';
// Generous: two cores are shared by several test runs.
const WAIT = { timeoutMs: 60_000 };

const env = operatorNamespace('op-ckpt');

const identity = (model: string) => ({ model, backendFramework: 'vllm' as const });

function checkpoint(name: string, model: string, namespace = env.ns): ServerObject {
  return {
    apiVersion: CKPT,
    kind: KIND,
    metadata: { name, namespace },
    spec: {
      identity: identity(model),
      job: {
        podTemplateSpec: {
          spec: {
            containers: [
              { name: 'main', image: 'registry.example/vllm-runtime:1', command: ['python3', '-m', 'dynamo.vllm'] },
            ],
          },
        },
      },
    },
  } as ServerObject;
}

const phaseOf = (o: ServerObject | undefined) => (o as any)?.status?.phase;
const conditionOf = (o: ServerObject | undefined, type: string) =>
  ((o as any)?.status?.conditions ?? []).find((c: any) => c.type === type);
const jobNameOf = (model: string) => `checkpoint-job-${checkpointIdentityHash(identity(model))}-1`;

async function creating(name: string, model: string): Promise<ServerObject> {
  await env.kube.create(checkpoint(name, model));
  return (await env.kube.waitFor(CKPT, KIND, name, env.ns, (o) => phaseOf(o) === 'Creating', {
    ...WAIT,
    what: 'phase Creating',
  }))!;
}

/** What the Job controller writes when the Job's pod succeeds or fails. */
async function finishJob(jobName: string, outcome: 'Complete' | 'Failed', namespace = env.ns): Promise<void> {
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const cond = (type: string, reason: string) => ({
    type,
    status: 'True',
    reason,
    message: reason,
    lastProbeTime: now,
    lastTransitionTime: now,
  });
  const status =
    outcome === 'Complete'
      ? {
          startTime: now,
          completionTime: now,
          succeeded: 1,
          conditions: [cond('SuccessCriteriaMet', 'CompletionsReached'), cond('Complete', 'CompletionsReached')],
        }
      : {
          startTime: now,
          failed: 1,
          conditions: [cond('FailureTarget', 'BackoffLimitExceeded'), cond('Failed', 'BackoffLimitExceeded')],
        };
  await env.kube.request(
    'PATCH',
    `/apis/batch/v1/namespaces/${namespace}/jobs/${jobName}/status`,
    { status },
    'application/merge-patch+json',
  );
}

test('Pending → Creating: the Job is built from the identity, owned by the checkpoint', async () => {
  const ckpt = await creating('llama', 'meta-llama/Llama-2-7b-hf');
  const status = (ckpt as any).status;
  expect(status.checkpointID).toBe('96429b2725761a09');
  expect(status.jobName).toBe('checkpoint-job-96429b2725761a09-1');
  expect(status.location).toBe('/checkpoints/96429b2725761a09/versions/1');
  expect(conditionOf(ckpt, 'JobCreated')).toMatchObject({
    status: 'True',
    reason: 'JobCreated',
    message: 'Checkpoint job checkpoint-job-96429b2725761a09-1 created',
  });
  expect(ckpt.metadata.labels?.[ID_LABEL]).toBe('96429b2725761a09');

  const job = (await env.kube.get('batch/v1', 'Job', status.jobName, env.ns)) as any;
  expect(job.metadata.ownerReferences).toEqual([
    expect.objectContaining({ kind: KIND, name: 'llama', uid: ckpt.metadata.uid, controller: true }),
  ]);
  expect(job.spec).toMatchObject({ backoffLimit: 0, ttlSecondsAfterFinished: 300, activeDeadlineSeconds: 3600 });
  expect(job.spec.template.metadata.labels).toMatchObject({
    'nvidia.com/snapshot-is-checkpoint-source': 'true',
    [ID_LABEL]: '96429b2725761a09',
  });
});

test('Creating → Ready when the Job succeeds', async () => {
  await finishJob(jobNameOf('meta-llama/Llama-2-7b-hf'), 'Complete');
  const ready = await env.kube.waitFor(CKPT, KIND, 'llama', env.ns, (o) => phaseOf(o) === 'Ready', {
    ...WAIT,
    what: 'phase Ready',
  });
  expect(conditionOf(ready, 'JobCompleted')).toMatchObject({
    status: 'True',
    reason: 'JobSucceeded',
    message: 'Checkpoint job completed, available at /checkpoints/96429b2725761a09/versions/1',
  });
  expect((ready as any).status.createdAt).toEqual(expect.any(String));
  expect((ready as any).status.message ?? '').toBe('');
});

test('Creating → Failed when the Job fails', async () => {
  await creating('qwen-fails', 'Qwen/Qwen3-0.6B');
  await finishJob(jobNameOf('Qwen/Qwen3-0.6B'), 'Failed');
  const failed = await env.kube.waitFor(CKPT, KIND, 'qwen-fails', env.ns, (o) => phaseOf(o) === 'Failed', {
    ...WAIT,
    what: 'phase Failed',
  });
  expect((failed as any).status.message).toBe('Checkpoint job failed');
  expect(conditionOf(failed, 'JobCompleted')).toMatchObject({
    status: 'False',
    reason: 'JobFailed',
    message: 'Checkpoint job failed',
  });
});

test('Creating → Failed when the Job is deleted', async () => {
  await creating('deleted-job', 'Qwen/Qwen3-8B');
  await env.kube.delete('batch/v1', 'Job', jobNameOf('Qwen/Qwen3-8B'), env.ns);
  const failed = await env.kube.waitFor(CKPT, KIND, 'deleted-job', env.ns, (o) => phaseOf(o) === 'Failed', {
    ...WAIT,
    what: 'phase Failed',
  });
  expect((failed as any).status.message).toBe('checkpoint job was deleted');
  expect(conditionOf(failed, 'JobCreated')).toMatchObject({
    status: 'False',
    reason: 'JobDeleted',
    message: 'Checkpoint job was deleted',
  });
});

test('the same identity requested twice: one Job, the later checkpoint fails naming the owner', async () => {
  await creating('first', 'mistralai/Mistral-7B');
  await env.kube.create(checkpoint('second', 'mistralai/Mistral-7B'));
  const dup = await env.kube.waitFor(CKPT, KIND, 'second', env.ns, (o) => phaseOf(o) === 'Failed', {
    ...WAIT,
    what: 'phase Failed',
  });
  const id = checkpointIdentityHash(identity('mistralai/Mistral-7B'));
  expect((dup as any).status.message).toBe(`checkpoint ID ${id} is already owned by first`);
  const jobs = await env.kube.list('batch/v1', 'Job', { namespace: env.ns, labelSelector: `${ID_LABEL}=${id}` });
  expect(jobs.map((j) => j.metadata.name)).toEqual([jobNameOf('mistralai/Mistral-7B')]);
  expect((jobs[0].metadata as any).ownerReferences[0]).toMatchObject({ name: 'first' });
  // The owner is unaffected.
  expect(phaseOf(await env.kube.get(CKPT, KIND, 'first', env.ns))).toBe('Creating');
});

test('an operator restart mid-lifecycle picks up where it left off, without a second Job', async () => {
  await creating('restart', 'google/gemma-2b');
  const jobName = jobNameOf('google/gemma-2b');
  const before = await env.kube.get('batch/v1', 'Job', jobName, env.ns);
  await env.operator.stop();
  // The Job finishes while no operator runs.
  await finishJob(jobName, 'Complete');
  env.operator = await startOperator(env.api);
  const ready = await env.kube.waitFor(CKPT, KIND, 'restart', env.ns, (o) => phaseOf(o) === 'Ready', {
    ...WAIT,
    what: 'phase Ready after restart',
  });
  expect(conditionOf(ready, 'JobCompleted')).toMatchObject({ status: 'True', reason: 'JobSucceeded' });
  expect((await env.kube.get('batch/v1', 'Job', jobName, env.ns))?.metadata.uid).toBe(before?.metadata.uid);
});

test('platform: the rendered RBAC is all the checkpoint controller needs, and the agent objects apply', async () => {
  const opNs = uniqueName('op-ckpt-rbac');
  await env.kube.createNamespace(opNs, podSecurityLabels('restricted'));
  const objs = renderPlatform({
    namespace: opNs,
    scope: 'namespace',
    version: '0.0.0',
    crds: false,
    checkpointAgent: { image: 'registry.example/snapshot-agent:1' },
  }) as ServerObject[];
  for (const o of objs) await env.kube.apply(o);
  expect(
    (await env.kube.get('apps/v1', 'DaemonSet', 'dynamo-checkpoint-agent', `${opNs}-checkpoint-agent`))?.metadata.uid,
  ).toBeTruthy();

  const impersonated = operatorApi({ impersonate: `system:serviceaccount:${opNs}:${OPERATOR_NAME}` });
  const r = runOperator(impersonated, testConfig({ scope: 'namespace', namespace: opNs }), testLogger());
  try {
    await env.kube.create(checkpoint('rbac', 'Qwen/Qwen3-0.6B', opNs));
    const done = await env.kube.waitFor(CKPT, KIND, 'rbac', opNs, (o) => phaseOf(o) === 'Creating', {
      ...WAIT,
      what: 'phase Creating',
    });
    expect(done?.metadata.labels?.[ID_LABEL]).toBe(checkpointIdentityHash(identity('Qwen/Qwen3-0.6B')));
    await finishJob(jobNameOf('Qwen/Qwen3-0.6B'), 'Complete', opNs);
    await env.kube.waitFor(CKPT, KIND, 'rbac', opNs, (o) => phaseOf(o) === 'Ready', { ...WAIT, what: 'phase Ready' });
  } finally {
    await r.shutdown();
    impersonated.close();
  }
  expect(await r.done).toBe(0);
});
