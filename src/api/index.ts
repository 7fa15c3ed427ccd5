/** The Dynamo resource API: input shapes, loading, conversion to the model, validation. */
export * from './k8s-types';
export * from './problems';
export * from './model';
export * from './settings';
export * from './input-common';
export * from './v1alpha1';
export * from './v1beta1';
export * from './parse';
export * from './load';
export { detectBackendFramework } from './backend-framework';
export * from './orchestrator';
export * from './validate';
export * from './schema-validation';
export * from './placement';
export * from './dynamo-model';
export * from './checkpoint';
export { validateCheckpointRefs, checkpointRefsOf } from './validate-checkpoint-ref';
export * from './deployment-request';
export {
  loadDeploymentRequest,
  validateDeploymentRequest,
  type DeploymentRequestLoad,
} from './deployment-request-load';
export * from './validated-graph';
