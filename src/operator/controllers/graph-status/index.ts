/** The graph-status controller: keyed by graph, woken by its graph, adapters and workloads. */
import { graphController } from '../graphs';
import { RESOURCES } from '../resources';
import { GraphStatusReconciler } from './reconciler';

export const graphStatus = graphController('graph-status', RESOURCES.dgdV1beta1.kind, (ctx, sources) => new GraphStatusReconciler({ ...ctx, ...sources }));
