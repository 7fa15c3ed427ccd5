/** Kubernetes MicroTime (Lease times): RFC 3339 with exactly six fractional digits. */
export function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** Milliseconds since the epoch; NaN when absent or malformed. */
export function parseTime(text: unknown): number {
  return typeof text === 'string' ? Date.parse(text) : NaN;
}
