/**
 * DynamoGraphDeploymentCandidate's row (Dynamo 1.7): one configuration a search published, whose
 * spec is a v1beta1 DGD spec. Upstream deploys none; its docs have a person copy the spec,
 * unchanged, into a DynamoGraphDeployment. Rendering a candidate does that copy: the DGD it
 * describes (its name, namespace, labels and annotations) is loaded, checked and rendered as any
 * graph, and a warning says the candidate was taken as that DGD. Problems keep the candidate's
 * paths, which are the DGD's (`spec.components[0]...`).
 */
import { JsonObject } from '../../api/k8s-types';
import { Problem } from '../../api/problems';
import { isObject } from '../../api/read';
import { missingSearchKind } from '../../api/search-kinds';
import { V1BETA1 } from '../../api/input/v1beta1';
import type { KindRow } from '../document-context';
import { graphDocument } from '../document-checks';

const KIND = 'DynamoGraphDeploymentCandidate';

/** The DGD a person would create from the candidate; its status (the search's evaluation) stays behind. */
function asGraph(candidate: JsonObject): JsonObject {
  const { status: _evaluation, ...rest } = candidate;
  return { ...rest, apiVersion: V1BETA1, kind: 'DynamoGraphDeployment' };
}

function takenAsGraph(name: unknown): Problem[] {
  if (typeof name !== 'string' || name === '') return [];
  const message = `${KIND} ${JSON.stringify(name)} is rendered as the DynamoGraphDeployment ${JSON.stringify(name)} it describes (${V1BETA1}, its spec and metadata unchanged), as upstream has you copy a candidate into a DGD by hand`;
  return [{ path: 'kind', message, severity: 'warning' }];
}

export const candidateRow: KindRow = (doc, context) => {
  const missing = missingSearchKind(KIND, context.settings.dynamoVersion);
  if (missing) return { problems: [missing], objects: [] };
  const loaded = graphDocument(asGraph(doc), context);
  const name = isObject(doc.metadata) ? doc.metadata.name : undefined;
  return { ...loaded, problems: [...takenAsGraph(name), ...loaded.problems] };
};
