/** Time and timers behind one interface, so queues, leases and backoff are testable without waiting. */
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  now(): number;
  setTimer(fn: () => void, delayMs: number): TimerHandle;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(fn, delayMs) {
    const t = setTimeout(fn, Math.max(0, delayMs));
    return { cancel: () => clearTimeout(t) };
  },
};

/** Resolves after `ms` on `clock`, or at once when `signal` aborts. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = clock.setTimer(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      timer.cancel();
      resolve();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
