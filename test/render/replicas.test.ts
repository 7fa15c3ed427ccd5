/** The ownership contract for replicas, as the render and the operator both read it (replicas.ts). */
import { leaderWorkerSetNames } from '../../src/render/multinode/lws';
import { requestedReplicas, scalingAdapterOwnsReplicas } from '../../src/render/replicas';
import { component } from './builders';

const worker = (over: Parameters<typeof component>[0]) => component({ type: 'worker', ...over });

test('a scaling adapter owns the count; without one the component asks for its replicas, 1 when unset', () => {
  expect(scalingAdapterOwnsReplicas(worker({ name: 'w', scalingAdapter: true }))).toBe(true);
  expect(scalingAdapterOwnsReplicas(worker({ name: 'w', scalingAdapter: false }))).toBe(false);
  expect(requestedReplicas(worker({ name: 'w', replicas: 3 }))).toBe(3);
  expect(requestedReplicas(worker({ name: 'w', replicas: 0 }))).toBe(0);
  expect(requestedReplicas(worker({ name: 'w', replicas: undefined }))).toBe(1);
});

test('LeaderWorkerSet names: one per replica, or a single one whose group count the adapter owns', () => {
  expect(leaderWorkerSetNames('g-w', worker({ name: 'w', replicas: 3 }))).toEqual(['g-w-0', 'g-w-1', 'g-w-2']);
  expect(leaderWorkerSetNames('g-w', worker({ name: 'w', replicas: 3, scalingAdapter: true }))).toEqual(['g-w']);
  expect(leaderWorkerSetNames('g-w', worker({ name: 'w', replicas: 0 }))).toEqual([]);
});
