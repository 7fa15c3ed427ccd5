/** dynamo-iac: build-time rendering of NVIDIA Dynamo graphs. */
export * from './api';
export * from './cdk8s';
export { renderGraph, renderGraphs, type RenderOptions, RECOMMENDED_POD_SECURITY_LABELS } from './render';
export * from './manifests';
export { crdManifests } from './crds';
export { renderPlatform, type PlatformOptions, operatorImage, OPERATOR_NAME, DEFAULT_OPERATOR_IMAGE_REPOSITORY } from './render/platform';
export { infraAddresses, type NatsOptions, type EtcdOptions } from './render/platform-infra';
export * from './gitops';
