/** The checkpoint reconciler against a scripted API: each phase step and the requests it makes. */
import { checkpointIdentityHash } from '../../../../src/api';
import { CheckpointReconciler } from '../../../../src/operator/controllers/checkpoints/reconciler';
import { Checkpoint, Job } from '../../../../src/operator/controllers/kinds';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import { alreadyExists, cacheOf, eventsOf, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const NOW = Date.parse('2026-11-23T10:00:00Z');
const identity = (model: string) => ({ model, backendFramework: 'vllm' as const });
const idOf = (model: string) => checkpointIdentityHash(identity(model));
const jobNameOf = (model: string) => `checkpoint-job-${idOf(model)}-1`;

function checkpoint(
  name: string,
  model: string,
  opts: { status?: Checkpoint['status']; created?: string; labelled?: boolean } = {},
): Checkpoint {
  return {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoCheckpoint',
    metadata: {
      name,
      namespace: NS,
      uid: `uid-${name}`,
      creationTimestamp: opts.created ?? '2026-11-23T09:00:00Z',
      ...(opts.labelled === false ? {} : { labels: { 'nvidia.com/snapshot-checkpoint-id': idOf(model) } }),
    },
    spec: {
      identity: identity(model),
      job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: 'registry.example/vllm-runtime:1' }] } } },
    },
    ...(opts.status ? { status: opts.status } : {}),
  };
}

function job(model: string, owner: string, conditions: Array<{ type: string; status: string }> = []): Job {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: jobNameOf(model),
      namespace: NS,
      ownerReferences: [
        {
          apiVersion: 'nvidia.com/v1alpha1',
          kind: 'DynamoCheckpoint',
          name: owner,
          uid: `uid-${owner}`,
          controller: true,
        },
      ],
    },
    status: { conditions },
  };
}

function setup(checkpoints: Checkpoint[], jobs: Job[] = []) {
  const api = new ScriptedApi();
  for (const c of checkpoints) api.objects.set(`${NS}/${c.metadata.name}`, c);
  const ctx = reconcilerContext(api);
  ctx.clock.advance(NOW);
  const caches = { checkpoints: cacheOf(RESOURCES.checkpoint, checkpoints), jobs: cacheOf(RESOURCES.job, jobs) };
  const reconciler = new CheckpointReconciler({
    ...ctx,
    ...caches,
    storage: { pvcName: 'snapshot-pvc', basePath: '/checkpoints' },
  });
  return { api, caches, reconciler };
}

const creating = (model: string) => ({
  phase: 'Creating',
  jobName: jobNameOf(model),
  checkpointID: idOf(model),
  conditions: [],
});

test('Pending → Creating: labels the checkpoint with its ID, creates the owned Job, records JobCreated', async () => {
  const { api, reconciler } = setup([checkpoint('llama', 'meta-llama/Llama-2-7b-hf', { labelled: false })]);
  await reconciler.reconcile(`${NS}/llama`);
  expect(api.writes()).toEqual([
    'mergePatch DynamoCheckpoint ml/llama',
    'mergePatch DynamoCheckpoint ml/llama/status',
    'create Job ml/checkpoint-job-96429b2725761a09-1',
    'mergePatch DynamoCheckpoint ml/llama/status',
  ]);
  expect(api.bodies('mergePatch')[0]).toEqual({
    metadata: { labels: { 'nvidia.com/snapshot-checkpoint-id': '96429b2725761a09' } },
  });
  expect(api.bodies('create', { kind: 'Job' })[0]).toMatchObject({
    metadata: { ownerReferences: [{ kind: 'DynamoCheckpoint', name: 'llama', uid: 'uid-llama', controller: true }] },
    spec: { backoffLimit: 0 },
  });
  expect(api.bodies('mergePatch')[2]).toMatchObject({
    status: {
      checkpointID: '96429b2725761a09',
      phase: 'Creating',
      jobName: 'checkpoint-job-96429b2725761a09-1',
      location: '/checkpoints/96429b2725761a09/versions/1',
      conditions: [
        { type: 'JobCreated', status: 'True', reason: 'JobCreated', lastTransitionTime: '2026-11-23T10:00:00Z' },
      ],
    },
  });
  expect(eventsOf(api)).toEqual([['JobCreated', 'Created checkpoint job checkpoint-job-96429b2725761a09-1', 'llama']]);
});

test('a Job that exists already (AlreadyExists) is read, never created twice', async () => {
  const model = 'Qwen/Qwen3-0.6B';
  const { api, reconciler } = setup([checkpoint('q', model, { status: { phase: 'Pending' } })]);
  api.answer('create', { kind: 'Job' }, alreadyExists(jobNameOf(model)));
  api.answer('get', { kind: 'Job' }, job(model, 'q'));
  await reconciler.reconcile(`${NS}/q`);
  expect(api.writes()).toEqual(['create Job ml/' + jobNameOf(model), 'mergePatch DynamoCheckpoint ml/q/status']);
  expect(api.bodies('mergePatch')[0]).toMatchObject({ status: { phase: 'Creating' } });
});

