/**
 * dynamo-iac for Pulumi: `import { DynamoGraph } from 'dynamo-iac/pulumi'`.
 * Kept out of the package's main entry so cdk8s users never load @pulumi/*.
 */
export { DynamoGraph, DynamoGraphArgs } from './graph';
export { DynamoComponent, DynamoComponentArgs } from './component';
export { DynamoModel, DynamoModelArgs } from './model';
export { DynamoCheckpoint, DynamoCheckpointArgs } from './checkpoint';
export { DynamoCrds } from './crds';
export { GraphArgsBase, GraphOptions, AdoptOptions, AdoptedManifest, RenderedGraphResource } from './rendered-graph';
export { ReadinessOptions } from './readiness';
export { WithInputs } from './inputs';
