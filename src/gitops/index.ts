/** The layered GitOps repository and the Flux objects that sync it (docs/gitops-flux.md). */
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
export {
  fluxSource,
  type FluxSourceOptions,
  fluxKustomizations,
  type FluxLayersOptions,
  graphHealthCheckExpr,
  type ObjectRef,
} from './flux';
export { withSubstitutionGuard, SUBSTITUTE_ANNOTATION } from './substitution';
export { namespaceObjects, PRUNE_ANNOTATION } from './namespaces';
