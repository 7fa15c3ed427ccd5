/**
 * `spec.restart` as upstream's graph controller steps through it, as pure functions: the next
 * `status.restart` from the current one and which components are done, and which components
 * carry the restart id in their pod-template annotation `nvidia.com/restartAt`.
 *
 * - A new `id` (differs from `status.restart.observedID`) starts a run: `Restarting`.
 * - Sequential (the default): one component at a time, in `strategy.order` or sorted by name;
 *   `inProgress` moves on once the current component is done, and the run is `Completed` after
 *   the last. Every component up to the current one carries the id.
 * - Parallel: every component at once (the rendered output carries the id); `inProgress` narrows
 *   to the components not yet done, then `Completed`.
 * - A finished run (`Completed`, `Failed`, `Superseded`) with the same id is left as it is; with
 *   no id, a finished status is kept and an unfinished one cleared.
 */
import { GraphModel, RestartModel } from '../../../api';
import { RestartStatus } from '../kinds';

const FINISHED: ReadonlyArray<RestartStatus['phase']> = ['Completed', 'Failed', 'Superseded'];

export const isParallel = (restart: RestartModel | undefined): boolean => restart?.strategy?.type === 'Parallel';

/** `strategy.order`, else upstream's default: the component names sorted. */
export function restartOrder(graph: GraphModel): string[] {
  const order = graph.restart?.strategy?.order;
  return order?.length ? [...order] : graph.components.map((c) => c.name).sort(byCodeUnit);
}

/** The status after this look at the workloads; `done(component)`: restarted with the current id and ready. */
export function nextRestartStatus(
  graph: GraphModel,
  current: RestartStatus | undefined,
  done: (component: string) => boolean,
): RestartStatus | undefined {
  const id = graph.restart?.id;
  if (!id) return current && FINISHED.includes(current.phase) ? current : undefined;
  const isNew = current?.observedID !== id;
  if (!isNew && FINISHED.includes(current?.phase)) return current;
  const order = restartOrder(graph);
  const restarting = (inProgress: string[]): RestartStatus => ({ observedID: id, phase: 'Restarting', inProgress });
  const completed: RestartStatus = { observedID: id, phase: 'Completed' };
  if (isParallel(graph.restart)) {
    const all = graph.components.map((c) => c.name).sort(byCodeUnit);
    if (isNew) return all.length ? restarting(all) : completed;
    const waiting = (current?.inProgress?.length ? current.inProgress : all).filter((c) => !done(c));
    return waiting.length ? restarting(waiting) : completed;
  }
  if (!order.length) return completed;
  const at = current?.inProgress?.[0];
  if (isNew || !at) return restarting([order[0]]);
  if (!done(at)) return restarting([at]);
  const i = order.indexOf(at);
  // The component left the graph: start over, as upstream does.
  if (i < 0) return restarting([order[0]]);
  return i + 1 < order.length ? restarting([order[i + 1]]) : completed;
}

/**
 * The components whose workloads must carry the id (Sequential only; a Parallel restart is in
 * the rendered output): all once Completed, else every one up to the last in progress.
 */
export function componentsToStamp(graph: GraphModel, status: RestartStatus | undefined): string[] {
  const id = graph.restart?.id;
  if (!id || isParallel(graph.restart) || status?.observedID !== id) return [];
  const order = restartOrder(graph);
  if (status.phase === 'Completed') return order;
  if (status.phase !== 'Restarting') return [];
  const last = Math.max(-1, ...(status.inProgress ?? []).map((c) => order.indexOf(c)));
  return order.slice(0, last + 1);
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
