/**
 * Dynamo 1.7's deployment search records (`nvidia.com/v1beta2`): a DynamoGraphDeploymentRun per
 * search of a v1beta2 request, and the DynamoGraphDeploymentCandidates it publishes. Both are
 * written by upstream's operator; a candidate is deployed by copying its spec into a DGD.
 */
import type { Problem } from './problems';
import type { DynamoVersion } from './settings';

export const SEARCH_API_VERSION = 'nvidia.com/v1beta2';

/** Whether a release has the search kinds (and their CRDs): 1.6 has neither. */
export const releaseHasSearchKinds = (release: DynamoVersion): boolean => release !== '1.6';

/** The refusal, at `kind`, of a search kind in a document rendered for a release without it. */
export function missingSearchKind(kind: string, release: DynamoVersion): Problem | undefined {
  if (releaseHasSearchKinds(release)) return undefined;
  const message = `Forbidden: Dynamo ${release} has no ${kind} kind (upstream added it in 1.7 with the v1beta2 deployment search): render for 1.7 (dynamoVersion, --dynamo-version)`;
  return { path: 'kind', message, severity: 'error' };
}

/** Why a v1beta2 DynamoGraphDeploymentRequest (the search's request) is refused for a release without it. */
export const searchRequestMissingMessage = (release: DynamoVersion): string =>
  `Forbidden: Dynamo ${release} serves no ${SEARCH_API_VERSION} DynamoGraphDeploymentRequest (upstream added it in 1.7 with the deployment search): write nvidia.com/v1beta1, or render for 1.7 (dynamoVersion, --dynamo-version)`;
