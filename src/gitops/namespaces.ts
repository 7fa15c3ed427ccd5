/**
 * Namespace objects for a GitOps repository: the operator's and the graphs' namespaces must
 * exist before Flux applies into them. Each carries Flux's prune opt-out, because pruning a
 * Namespace (say, after its last graph is removed) would delete everything in it, including
 * what Flux never applied.
 */
import { KubeObject } from '../api/k8s-types';

export const PRUNE_ANNOTATION = 'kustomize.toolkit.fluxcd.io/prune';

export function namespaceObjects(names: Iterable<string>, labels: Record<string, string> = {}): KubeObject[] {
  return [...new Set(names)].sort().map((name) => ({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name,
      ...(Object.keys(labels).length ? { labels: { ...labels } } : {}),
      annotations: { [PRUNE_ANNOTATION]: 'disabled' },
    },
  }));
}
