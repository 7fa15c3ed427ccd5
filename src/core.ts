/**
 * dynamo-iac/core: the render core for tools, with no cdk8s or Pulumi in it: load and validate
 * Dynamo manifests, render them into Kubernetes objects, the platform and the CRDs, lay them out
 * for GitOps, and plan DynamoGraphDeploymentRequests.
 * @module dynamo-iac/core
 */
// A small door: what the docs name, and the types of its arguments and results. Everything else
// stays internal (the project's own code imports it by path), so it can change without a release note.

// Load, validate and render manifests, and the settings they render under (README, CHANGELOG,
// docs/architecture.md; test/package and .ci/pack-install.sh use renderManifests and resolveSettings).
export {
  loadManifests,
  renderManifests,
  type LoadedManifests,
  type ManifestLoadOptions,
  type RenderedManifests,
} from './pipeline/manifests';
export type { ManifestInput } from './api/parse';
export { renderGraph, renderGraphs, type RenderOptions } from './render';
export type { ValidatedGraph } from './api/validated-graph';
export { resolveSettings, type PlatformSettings, type ResolvedSettings } from './api/settings';
export { formatProblems, ValidationError, type Problem, type SourcedProblem } from './api/problems';
export type { JsonObject, KubeObject } from './api/k8s-types';
// A DynamoModel update as upstream's webhook judges it, for tools that compare two versions (docs/deviations.md row 36).
export { validateDynamoModelUpdate } from './kinds/model/load';

// The CRDs (CHANGELOG, CONTRIBUTING.md, docs/architecture.md).
export { crdManifests } from './crds';

// The platform, NATS and etcd (docs/operator.md).
export { renderPlatform, type PlatformOptions } from './platform/platform';
export { infraAddresses, type NatsOptions, type EtcdOptions } from './platform/platform-infra';

// The GitOps repository and what syncs it (docs/gitops-flux.md, docs/gitops-argocd.md).
export {
  gitOpsLayout,
  GitOpsLayoutError,
  type GitOpsLayout,
  type GitOpsLayoutInput,
  type GraphObjects,
  type LayerName,
  type LayoutFile,
  writeGitOpsLayout,
  type WriteLayoutOptions,
  type WriteLayoutResult,
  fluxSource,
  fluxKustomizations,
  type FluxSourceOptions,
  type FluxLayersOptions,
  type ObjectRef,
  argoCdApplications,
  type ArgoCdOptions,
  type ArgoCdObjects,
  argoHealthConfigMap,
  type ArgoHealthConfigOptions,
  namespaceObjects,
} from './gitops';

// The planner and its lock (CHANGELOG, docs/architecture.md, docs/planning.md).
export { planRequests, type PlanOptions, type PlanResult } from './pipeline/plan-requests';
export { DEFAULT_LOCK_FILE, parseLock, serializeLock, type PlanLock, type PlanEntry } from './plan/lock';
export type { PlanSource } from './plan/resolve-request';
