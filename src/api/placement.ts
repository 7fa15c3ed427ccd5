/** Explicit placement choices a front end can make for a graph; unset leaves upstream's rules in charge. */
import { GraphModel, Orchestrator } from './model';

export interface GraphPlacement {
  /**
   * What renders multinode components: `lws` (one LeaderWorkerSet per multinode component,
   * Deployments for the rest) or `grove` (one PodCliqueSet for the whole graph).
   * @default - upstream's rule: `grove` when the platform settings have `groveAvailable` and the
   * graph's `nvidia.com/enable-grove` annotation is not "false", else `lws`
   */
  readonly orchestrator?: Orchestrator;
  /**
   * @deprecated No effect, with a warning: a multinode component is one LeaderWorkerSet, whose
   * groups LeaderWorkerSet itself gang-schedules when its controller is set up for Volcano (as
   * upstream); no PodGroup or `schedulerName` is rendered.
   */
  readonly gangScheduling?: boolean;
  /**
   * Grove path: run pods under kai-scheduler, labelled with the queue named by the
   * `nvidia.com/kai-scheduler-queue` annotation.
   * @default false
   */
  readonly kaiScheduler?: boolean;
}

export function withPlacement(model: GraphModel, placement: GraphPlacement): GraphModel {
  const { orchestrator, gangScheduling, kaiScheduler } = placement;
  return {
    ...model,
    ...(orchestrator === undefined ? {} : { orchestrator }),
    ...(gangScheduling === undefined ? {} : { gangScheduling }),
    ...(kaiScheduler === undefined ? {} : { kaiScheduler }),
  };
}
