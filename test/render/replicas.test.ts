/** The ownership contract for replicas, as the render and the operator both read it (replicas.ts). */
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
