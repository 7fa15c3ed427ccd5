/**
 * Adds rendered objects to the construct tree as cdk8s ApiObjects, once per app:
 * objects that several graphs share (the planner ServiceAccount of a namespace,
 * a model's headless Service) are synthesized by the first graph that needs
 * them, so a rendered GitOps tree never holds the same object twice.
 */
import { Construct, IConstruct } from 'constructs';
import { KubeObject } from '../api/k8s-types';
import { objectKey } from '../render';
import { RenderedApiObject } from './rendered-api-object';

interface Registered {
  readonly object: KubeObject;
  readonly owner: string;
  /** The object serialised, on its first name collision (graphs of a namespace all render its shared objects). */
  json?: string;
}
const registries = new WeakMap<IConstruct, Map<string, Registered>>();

function registryOf(scope: IConstruct): Map<string, Registered> {
  const root = scope.node.root;
  let r = registries.get(root);
  if (!r) registries.set(root, (r = new Map()));
  return r;
}

/** Creates one ApiObject per new object; returns conflicts (same identity, different content). */
export function addObjects(scope: Construct, objects: KubeObject[]): string[] {
  const registry = registryOf(scope);
  const conflicts: string[] = [];
  for (const o of objects) {
    const key = objectKey(o);
    const prior = registry.get(key);
    if (prior) {
      // Serialised only on a name collision: most objects have a name of their own.
      if ((prior.json ??= JSON.stringify(prior.object)) !== JSON.stringify(o)) {
        conflicts.push(
          `${o.kind} "${o.metadata.namespace}/${o.metadata.name}" is also rendered by ${prior.owner} with different content`,
        );
      }
      continue;
    }
    registry.set(key, { object: o, owner: scope.node.path });
    // Construct order is synthesis order, so the render core's apply order is kept.
    new RenderedApiObject(scope, `${o.kind}-${o.metadata.name}`, o);
  }
  return conflicts;
}