test("a Job name still held by an earlier checkpoint's Job: nothing is written, and it looks again in 5 s", async () => {
  const model = 'Qwen/Qwen3-0.6B';
  const { api, reconciler } = setup([checkpoint('q', model, { status: { phase: 'Pending' } })], [job(model, 'gone')]);
  expect(await reconciler.reconcile(`${NS}/q`)).toEqual({ requeueAfterMs: 5_000 });
  expect(api.writes()).toEqual([]);
});

test('Creating → Ready when the Job completes; → Failed when it fails, is deleted, or the agent reports a failure', async () => {
  const model = 'google/gemma-2b';
  const cases: Array<[Job | undefined, object]> = [
    [
      job(model, 'g', [{ type: 'Complete', status: 'True' }]),
      {
        phase: 'Ready',
        createdAt: '2026-11-23T10:00:00Z',
        conditions: [expect.objectContaining({ type: 'JobCompleted', reason: 'JobSucceeded' })],
      },
    ],
    [job(model, 'g', [{ type: 'Failed', status: 'True' }]), { phase: 'Failed', message: 'Checkpoint job failed' }],
    [
      undefined,
      {
        phase: 'Failed',
        message: 'checkpoint job was deleted',
        conditions: [expect.objectContaining({ type: 'JobCreated', status: 'False', reason: 'JobDeleted' })],
      },
    ],
  ];
  for (const [j, status] of cases) {
    const { api, reconciler } = setup([checkpoint('g', model, { status: creating(model) })], j ? [j] : []);
    await reconciler.reconcile(`${NS}/g`);
    expect(api.bodies('mergePatch')).toEqual([{ status: expect.objectContaining(status) }]);
  }
  const running = setup([checkpoint('g', model, { status: creating(model) })], [job(model, 'g')]);
  await running.reconciler.reconcile(`${NS}/g`);
  expect(running.api.calls).toEqual([]);
});

test('the same identity twice: the later one fails naming the owner, with a reason saying why, and gets no Job', async () => {
  const model = 'mistralai/Mistral-7B';
  const first = checkpoint('first', model, { created: '2026-11-23T09:00:00Z', status: creating(model) });
  const second = checkpoint('second', model, { created: '2026-11-23T09:05:00Z' });
  const { api, reconciler } = setup([first, second], [job(model, 'first')]);
  await reconciler.reconcile(`${NS}/second`);
  expect(api.writes()).toEqual(['mergePatch DynamoCheckpoint ml/second/status']);
  expect(api.bodies('mergePatch')[0]).toMatchObject({
    status: {
      phase: 'Failed',
      message: `checkpoint ID ${idOf(model)} is already owned by first`,
      conditions: [
        {
          type: 'JobCreated',
          status: 'False',
          reason: 'DuplicateCheckpointID',
          message: `checkpoint ID ${idOf(model)} is already owned by first`,
        },
      ],
    },
  });
  expect(eventsOf(api)).toEqual([
    ['CheckpointFailed', `checkpoint ID ${idOf(model)} is already owned by first`, 'second'],
  ]);
});

test('a duplicate takes over once the owner is gone: decided by its condition reason, whatever the message says', async () => {
  const model = 'mistralai/Mistral-7B';
  const duplicate = {
    phase: 'Failed',
    message: 'any wording',
    jobName: '',
    conditions: [
      {
        type: 'JobCreated',
        status: 'False' as const,
        reason: 'DuplicateCheckpointID',
        message: 'm',
        lastTransitionTime: 't',
      },
    ],
  };
  const { api, reconciler } = setup([checkpoint('second', model, { status: duplicate })]);
  await reconciler.reconcile(`${NS}/second`);
  expect(api.writes()).toEqual([
    'mergePatch DynamoCheckpoint ml/second/status',
    'create Job ml/' + jobNameOf(model),
    'mergePatch DynamoCheckpoint ml/second/status',
  ]);
  // A failure for another reason, with the old message wording, stays failed.
  const other = {
    phase: 'Failed',
    message: `checkpoint ID ${idOf(model)} is already owned by first`,
    jobName: jobNameOf(model),
    conditions: [],
  };
  const failed = setup([checkpoint('second', model, { status: { ...other, checkpointID: idOf(model) } })]);
  await failed.reconciler.reconcile(`${NS}/second`);
  expect(failed.api.writes()).toEqual([]);
});

test('an invalid checkpoint fails with the field to fix and gets no Job; once is enough', async () => {
  const invalid = {
    ...checkpoint('bad', 'x'),
    spec: { identity: { model: 'x', backendFramework: 'no-such-engine' }, job: {} },
  };
  const { api, reconciler, caches } = setup([invalid]);
  await reconciler.reconcile(`${NS}/bad`);
  expect(api.writes()).toEqual(['mergePatch DynamoCheckpoint ml/bad/status']);
  expect(api.bodies('mergePatch')[0]).toMatchObject({
    status: {
      phase: 'Failed',
      message: expect.stringMatching(/^invalid DynamoCheckpoint: spec\.identity\.backendFramework/),
    },
  });
  expect(caches.checkpoints.get(NS, 'bad')?.status?.phase).toBe('Failed');
  await reconciler.reconcile(`${NS}/bad`);
  expect(api.writes()).toHaveLength(1);
});
