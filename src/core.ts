/**
 * dynamo-iac/core: the render core for tools, with no cdk8s or Pulumi in it: load and validate
 * Dynamo manifests, render them into Kubernetes objects, the platform and the CRDs, lay them out
 * for GitOps, and plan DynamoGraphDeploymentRequests.
 * @module dynamo-iac/core
 */
export * from './api';
export { renderGraph, renderGraphs, type RenderOptions, RECOMMENDED_POD_SECURITY_LABELS } from './render';
export * from './pipeline/manifests';
export { passThroughDocuments, type PassedThroughObject } from './pipeline/pass-through';
export {
  renderManifest,
  renderCheckpointManifest,
  type ManifestRenderRequest,
  type RenderedManifest,
  type RenderedCheckpoint,
} from './pipeline/render-manifest';
export { crdManifests } from './crds';
export {
  renderPlatform,
  type PlatformOptions,
  operatorImage,
  OPERATOR_NAME,
  DEFAULT_OPERATOR_IMAGE_REPOSITORY,
} from './platform/platform';
export { infraAddresses, type NatsOptions, type EtcdOptions } from './platform/platform-infra';
export * from './gitops';
export {
  DEFAULT_LOCK_FILE,
  PLAN_ARTIFACT_DIR,
  parseLock,
  serializeLock,
  type PlanLock,
  type PlanEntry,
} from './plan/lock';
export { planRequests, type PlanOptions, type PlanResult } from './pipeline/plan-requests';
export { generateGraph, type GeneratedGraph } from './plan/generate';
export { resolveRequest, type ResolvedRequest, type PlanSource } from './plan/resolve-request';
export { searchInputsOf, inputHash, type SearchInputs } from './plan/search-inputs';
