/** Per-graph object lists for the layout, from graphs that already passed validation. */
import type { ValidatedGraph } from '../api/validated-graph';
import { KubeObject } from '../api/k8s-types';
import { ResolvedSettings } from '../api/settings';
import { objectKey, renderGraph, RenderOptions } from '../render';
import { GraphObjects } from './layout';

export interface GraphSplit {
  readonly graphs: GraphObjects[];
  /** Objects of `all` that no graph rendered (pass-through DynamoModel, DynamoCheckpoint). */
  readonly shared: KubeObject[];
}

/** Renders each graph on its own, so objects several graphs share are known as such. */
export function splitByGraph(
  models: readonly ValidatedGraph[],
  all: readonly KubeObject[],
  settings: ResolvedSettings,
  options: RenderOptions = {},
): GraphSplit {
  const graphs = models.map((m) => ({
    name: m.name,
    namespace: m.namespace,
    objects: renderGraph(m, settings, options),
  }));
  const inGraphs = new Set(graphs.flatMap((g) => g.objects.map(objectKey)));
  return { graphs, shared: all.filter((o) => !inGraphs.has(objectKey(o))) };
}
