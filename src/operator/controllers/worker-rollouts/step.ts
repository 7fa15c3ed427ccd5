/**
 * One step of a worker rollout for one component, as a pure function: from the desired count
 * and what each generation has (replicas asked, replicas available, pods present), the replicas
 * each generation should have now. The rules, in our words:
 *
 * - Steady state (no other generation): the current one at `desired`.
 * - RollingUpdate: the old generations keep at least `desired - maxUnavailable` available
 *   replicas together with the current one's available ones (their not-ready replicas go first),
 *   and the current one grows while every generation's replicas sum to at most
 *   `desired + maxSurge`. So the current one only surges as far as readiness lets the old ones
 *   drain, and a current generation that never becomes ready never takes the old ones below
 *   that floor. Counts are replicas asked for (as the Deployment controller counts them).
 * - Recreate: every old generation, and the current one, to 0 first; the current one goes to
 *   `desired` once the old ones' pods are gone.
 *
 * A generation is drained when it asks for 0 and has no pod left; the component is done when
 * every old generation is drained and the current one has `desired` available.
 */

export type RolloutStrategy = 'RollingUpdate' | 'Recreate';

export interface GenerationState {
  readonly hash: string;
  /** `spec.replicas` as the cluster has it. */
  readonly replicas: number;
  /** Replicas available to serve. */
  readonly available: number;
  /** Pods the generation still has, ready or not (0 only when all are gone). */
  readonly pods: number;
}

export interface RolloutBounds {
  readonly strategy: RolloutStrategy;
  /** Absolute counts, already resolved against `desired` (rolloutBounds). */
  readonly maxSurge: number;
  readonly maxUnavailable: number;
}

export interface StepInput {
  readonly desired: number;
  /** Undefined while the current generation's workload does not exist yet. */
  readonly current?: GenerationState;
  /** The other generations, oldest first: that order breaks ties when draining. */
  readonly previous: readonly GenerationState[];
  readonly bounds: RolloutBounds;
}

export interface StepResult {
  /** Replicas per generation hash; a generation not listed is left as it is. */
  readonly replicas: Readonly<Record<string, number>>;
  /** Every old generation drained and the current one available at `desired`. */
  readonly done: boolean;
  /** Old generations asking for 0 with no pod left (before this step's writes). */
  readonly drained: readonly string[];
}

export const DEFAULT_MAX_SURGE = '25%';
export const DEFAULT_MAX_UNAVAILABLE = '25%';

/**
 * `"3"` or `"25%"` of `desired` (percentages round up for surge, down for unavailability);
 * undefined when the value is neither.
 */
export function resolveBound(value: string, desired: number, roundUp: boolean): number | undefined {
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const pct = /^(\d+)%$/.exec(v);
  if (!pct) return undefined;
  const exact = (desired * Number(pct[1])) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

/**
 * The bounds a component's annotations ask for, resolved against `desired`. An unreadable value
 * falls back to the default and is reported; when both resolve to 0, one replica may be
 * unavailable (otherwise no step could ever be taken).
 */
export function rolloutBounds(
  annotations: Readonly<Record<string, string>>,
  keys: { readonly strategy: string; readonly maxSurge: string; readonly maxUnavailable: string },
  desired: number,
): { bounds: RolloutBounds; problems: string[] } {
  const problems: string[] = [];
  const strategy: RolloutStrategy = annotations[keys.strategy] === 'Recreate' ? 'Recreate' : 'RollingUpdate';
  const read = (key: string, fallback: string, roundUp: boolean) => {
    const raw = annotations[key];
    const resolved = raw === undefined ? undefined : resolveBound(raw, desired, roundUp);
    if (raw !== undefined && resolved === undefined)
      problems.push(`${key}: ${JSON.stringify(raw)} is neither a count nor a percentage; using ${fallback}`);
    return resolved ?? (resolveBound(fallback, desired, roundUp) as number);
  };
  const maxSurge = read(keys.maxSurge, DEFAULT_MAX_SURGE, true);
  let maxUnavailable = read(keys.maxUnavailable, DEFAULT_MAX_UNAVAILABLE, false);
  if (maxSurge === 0 && maxUnavailable === 0) maxUnavailable = 1;
  return { bounds: { strategy, maxSurge, maxUnavailable }, problems };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export function rolloutStep(input: StepInput): StepResult {
  const { desired, current, previous, bounds } = input;
  const drained = previous.filter((g) => g.replicas === 0 && g.pods === 0).map((g) => g.hash);
  const replicas: Record<string, number> = {};
  // The new generation is not there yet (its objects not applied): hold every old one as it is.
  if (!current) return { replicas, done: false, drained };
  const available = Math.min(current.available, desired);
  const done = drained.length === previous.length && available >= desired && current.replicas === desired;
  if (previous.length === 0) return { replicas: { [current.hash]: desired }, done, drained };

  if (bounds.strategy === 'Recreate') {
    for (const g of previous) replicas[g.hash] = 0;
    const gone = previous.every((g) => g.replicas === 0 && g.pods === 0);
    // Not even the replica the API server defaults a new Deployment to: Recreate is for graphs
    // that cannot hold both generations at once.
    replicas[current.hash] = gone ? desired : 0;
    return { replicas, done, drained };
  }

  // Old replicas to keep: enough for the availability floor, never more than they have.
  const floor = Math.max(0, desired - bounds.maxUnavailable);
  const oldAsked = sum(previous.map((g) => g.replicas));
  const keep = Math.min(oldAsked, Math.max(0, floor - available));
  let cut = oldAsked - keep;
  const after = new Map(previous.map((g) => [g.hash, g.replicas]));
  // Not-ready replicas cost no availability: they go first, then ready ones, oldest generation first.
  for (const g of previous) {
    const c = Math.min(cut, Math.max(0, g.replicas - g.available));
    after.set(g.hash, g.replicas - c);
    cut -= c;
  }
  for (const g of previous) {
    const c = Math.min(cut, after.get(g.hash) as number);
    after.set(g.hash, (after.get(g.hash) as number) - c);
    cut -= c;
  }
  for (const [hash, n] of after) replicas[hash] = n;
  const room = Math.max(0, desired + bounds.maxSurge - (current.replicas + keep));
  replicas[current.hash] = Math.min(desired, current.replicas + room);
  return { replicas, done, drained };
}
