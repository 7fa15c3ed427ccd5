/** The restart controller: keyed by graph, woken by its graph and its workloads (a workload becoming ready moves a Sequential restart on). */
import { graphController } from '../graphs';
import { RESOURCES } from '../resources';
import { RestartReconciler } from './reconciler';

export const restarts = graphController(
  'restarts',
  RESOURCES.dgdV1beta1.kind,
  (ctx, sources) => new RestartReconciler({ ...ctx, ...sources }),
);
