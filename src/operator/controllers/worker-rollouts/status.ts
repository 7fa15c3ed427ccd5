/**
 * `status.rollingUpdate` of a graph record, as a pure function of what the reconciler saw:
 * a rollout starts (Pending while a current generation's workload is not there yet, then
 * InProgress, with startTime) when an old generation still has replicas or pods, lists the
 * components done so far, and is Completed (with endTime) once every worker component is done.
 * A graph that never rolled gets no rollingUpdate at all.
 */
import { RollingUpdateStatus } from '../kinds';

export interface RolloutObservation {
  /** Some worker component has an old generation with replicas or pods left. */
  readonly oldGenerationsServing: boolean;
  /** Some worker component's current generation has no workload yet. */
  readonly currentMissing: boolean;
  /** Worker components done (old generations drained, current one available at desired). */
  readonly updated: readonly string[];
  /** Every worker component. */
  readonly components: readonly string[];
}

const inRollout = (s: RollingUpdateStatus | undefined) => s?.phase === 'Pending' || s?.phase === 'InProgress';

/** The next status; `previous` itself when nothing changes. `v1alpha1`: the list is `updatedServices`. */
export function nextRollingUpdate(
  previous: RollingUpdateStatus | undefined,
  seen: RolloutObservation,
  now: string,
  v1alpha1: boolean,
): RollingUpdateStatus | undefined {
  const rolling = inRollout(previous);
  if (!rolling && !seen.oldGenerationsServing) return previous;
  const key = v1alpha1 ? 'updatedServices' : 'updatedComponents';
  const startTime = (rolling && previous?.startTime) || now;
  const done = !seen.currentMissing && !seen.oldGenerationsServing && seen.updated.length === seen.components.length;
  if (done) return { phase: 'Completed', startTime, endTime: now, [key]: [...seen.components].sort() };
  return { phase: seen.currentMissing ? 'Pending' : 'InProgress', startTime, [key]: [...seen.updated].sort() };
}

/** Whether the status changed in what it says (a Completed one keeps its endTime). */
export function rollingUpdateChanged(next: RollingUpdateStatus | undefined, previous: RollingUpdateStatus | undefined) {
  if (next === previous) return false;
  if (!next || !previous) return true;
  const list = (s: RollingUpdateStatus) => JSON.stringify(s.updatedComponents ?? s.updatedServices ?? []);
  return (
    next.phase !== previous.phase ||
    next.startTime !== previous.startTime ||
    (next.phase !== 'Completed' && next.endTime !== previous.endTime) ||
    list(next) !== list(previous)
  );
}
