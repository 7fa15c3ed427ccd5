/** API errors and how the controllers classify them (retry, ignore, metrics label). */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: any,
  ) {
    super(`${method} ${path} -> ${status}: ${typeof body === 'object' && body?.message ? body.message : String(body)}`);
  }
  get reason(): string | undefined {
    return this.body?.reason;
  }
}

export const isNotFound = (err: unknown): boolean => err instanceof ApiError && err.status === 404;
export const isConflict = (err: unknown): boolean => err instanceof ApiError && err.status === 409 && err.reason !== 'AlreadyExists';
export const isAlreadyExists = (err: unknown): boolean => err instanceof ApiError && err.status === 409 && err.reason === 'AlreadyExists';
/** 410 Gone, as a response or as an ERROR event inside a watch stream. */
export const isGone = (err: unknown): boolean => (err as { status?: unknown } | undefined)?.status === 410;

/** The upstream `error_type` label values of `dynamo_operator_reconcile_errors_total`. */
export function errorType(err: unknown): string {
  if (!(err instanceof ApiError)) return 'internal';
  if (err.status === 404) return 'not_found';
  if (err.status === 409) return err.reason === 'AlreadyExists' ? 'already_exists' : 'conflict';
  if (err.status === 422) return 'validation';
  if (err.status === 400) return 'bad_request';
  if (err.status === 401) return 'unauthorized';
  if (err.status === 403) return 'forbidden';
  if (err.status === 408) return 'timeout';
  if (err.status === 504) return 'server_timeout';
  if (err.status === 503) return 'unavailable';
  if (err.status === 429) return 'rate_limited';
  return 'internal';
}
