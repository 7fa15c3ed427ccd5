/**
 * The CustomResourceDefinitions for every nvidia.com kind we render, the runtime operator manages,
 * or Dynamo's runtime writes (DynamoWorkerMetadata, Kubernetes discovery).
 */
import { KubeObject } from '../output/kube-object';
import { checkpointCrd } from './checkpoint';
import { componentDeploymentCrd } from './component-deployment';
import { deploymentRequestCrd } from './deployment-request';
import { graphDeploymentCrd } from './graph-deployment';
import { modelCrd } from './model';
import { scalingAdapterCrd } from './scaling-adapter';
import { workerMetadataCrd } from './worker-metadata';

export interface CrdSetOptions {
  /** Include DynamoCheckpoint (a release that still has the kind). @default true */
  readonly dynamoCheckpoint?: boolean;
}

/** The CRDs, sorted by name so the output is byte-stable. Each call builds fresh objects. */
export function crdManifests(options: CrdSetOptions = {}): KubeObject[] {
  return [
    graphDeploymentCrd(),
    componentDeploymentCrd(),
    scalingAdapterCrd(),
    modelCrd(),
    ...(options.dynamoCheckpoint === false ? [] : [checkpointCrd()]),
    deploymentRequestCrd(),
    workerMetadataCrd(),
  ].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}
