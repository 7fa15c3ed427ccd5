/**
 * Namespace objects for a GitOps repository: the operator's and the graphs' namespaces must
 * exist before Flux or Argo CD applies into them. Each carries both engines' prune opt-outs,
 * because pruning a Namespace (say, after its last graph is removed) would delete everything in
 * it, including what the engine never applied; both, so the repository can move between engines.
 */
import { KubeObject } from '../api/k8s-types';
import { ANNOTATION, PRUNE_DISABLED } from '../render';

export const PRUNE_ANNOTATION = ANNOTATION.fluxPrune;
/** Argo CD's per-object sync options; `Prune=false` keeps the object when it leaves Git. */
export const ARGOCD_SYNC_OPTIONS_ANNOTATION = ANNOTATION.argoSyncOptions;

/** Namespaces every cluster has: never reported missing. */
const BUILT_IN_NAMESPACES = new Set(['default', 'kube-system', 'kube-public', 'kube-node-lease']);
const isBuiltInNamespace = (name: string) => BUILT_IN_NAMESPACES.has(name);

/**
 * One line naming the namespaces an output puts objects into but holds no Namespace for (applying
 * it fails until someone creates them), or undefined when it holds them all. `howToAdd` is how the
 * front end's user adds them (`--create-namespaces`, a prop).
 */
export function missingNamespacesLine(
  needed: Iterable<string>,
  objects: readonly KubeObject[],
  howToAdd: string,
): string | undefined {
  const present = new Set(objects.filter((o) => o.kind === 'Namespace').map((o) => o.metadata.name));
  const missing = [...new Set(needed)].filter((n) => !present.has(n) && !isBuiltInNamespace(n)).sort();
  if (missing.length === 0) return undefined;
  const [one, they] = missing.length === 1 ? ['namespace', 'it'] : ['namespaces', 'them'];
  return (
    `note: ${one} ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in the output: create ${they} ` +
    `before applying (kubectl create namespace ${missing[0]}), or ${howToAdd}`
  );
}

export function namespaceObjects(names: Iterable<string>, labels: Record<string, string> = {}): KubeObject[] {
  return [...new Set(names)].sort().map((name) => ({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name,
      ...(Object.keys(labels).length ? { labels: { ...labels } } : {}),
      annotations: { ...PRUNE_DISABLED },
    },
  }));
}
