/** Exponential backoff: base · 2^failures, capped. */
export interface BackoffOptions {
  readonly baseMs: number;
  readonly maxMs: number;
}

export function backoffDelay(failures: number, opts: BackoffOptions): number {
  // 2^failures overflows to Infinity long after it passed any sane cap; min() handles both.
  return Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, failures));
}
