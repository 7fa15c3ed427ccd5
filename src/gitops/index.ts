/** The layered GitOps repository and the Flux objects that sync it (docs/gitops-flux.md). */
export { gitOpsLayout, GitOpsLayout, GitOpsLayoutInput, GitOpsLayoutError, GraphObjects, LayoutFile, LayerName, LAYERS, SHARED_DIR } from './layout';
export { writeGitOpsLayout, WriteLayoutOptions, WriteLayoutResult } from './write';
export { fluxSource, FluxSourceOptions, fluxKustomizations, FluxLayersOptions, graphHealthCheckExpr, healthTargets, ObjectRef } from './flux';
export { withSubstitutionGuard, SUBSTITUTE_ANNOTATION } from './substitution';
export { namespaceObjects, PRUNE_ANNOTATION } from './namespaces';
