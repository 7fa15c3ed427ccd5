/** status.rollingUpdate transitions, table-style: what the reconciler saw → the status it writes. */
import { RollingUpdateStatus } from '../../../../src/operator/controllers/kinds';
import { nextRollingUpdate, RolloutObservation } from '../../../../src/operator/controllers/worker-rollouts/status';

const NOW = '2026-11-27T12:00:00.000Z';
const BEFORE = '2026-11-27T11:00:00.000Z';
const seen = (o: Partial<RolloutObservation>): RolloutObservation => ({
  oldGenerationsServing: false,
  currentMissing: false,
  updated: [],
  components: ['decode', 'prefill'],
  ...o,
});
const inProgress: RollingUpdateStatus = { phase: 'InProgress', startTime: BEFORE, updatedComponents: [] };
const completed: RollingUpdateStatus = {
  phase: 'Completed',
  startTime: BEFORE,
  endTime: BEFORE,
  updatedComponents: ['decode', 'prefill'],
};

test.each<[string, RollingUpdateStatus | undefined, RolloutObservation, RollingUpdateStatus | undefined]>([
  ['never rolled, nothing serving from an old generation: no status', undefined, seen({}), undefined],
  [
    'an old generation serving, the new one not applied: Pending from now',
    undefined,
    seen({ oldGenerationsServing: true, currentMissing: true }),
    { phase: 'Pending', startTime: NOW, updatedComponents: [] },
  ],
  [
    'Pending → InProgress keeps the start',
    { phase: 'Pending', startTime: BEFORE, updatedComponents: [] },
    seen({ oldGenerationsServing: true, updated: ['prefill'] }),
    { phase: 'InProgress', startTime: BEFORE, updatedComponents: ['prefill'] },
  ],
  [
    'old ones drained but a component not done (new one not ready): still InProgress',
    inProgress,
    seen({ updated: ['prefill'] }),
    { phase: 'InProgress', startTime: BEFORE, updatedComponents: ['prefill'] },
  ],
  [
    'every component done: Completed with endTime, every component listed',
    inProgress,
    seen({ updated: ['prefill', 'decode'] }),
    { phase: 'Completed', startTime: BEFORE, endTime: NOW, updatedComponents: ['decode', 'prefill'] },
  ],
  ['Completed stays as it was', completed, seen({ updated: ['decode', 'prefill'] }), completed],
  [
    'a new rollout after a Completed one: a new start, no endTime',
    completed,
    seen({ oldGenerationsServing: true }),
    { phase: 'InProgress', startTime: NOW, updatedComponents: [] },
  ],
])('%s', (_name, previous, observation, expected) => {
  expect(nextRollingUpdate(previous, observation, NOW, false)).toEqual(expected);
});

test('a v1alpha1-written record lists updatedServices', () => {
  expect(nextRollingUpdate(undefined, seen({ oldGenerationsServing: true }), NOW, true)).toEqual({
    phase: 'InProgress',
    startTime: NOW,
    updatedServices: [],
  });
});
