/**
 * The CRDs of a Dynamo release: what the platform, `dynamo-iac crds`, the GitOps tree and the
 * Pulumi DynamoCrds install. 1.7 has no DynamoCheckpoint (checkpointRef names a PodSnapshot); 1.6
 * has no search (DynamoGraphDeploymentRun, DynamoGraphDeploymentCandidate, the request's v1beta2).
 */
import { checkpointRefKind } from '../api/checkpoint';
import { releaseHasSearchKinds } from '../api/search-kinds';
import { DEFAULT_SETTINGS, DynamoVersion } from '../api/settings';
import { crdManifests } from '../crds';
import { KubeObject } from '../output/kube-object';

export function releaseCrdManifests(release: DynamoVersion = DEFAULT_SETTINGS.dynamoVersion): KubeObject[] {
  return crdManifests({
    dynamoCheckpoint: checkpointRefKind(release) === 'DynamoCheckpoint',
    searchKinds: releaseHasSearchKinds(release),
  });
}
