/** API errors and how the controllers classify them (retry, ignore, metrics label). */
import { ApiException } from './client-node';

/** The metav1.Status body the API server sends with an error. */
export interface StatusBody {
  readonly kind?: string;
  readonly code?: number;
  readonly reason?: string;
  readonly message?: string;
  readonly details?: { readonly causes?: ReadonlyArray<{ reason?: string; message?: string; field?: string }> };
}

/** A non-2xx answer; client-node's ApiException with a one-line message and the Status fields. */
export class ApiError extends ApiException<StatusBody | string | undefined> {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    body: StatusBody | string | undefined,
  ) {
    super(status, 'request failed', body, {});
    const detail = typeof body === 'object' && body.message ? body.message : JSON.stringify(body ?? null);
    this.message = `${method} ${path} -> ${status}: ${detail}`;
    this.name = 'ApiError';
  }

  private get statusBody(): StatusBody | undefined {
    return typeof this.body === 'object' ? this.body : undefined;
  }

  /** metav1.Status reason: NotFound, AlreadyExists, Conflict, Invalid, Forbidden, ... */
  get reason(): string | undefined {
    return this.statusBody?.reason;
  }

  /** Field-level causes of an Invalid error. */
  get causes(): ReadonlyArray<{ reason?: string; message?: string; field?: string }> {
    return this.statusBody?.details?.causes ?? [];
  }
}

const statusOf = (err: unknown): number | undefined => (err instanceof ApiError ? err.status : undefined);

export const isNotFound = (err: unknown): boolean => statusOf(err) === 404;
export const isForbidden = (err: unknown): boolean => statusOf(err) === 403;
export const isConflict = (err: unknown): boolean =>
  statusOf(err) === 409 && (err as ApiError).reason !== 'AlreadyExists';
export const isAlreadyExists = (err: unknown): boolean =>
  statusOf(err) === 409 && (err as ApiError).reason === 'AlreadyExists';
/** 410 Gone, as a response or as an ERROR event inside a watch stream. */
export const isGone = (err: unknown): boolean => statusOf(err) === 410;

/** The upstream `error_type` label values of `dynamo_operator_reconcile_errors_total`. */
export function errorType(err: unknown): string {
  const status = statusOf(err);
  if (status === undefined) return 'internal';
  if (status === 409) return isAlreadyExists(err) ? 'already_exists' : 'conflict';
  return ERROR_TYPES[status] ?? 'internal';
}

const ERROR_TYPES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'timeout',
  422: 'validation',
  429: 'rate_limited',
  503: 'unavailable',
  504: 'server_timeout',
};
