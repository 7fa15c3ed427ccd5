/**
 * dynamo-iac: NVIDIA Dynamo graphs as cdk8s constructs, rendered into the Kubernetes objects the
 * upstream operator would create, at synth time. Tools that want the render functions import
 * `dynamo-iac/core`; Pulumi programs import `dynamo-iac/pulumi`.
 * @module dynamo-iac
 */
export * from './cdk8s';
// Namespaces a GitOps app applies into, never pruned (docs/gitops-flux.md).
export { namespaceObjects } from './gitops/namespaces';
// What construct props are written in, and what the constructs expose.
export type * from './api/input/input-common';
export type * from './api/input/v1alpha1';
export type * from './api/input/v1beta1';
export type { ComponentFieldsInput } from './crds/component-fields';
export type { DynamoModelSource, DynamoModelSpec, ModelType } from './api/dynamo-model';
export type { CheckpointIdentityInput, CheckpointJobInput, DynamoCheckpointSpec } from './api/checkpoint';
export type {
  DgdrBackend,
  DynamoGraphDeploymentRequestSpec,
  FeaturesInput,
  GpuSku,
  HardwareInput,
  ModelCacheInput,
  OverridesInput,
  SearchStrategy,
  SlaInput,
  WorkloadInput,
} from './api/input/deployment-request';
export type * from './api/input/deployment-request-v1beta2';
export type { DiscoveryBackend, PlatformSettings } from './api/settings';
export type { GraphPlacement } from './api/placement';
export type { JsonObject, KubeObject, ObjectMeta } from './api/k8s-types';
export type { Problem } from './api/problems';
