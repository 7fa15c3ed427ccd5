/** The scaling-adapter controller: keyed by graph, woken by its graph, adapters and workloads. */
import { Controller } from '../../runtime/controller';
import { ControllerDefinition } from '../context';
import { enqueueGraphChanges, graphInformers, graphKeysIn } from '../graphs';
import { RESOURCES } from '../resources';
import { ScalingAdapterReconciler } from './reconciler';

export const scalingAdapters: ControllerDefinition = {
  name: 'scaling-adapters',
  async setup(ctx) {
    const sources = await graphInformers(ctx);
    const reconciler = new ScalingAdapterReconciler({ ...ctx, ...sources });
    const controller = new Controller({
      name: 'scaling-adapters',
      resourceType: RESOURCES.adapter.kind,
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
