/**
 * V8's memory-saving heap sizing for the operator process. The operator mostly waits on the API
 * server; what it holds is its caches. With V8's default sizing, the startup wave (every
 * informer's first list, a reconcile of each graph by each controller) grows the heap to several
 * times that, and V8 keeps it: at 1,000 graphs RSS stayed at 224 MiB with 58 MiB of the heap in
 * use; with this, 124 MiB (docs/benchmarks.md). Node refuses the flag in NODE_OPTIONS, so the
 * operator sets it itself, before its caches fill. `DYNAMO_IAC_OPERATOR_HEAP=default` leaves V8's
 * default sizing (for comparisons).
 */
import { setFlagsFromString } from 'v8';

export function preferSmallHeap(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.DYNAMO_IAC_OPERATOR_HEAP === 'default') return false;
  setFlagsFromString('--optimize-for-size');
  return true;
}
