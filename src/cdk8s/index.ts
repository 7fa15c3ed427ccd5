export * from './graph-deployment';
export * from './component-deployment';
export { DynamoCheckpoint, DynamoCheckpointProps } from './checkpoint';
export { RenderedGraph, AdoptedGraph } from './rendered-graph';
export { GraphRenderOptions } from './render-into';
export { GraphMetadataProps } from '../manifest-source';
export { setPlatformSettings, platformSettingsOf, SETTINGS_CONTEXT_KEY } from './settings';
export { DynamoPlatform, DynamoPlatformProps } from './platform';
