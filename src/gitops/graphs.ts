/** Per-graph object lists for the layout, from the render's own per-graph view (nothing renders again). */
import { KubeObject } from '../api/k8s-types';
import { GraphWithObjects, objectKey } from '../render';
import { GraphObjects } from './layout';

export interface GraphSplit {
  readonly graphs: GraphObjects[];
  /** Objects of `all` that no graph rendered (pass-through DynamoModel, DynamoCheckpoint). */
  readonly shared: KubeObject[];
}

/** Each graph's own objects into its folder; what several graphs share is in each of theirs. */
export function splitByGraph(rendered: readonly GraphWithObjects[], all: readonly KubeObject[]): GraphSplit {
  const graphs = rendered.map(({ graph, objects }) => ({ name: graph.name, namespace: graph.namespace, objects }));
  const inGraphs = new Set(graphs.flatMap((g) => g.objects.map(objectKey)));
  return { graphs, shared: all.filter((o) => !inGraphs.has(objectKey(o))) };
}
