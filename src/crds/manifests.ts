/**
 * The CustomResourceDefinitions for every nvidia.com kind we render, the runtime operator manages,
 * or Dynamo's runtime writes (DynamoWorkerMetadata, Kubernetes discovery).
 */
import { KubeObject } from '../output/kube-object';
import { checkpointCrd } from './checkpoint';
import { componentDeploymentCrd } from './component-deployment';
import { deploymentCandidateCrd } from './deployment-candidate';
import { deploymentRequestCrd } from './deployment-request';
import { deploymentRunCrd } from './deployment-run';
import { graphDeploymentCrd } from './graph-deployment';
import { modelCrd } from './model';
import { scalingAdapterCrd } from './scaling-adapter';
import { workerMetadataCrd } from './worker-metadata';

export interface CrdSetOptions {
  /** Include DynamoCheckpoint (a release that still has the kind). @default true */
  readonly dynamoCheckpoint?: boolean;
  /**
   * Include the search: DynamoGraphDeploymentRun, DynamoGraphDeploymentCandidate and the request's
   * nvidia.com/v1beta2 version (1.7 on). @default true
   */
  readonly searchKinds?: boolean;
}

/** The CRDs, sorted by name so the output is byte-stable. Each call builds fresh objects. */
export function crdManifests(options: CrdSetOptions = {}): KubeObject[] {
  return [
    graphDeploymentCrd(),
    componentDeploymentCrd(),
    scalingAdapterCrd(),
    modelCrd(),
    ...(options.dynamoCheckpoint === false ? [] : [checkpointCrd()]),
    deploymentRequestCrd({ v1beta2: options.searchKinds !== false }),
    ...(options.searchKinds === false ? [] : [deploymentRunCrd(), deploymentCandidateCrd()]),
    workerMetadataCrd(),
  ].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
}
