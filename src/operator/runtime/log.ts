/** Structured JSON logs on stdout (pino), one line per record, as log collectors expect. */
import pino, { Logger } from 'pino';

export function createLogger(level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    { level, base: { component: 'dynamo-iac-operator' }, timestamp: pino.stdTimeFunctions.isoTime },
    destination,
  );
}

/**
 * An error as one line with its causes: Node's fetch says only `TypeError: fetch failed` and
 * keeps why (`connect ECONNREFUSED 127.0.0.1:6443`, a TLS or DNS failure) in `cause`.
 */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    const errors = (current as { errors?: unknown }).errors;
    // Happy eyeballs tries every address: an AggregateError with one error per address.
    if (Array.isArray(errors) && errors.length > 0 && !(current as Error).message) {
      parts.push([...new Set(errors.map((e) => String(e)))].join(', '));
    } else {
      parts.push(String(current));
    }
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(': caused by ');
}
