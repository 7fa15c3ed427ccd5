/** Ordering and de-duplication of rendered objects. */
import { KubeObject } from '../api/k8s-types';
import { Problem } from '../api/problems';

/** Apply order: what others reference comes first (the order Helm and kubectl users expect). */
const KIND_ORDER = [
  'Namespace',
  'CustomResourceDefinition',
  'ServiceAccount',
  'Secret',
  'ConfigMap',
  'PersistentVolumeClaim',
  'ClusterRole',
  'ClusterRoleBinding',
  'Role',
  'RoleBinding',
  'Service',
  'Deployment',
  'LeaderWorkerSet',
  'PodCliqueSet',
  'Ingress',
  'VirtualService',
  'InferencePool',
];

export const objectKey = (o: KubeObject) =>
  `${o.apiVersion}/${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** Each kind's place in KIND_ORDER: sorting thousands of objects asks for it at every comparison. */
const KIND_RANK = new Map(KIND_ORDER.map((kind, i) => [kind, i]));

function kindRank(kind: string): number {
  return KIND_RANK.get(kind) ?? KIND_ORDER.length;
}

export function sortObjects(objects: KubeObject[]): KubeObject[] {
  return [...objects].sort(
    (a, b) =>
      kindRank(a.kind) - kindRank(b.kind) ||
      cmp(a.kind, b.kind) ||
      cmp(a.metadata.namespace ?? '', b.metadata.namespace ?? '') ||
      cmp(a.metadata.name, b.metadata.name) ||
      cmp(a.apiVersion, b.apiVersion),
  );
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Objects several graphs share (the planner ServiceAccount of a namespace, a
 * model's headless Service) are emitted once. Two different objects with the
 * same identity are a conflict: applying both would make one silently win.
 */
export function dedupeObjects(objects: KubeObject[]): { objects: KubeObject[]; problems: Problem[] } {
  const seen = new Map<string, KubeObject>();
  const out: KubeObject[] = [];
  const problems: Problem[] = [];
  for (const o of objects) {
    const key = objectKey(o);
    const prior = seen.get(key);
    if (prior === undefined) {
      seen.set(key, o);
      out.push(o);
    } else if (JSON.stringify(prior) !== JSON.stringify(o)) {
      // Serialised only on a name collision: most objects have a name of their own.
      problems.push({
        path: 'metadata.name',
        message: `${o.kind} "${o.metadata.namespace}/${o.metadata.name}" is rendered twice with different content; rename one of the graphs or components`,
      });
    }
  }
  return { objects: out, problems };
}
