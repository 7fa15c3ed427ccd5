/** The layered GitOps repository, and the Flux or Argo CD objects that sync it (docs/gitops-flux.md, docs/gitops-argocd.md). */
export {
  gitOpsLayout,
  type GitOpsLayout,
  type GitOpsLayoutInput,
  GitOpsLayoutError,
  type GraphObjects,
  type LayoutFile,
  type LayerName,
  LAYERS,
  SHARED_DIR,
} from './layout';
export { writeGitOpsLayout, type WriteLayoutOptions, type WriteLayoutResult } from './write';
export { fluxSource, type FluxSourceOptions, fluxKustomizations, type FluxLayersOptions, type ObjectRef } from './flux';
export { fluxHealthCheckExprs, graphHealthCheckExpr, type FluxHealthCheckExpr } from './health/flux-health';
export {
  argoHealthConfigMap,
  argoHealthScripts,
  type ArgoHealthConfigOptions,
  ARGOCD_CM,
  healthKey,
} from './health/argocd-cm';
export type { ArgoHealthScript } from './health/argo-health-script';
export { ARGO_HEALTH_SCRIPTS } from './health/argo-health-scripts';
export { withSubstitutionGuard, SUBSTITUTE_ANNOTATION } from './substitution';
export { namespaceObjects, PRUNE_ANNOTATION, ARGOCD_SYNC_OPTIONS_ANNOTATION } from './namespaces';
export {
  argoCdApplications,
  type ArgoCdOptions,
  type ArgoCdObjects,
  runtimeIgnoreDifferences,
  RUNTIME_FIELD_MANAGERS,
  ARGOCD_API,
  SYNC_WAVE_ANNOTATION,
} from './argocd';
