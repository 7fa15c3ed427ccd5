/** Structured JSON logs on stdout (pino), one line per record, as log collectors expect. */
import pino, { Logger } from 'pino';

export function createLogger(level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    { level, base: { component: 'dynamo-iac-operator' }, timestamp: pino.stdTimeFunctions.isoTime },
    destination,
  );
}
