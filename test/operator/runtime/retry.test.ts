import { ApiError } from '../../../src/operator/runtime/kube/errors';
import { retryOnConflict } from '../../../src/operator/runtime/retry';

const conflict = () => new ApiError('PUT', '/x', 409, { reason: 'Conflict' });

test('retries a 409 Conflict and returns the first success', async () => {
  let calls = 0;
  const result = await retryOnConflict(async () => {
    if (++calls < 3) throw conflict();
    return 'ok';
  });
  expect(result).toBe('ok');
  expect(calls).toBe(3);
});

test('gives up after maxAttempts and rethrows the conflict', async () => {
  let calls = 0;
  await expect(
    retryOnConflict(async () => {
      calls++;
      throw conflict();
    }, 4),
  ).rejects.toMatchObject({ status: 409 });
  expect(calls).toBe(4);
});

test('does not retry other errors, nor AlreadyExists', async () => {
  let calls = 0;
  await expect(
    retryOnConflict(async () => {
      calls++;
      throw new ApiError('POST', '/x', 409, { reason: 'AlreadyExists' });
    }),
  ).rejects.toMatchObject({ status: 409 });
  expect(calls).toBe(1);
});
