/**
 * DynamoGraphDeploymentRequest's row: its record plus what its plan generates (or its profiling
 * Job); the generated graph is checked like any graph, its problems naming it.
 */
import { JsonObject, KubeObject } from '../../api/k8s-types';
import { releaseHasSearchKinds, SEARCH_API_VERSION, searchRequestMissingMessage } from '../../api/search-kinds';
import { GraphModel } from '../../api/model';
import { Problem } from '../../api/problems';
import type { KindRow } from '../document-context';
import { checkedGraph, failed, withDefaultNamespace } from '../document-checks';
import { LoadedDocument } from '../loaded-document';

export const requestRow: KindRow = (doc, context) => {
  const { settings, placement, defaultNamespace } = context;
  const release = settings.dynamoVersion;
  if (doc.apiVersion === SEARCH_API_VERSION && !releaseHasSearchKinds(release))
    return {
      problems: [{ path: 'apiVersion', message: searchRequestMissingMessage(release), severity: 'error' }],
      objects: [],
    };
  const resolved = context.resolveRequest(doc, { defaultNamespace });
  const problems = [...resolved.problems];
  const finish = (objects: KubeObject[], graph?: GraphModel) =>
    finishRequest(doc, defaultNamespace, problems, objects, graph);
  if (!resolved.graph || failed(problems)) return finish(resolved.objects);
  const generated = checkedGraph(resolved.graph, settings, placement);
  const name = resolved.graph.metadata.name;
  problems.push(
    ...generated.problems.map((p) => ({ ...p, path: `generated DynamoGraphDeployment ${name}: ${p.path}` })),
  );
  // autoApply: false keeps the graph out of the output; `dynamo-iac plan` wrote it for review.
  if (!resolved.deploy) return finish([]);
  return finish(resolved.objects, generated.model);
};

function finishRequest(
  doc: JsonObject,
  defaultNamespace: string,
  problems: Problem[],
  objects: KubeObject[],
  graph?: GraphModel,
): LoadedDocument {
  if (failed(problems)) return { problems, objects: [] };
  return { problems, objects: [withDefaultNamespace(doc, defaultNamespace), ...objects], ...(graph ? { graph } : {}) };
}
