/**
 * Dynamo 1.7's deployment search records (`nvidia.com/v1beta2`): a DynamoGraphDeploymentRun per
 * search of a v1beta2 request, and the DynamoGraphDeploymentCandidates it publishes. Both are
 * written by upstream's operator; a candidate is deployed by copying its spec into a DGD.
 */
import type { DynamoVersion } from './settings';

export const SEARCH_API_VERSION = 'nvidia.com/v1beta2';

/** Whether a release has the search kinds (and their CRDs): 1.6 has neither. */
export const releaseHasSearchKinds = (release: DynamoVersion): boolean => release !== '1.6';

/** Why a search kind is refused for a release without it. */
export const searchKindMissingMessage = (kind: string, release: DynamoVersion): string =>
  `Forbidden: Dynamo ${release} has no ${kind} kind (upstream added it in 1.7 with the v1beta2 deployment search): render for 1.7 (dynamoVersion, --dynamo-version)`;

/** Why a v1beta2 DynamoGraphDeploymentRequest (the search's request) is refused for a release without it. */
export const searchRequestMissingMessage = (release: DynamoVersion): string =>
  `Forbidden: Dynamo ${release} serves no ${SEARCH_API_VERSION} DynamoGraphDeploymentRequest (upstream added it in 1.7 with the deployment search): write nvidia.com/v1beta1, or render for 1.7 (dynamoVersion, --dynamo-version)`;
