/**
 * The Grove path as the operator sees it. The render emits one PodCliqueSet named after the
 * graph; Grove creates from it, per component, a PodClique (single node) or a
 * PodCliqueScalingGroup (multinode) named `<graph>-0-<lower(component)>`. Grove copies a
 * template's `replicas` only when it creates that object, so scaling writes the object's own
 * `/scale` subresource, as upstream's operator does.
 */
import { ComponentModel, GraphModel } from '../../api';
import { isMultinode } from '../../render';
import { ServerObject } from '../runtime/kube/objects';
import { Resource } from '../runtime/kube/resources';
import { RESOURCES } from './resources';

/** Grove's default label naming the PodCliqueSet an object belongs to. */
const PART_OF_LABEL = 'app.kubernetes.io/part-of';

/** The runtime object Grove creates for a component at PodCliqueSet replica 0. */
export function groveObjectName(graphName: string, componentName: string): string {
  return `${graphName}-0-${componentName.toLowerCase()}`;
}

export function groveResourceOf(component: ComponentModel): Resource {
  return isMultinode(component) ? RESOURCES.podCliqueScalingGroup : RESOURCES.podClique;
}

/** Whether a graph runs on Grove: its rendered PodCliqueSet exists. */
export function isGroveGraph(
  graph: GraphModel,
  podCliqueSet: (namespace: string, name: string) => ServerObject | undefined,
): boolean {
  return podCliqueSet(graph.namespace, graph.name) !== undefined;
}

/** `<namespace>/<graph>` for a PodCliqueSet (named after its graph) or an object Grove made from one. */
export function graphKeyOfGroveObject(obj: ServerObject): string | undefined {
  if (obj.kind === RESOURCES.podCliqueSet.kind) return `${obj.metadata.namespace}/${obj.metadata.name}`;
  const owners = obj.metadata.ownerReferences ?? [];
  const set = owners.find((o) => o.kind === RESOURCES.podCliqueSet.kind)?.name ?? obj.metadata.labels?.[PART_OF_LABEL];
  return set ? `${obj.metadata.namespace}/${set}` : undefined;
}
