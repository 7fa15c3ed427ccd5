/** dynamo-iac: build-time rendering of NVIDIA Dynamo graphs. */
export * from './api';
export * from './cdk8s';
export { renderGraph, renderGraphs, RenderOptions } from './render';
export * from './manifests';
export { crdManifests } from './crds';
