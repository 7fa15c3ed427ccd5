/**
 * Flux `postBuild` substitution runs envsubst over every object a Kustomization
 * applies: `${VAR}` in a rendered command (multinode launch scripts use
 * `${LWS_WORKER_INDEX}`; the Grafana dashboard uses `${datasource}`) would become
 * an empty string. Objects carrying this annotation are left alone.
 */
import { KubeObject } from '../api/k8s-types';

export const SUBSTITUTE_ANNOTATION = 'kustomize.toolkit.fluxcd.io/substitute';
export const SUBSTITUTE_DISABLED = 'disabled';

/** True when any string in the object (keys included) contains `${`. */
export function hasSubstitutionSyntax(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('${');
  if (Array.isArray(v)) return v.some(hasSubstitutionSyntax);
  if (typeof v === 'object' && v !== null)
    return Object.entries(v).some(([k, x]) => k.includes('${') || hasSubstitutionSyntax(x));
  return false;
}

/** The object with `kustomize.toolkit.fluxcd.io/substitute: disabled` when it needs it; otherwise the same object. */
export function withSubstitutionGuard(o: KubeObject): KubeObject {
  if (!hasSubstitutionSyntax(o) || o.metadata.annotations?.[SUBSTITUTE_ANNOTATION] === SUBSTITUTE_DISABLED) return o;
  return {
    ...o,
    metadata: {
      ...o.metadata,
      annotations: { ...(o.metadata.annotations ?? {}), [SUBSTITUTE_ANNOTATION]: SUBSTITUTE_DISABLED },
    },
  };
}
