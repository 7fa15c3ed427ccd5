/**
 * dynamo-iac's Pulumi components for every Pulumi language (Python, Go, YAML, .NET, Java): the
 * classes `pulumi-plugin/` serves as the Pulumi package `dynamo` (`pulumi package add`). Their
 * args are plain data, as Pulumi's schema inference needs; each one creates the TypeScript
 * component of the same kind as its child, so validation and rendering are the same.
 * TypeScript programs use `dynamo-iac/pulumi` instead.
 */
export { DynamoGraphDeployment, type DynamoGraphDeploymentArgs } from './graph-deployment';
export { DynamoComponentDeployment, type DynamoComponentDeploymentArgs } from './component-deployment';
export { DynamoModel, type DynamoModelArgs } from './model';
export { DynamoCheckpoint, type DynamoCheckpointArgs } from './checkpoint';
export { DynamoGraphDeploymentRequest, type DynamoGraphDeploymentRequestArgs } from './request';
export { DynamoPlatform, type DynamoPlatformArgs } from './platform';
