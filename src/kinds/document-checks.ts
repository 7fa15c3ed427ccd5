/**
 * What the kinds' rows share: the schema step after a kind's own messages, a graph checked as
 * every graph is (a DGD, a DCD, the graph a request generates), and the namespace default.
 */
import { loadGraph } from '../api/convert/load';
import { JsonObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { GraphPlacement, withPlacement } from '../api/placement';
import { errorsOf, Problem } from '../api/problems';
import { isObject } from '../api/read';
import { ResolvedSettings } from '../api/settings';
import { schemaProblems } from '../api/validate/schema-validation';
import { validateGraph } from '../api/validate/validate';
import type { KindRow } from './document-context';

/** Upstream's messages for the kind first; our CRD schema then adds what they missed. */
export function withSchemaProblems(doc: JsonObject, problems: Problem[]): Problem[] {
  return [...problems, ...schemaProblems(doc, problems)];
}

export const failed = (problems: Problem[]) => errorsOf(problems).length > 0;

/** A graph document loaded, placed and checked: its model (also with problems) and every problem. */
export function checkedGraph(
  doc: JsonObject,
  settings: ResolvedSettings,
  placement: GraphPlacement,
  defaultNamespace?: string,
): { model?: GraphModel; problems: Problem[] } {
  const loaded = loadGraph(doc, { defaultNamespace });
  const model = loaded.model && withPlacement(loaded.model, placement);
  const problems = [...loaded.problems, ...(model ? validateGraph(model, settings) : [])];
  return { model, problems: withSchemaProblems(doc, problems) };
}

/** A document without a namespace gets the run's default, as `kubectl apply -n` would give it. */
export function withDefaultNamespace(doc: JsonObject, namespace: string): JsonObject {
  const metadata = isObject(doc.metadata) ? doc.metadata : {};
  return metadata.namespace ? doc : { ...doc, metadata: { ...metadata, namespace } };
}

/** A graph document's row (a DGD, a DCD): its problems, and its model when it has no error. */
export const graphDocument: KindRow = (doc, { settings, placement, defaultNamespace }) => {
  const { model, problems } = checkedGraph(doc, settings, placement, defaultNamespace);
  const asLoaded = { graph: model };
  return failed(problems) || !model
    ? { problems, objects: [], asLoaded }
    : { problems, graph: model, objects: [], asLoaded };
};
