export * from './graph-deployment';
export * from './component-deployment';
export { DynamoModel, type DynamoModelProps, type ModelAttachment } from './model';
export { DynamoCheckpoint, type DynamoCheckpointProps } from './checkpoint';
export { RenderedGraph, type AdoptedGraph } from './rendered-graph';
export { type GraphRenderOptions } from './render-into';
export { type GraphMetadataProps } from '../pipeline/manifest-source';
export { setPlatformSettings, platformSettingsOf, SETTINGS_CONTEXT_KEY } from './settings';
export { DynamoPlatform, type DynamoPlatformProps } from './platform';
export { DynamoFluxSync, type DynamoFluxSyncProps } from './gitops/flux-sync';
export { DynamoArgoCdSync, type DynamoArgoCdSyncProps } from './gitops/argocd-sync';
export { DynamoGitOpsApp, type DynamoGitOpsAppProps } from './gitops/gitops-app';
export {
  DynamoGraphDeploymentRequest,
  type DynamoGraphDeploymentRequestProps,
  type DynamoGraphDeploymentRequestV1beta2Props,
  type RequestRenderOptions,
  PLAN_LOCK_CONTEXT_KEY,
} from './deployment-request';
