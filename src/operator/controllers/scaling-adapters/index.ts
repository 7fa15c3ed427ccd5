/** The scaling-adapter controller: keyed by graph, woken by its graph, adapters and workloads. */
import { graphController } from '../graphs';
import { RESOURCES } from '../resources';
import { ScalingAdapterReconciler } from './reconciler';

export const scalingAdapters = graphController(
  'scaling-adapters',
  RESOURCES.adapter.kind,
  (ctx, sources) => new ScalingAdapterReconciler({ ...ctx, ...sources }),
);
