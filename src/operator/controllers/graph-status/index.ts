/** The graph-status controller: keyed by graph, woken by its graph, adapters and workloads. */
import { Controller } from '../../runtime/controller';
import { ControllerDefinition } from '../context';
import { enqueueGraphChanges, graphInformers, graphKeysIn } from '../graphs';
import { RESOURCES } from '../resources';
import { GraphStatusReconciler } from './reconciler';

export const graphStatus: ControllerDefinition = {
  name: 'graph-status',
  async setup(ctx) {
    const sources = await graphInformers(ctx);
    const reconciler = new GraphStatusReconciler({ ...ctx, ...sources });
    const controller = new Controller({
      name: 'graph-status',
      resourceType: RESOURCES.dgdV1beta1.kind,
      reconcile: (key) => reconciler.reconcile(key),
      log: ctx.log,
      metrics: ctx.metrics,
      gate: ctx.gate,
      clock: ctx.clock,
      workers: ctx.config.workers,
      onResume: (ns) => graphKeysIn(sources.graphs, ns),
    });
    enqueueGraphChanges(sources, controller);
    return controller;
  },
};
