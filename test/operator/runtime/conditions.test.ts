import { setCondition } from '../../../src/operator/runtime/conditions';

test('lastTransitionTime moves only when a condition changes status', () => {
  const first = setCondition([], { type: 'X', status: 'True', reason: 'A', message: 'm' }, 'T1');
  expect(
    setCondition(first, { type: 'X', status: 'True', reason: 'B', message: 'n' }, 'T2')[0].lastTransitionTime,
  ).toBe('T1');
  expect(
    setCondition(first, { type: 'X', status: 'False', reason: 'B', message: 'n' }, 'T2')[0].lastTransitionTime,
  ).toBe('T2');
});
