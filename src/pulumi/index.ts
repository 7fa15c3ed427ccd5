/**
 * dynamo-iac for Pulumi: `import { DynamoGraphDeployment } from 'dynamo-iac/pulumi'`.
 * Kept out of the package's main entry so cdk8s users never load @pulumi/*.
 * @module dynamo-iac/pulumi
 */
export { DynamoGraphDeployment, type DynamoGraphDeploymentArgs, DynamoGraph, type DynamoGraphArgs } from './graph';
export {
  DynamoComponentDeployment,
  type DynamoComponentDeploymentArgs,
  DynamoComponent,
  type DynamoComponentArgs,
} from './component';
export { DynamoModel, type DynamoModelArgs } from './model';
export { DynamoCheckpoint, type DynamoCheckpointArgs } from './checkpoint';
export { DynamoCrds, type DynamoCrdsArgs } from './crds';
export { DynamoPlatform, type DynamoPlatformArgs } from './platform';
export {
  type GraphArgsBase,
  type GraphOptions,
  type AdoptOptions,
  type AdoptedManifest,
  RenderedGraphResource,
} from './rendered-graph';
export { type ReadinessOptions } from './readiness';
export { type WithInputs } from './inputs';
export {
  DynamoGraphDeploymentRequest,
  type DynamoGraphDeploymentRequestArgs,
  type DynamoGraphDeploymentRequestV1beta2Args,
  DynamoGraphRequest,
  type DynamoGraphRequestArgs,
  type RequestOptions,
} from './deployment-request';
