/**
 * The Argo CD health checks as an `argocd-cm` ConfigMap holding only their keys,
 * `resource.customizations.health.<group>_<kind>`: a patch for the user's Argo CD install. Applied
 * with server-side apply (`kubectl apply --server-side -f`), its field manager owns those keys
 * alone and every other setting stays; as a kustomize patch or Helm `configs.cm`, the same keys.
 */
import { KubeObject } from '../../api/k8s-types';
import { ArgoHealthScript } from './argo-health-script';
import { ARGO_HEALTH_SCRIPTS } from './argo-health-scripts';

export interface ArgoHealthConfigOptions {
  /** Namespace Argo CD runs in. @default 'argocd' */
  readonly namespace?: string;
  /**
   * The health check of Argo CD Applications, which an app of apps needs for its sync waves to
   * wait (Argo CD assesses no Application health by default). Leave it out when your install has
   * its own. @default true
   */
  readonly applicationHealth?: boolean;
}

export const ARGOCD_CM = 'argocd-cm';

/** The `argocd-cm` key of a health check. */
export const healthKey = (s: Pick<ArgoHealthScript, 'group' | 'kind'>) =>
  `resource.customizations.health.${s.group}_${s.kind}`;

/** The scripts the ConfigMap holds: every nvidia.com kind, and Application unless turned off. */
export function argoHealthScripts(options: ArgoHealthConfigOptions = {}): ArgoHealthScript[] {
  return ARGO_HEALTH_SCRIPTS.filter((s) => s.group !== 'argoproj.io' || (options.applicationHealth ?? true));
}

export function argoHealthConfigMap(options: ArgoHealthConfigOptions = {}): KubeObject {
  const data: Record<string, string> = {};
  for (const s of argoHealthScripts(options)) data[healthKey(s)] = s.lua;
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: ARGOCD_CM,
      namespace: options.namespace ?? 'argocd',
      // Argo CD reads only the argocd-cm that carries this label.
      labels: { 'app.kubernetes.io/name': ARGOCD_CM, 'app.kubernetes.io/part-of': 'argocd' },
    },
    data,
  };
}
