/**
 * The operator release a graph was created by (`nvidia.com/dynamo-operator-origin-version`).
 * Upstream's defaulting webhook stamps it on every new DynamoGraphDeployment and never changes it,
 * and version-gated behaviour reads it (vLLM's `mp` executor from 1.0.0). We render a graph as
 * created through upstream's webhook by the release we target, so a graph without one gets that
 * release's stamp (the `dynamoVersion` setting); a standalone DynamoComponentDeployment gets none, as upstream.
 */
import { GraphModel } from '../api/model';
import { DYNAMO_VERSIONS, ResolvedSettings } from '../api/settings';
import { ANNOTATION } from './labels';

/** The operator version the target release (`dynamoVersion`) stamps. */
export const targetOperatorVersion = (settings: ResolvedSettings): string => DYNAMO_VERSIONS[settings.dynamoVersion];

/** The stamp upstream's webhook would add to the graph's metadata: none when it has one, or is not a graph. */
export function originVersionStamp(graph: GraphModel, settings: ResolvedSettings): Record<string, string> {
  if (graph.kind !== 'DynamoGraphDeployment' || ANNOTATION.operatorOriginVersion in graph.metadataAnnotations)
    return {};
  return { [ANNOTATION.operatorOriginVersion]: targetOperatorVersion(settings) };
}
