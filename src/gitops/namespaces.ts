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
