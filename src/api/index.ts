/** The Dynamo resource API: input shapes, loading, conversion to the model, validation. */
export * from './k8s-types';
export * from './problems';
export * from './model';
export * from './settings';
export * from './input/input-common';
export * from './input/v1alpha1';
export * from './input/v1beta1';
export * from './parse';
export * from './convert/load';
export { detectBackendFramework } from './backend-framework';
export * from './orchestrator';
export * from './validate/validate';
export * from './validate/schema-validation';
export * from './placement';
export * from './dynamo-model';
export * from './checkpoint';
export { validateCheckpointRefs, checkpointRefsOf } from './validate/validate-checkpoint-ref';
export * from './input/deployment-request';
export {
  loadDeploymentRequest,
  validateDeploymentRequest,
  type DeploymentRequestLoad,
} from './convert/deployment-request-load';
export * from './validated-graph';
