/** Optimistic-concurrency retries: re-read and re-apply a change when the write hits a 409 Conflict. */
import { isConflict } from './kube/errors';

export async function retryOnConflict<T>(
  attempt: () => Promise<T>,
  maxAttempts = 5,
  retryable: (err: unknown) => boolean = isConflict,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (!retryable(err) || i >= maxAttempts) throw err;
    }
  }
}
