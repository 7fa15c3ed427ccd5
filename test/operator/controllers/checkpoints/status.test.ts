import { creatingStatus, owningCheckpoint } from '../../../../src/operator/controllers/checkpoints/status';
import { setCondition } from '../../../../src/operator/runtime/conditions';

const job = (conditions: object[], annotations?: Record<string, string>) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'j', namespace: 'n', ...(annotations ? { annotations } : {}) },
  status: { conditions },
});
const ANN = 'nvidia.com/snapshot-checkpoint-status';
const T0 = '2026-01-01T00:00:00Z';
const T1 = '2026-01-01T00:01:00Z';

test('a condition keeps its transition time while its status is unchanged', () => {
  const first = setCondition(undefined, { type: 'JobCreated', status: 'True', reason: 'JobCreated', message: 'a' }, T0);
  const same = setCondition(first, { type: 'JobCreated', status: 'True', reason: 'JobCreated', message: 'b' }, T1);
  expect(same).toEqual([
    { type: 'JobCreated', status: 'True', reason: 'JobCreated', message: 'b', lastTransitionTime: T0 },
  ]);
  const flipped = setCondition(same, { type: 'JobCreated', status: 'False', reason: 'JobDeleted', message: 'c' }, T1);
  expect(flipped[0].lastTransitionTime).toBe(T1);
});

test("a running Job changes nothing; the agent's failure report wins over Job completion", () => {
  expect(creatingStatus([], job([]), '/l', T0, ANN)).toBeUndefined();
  const verified = creatingStatus([], job([{ type: 'Complete', status: 'True' }], { [ANN]: 'failed' }), '/l', T0, ANN)!;
  expect(verified.status).toMatchObject({
    phase: 'Failed',
    message: 'Checkpoint job completed but snapshot-agent reported checkpoint failure',
  });
  expect((verified.status.conditions as any[])[0]).toMatchObject({
    type: 'JobCompleted',
    status: 'False',
    reason: 'CheckpointVerificationFailed',
  });
  const complete = creatingStatus(
    [],
    job([{ type: 'Complete', status: 'True' }], { [ANN]: 'completed' }),
    '/ckpt/x/versions/1',
    T0,
    ANN,
  )!;
  expect(complete.status).toMatchObject({ phase: 'Ready', createdAt: T0 });
  expect(complete.event).toEqual({
    type: 'Normal',
    reason: 'CheckpointReady',
    message: 'Checkpoint creation completed successfully',
  });
});

test('the earliest checkpoint of an ID owns it, then by name', () => {
  const ck = (name: string, creationTimestamp: string) => ({
    apiVersion: 'v',
    kind: 'k',
    metadata: { name, creationTimestamp },
  });
  expect(owningCheckpoint([ck('b', T1), ck('c', T0), ck('a', T1)])!.metadata.name).toBe('c');
  expect(owningCheckpoint([ck('b', T0), ck('a', T0)])!.metadata.name).toBe('a');
});
