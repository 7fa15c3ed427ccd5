/**
 * Each Dynamo kind's own way through load and validation, one table row a kind: what a document
 * adds to the render and its problems. The manifest pipeline (./manifests.ts) looks the row up
 * instead of branching on the kind.
 */
import { DynamoKind, loadGraph, schemaProblems, validateGraph } from '../api';
import { JsonObject, KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { errorsOf, Problem } from '../api/problems';
import { ResolvedSettings } from '../api/settings';
import { PlanSource, resolveRequest } from '../plan/resolve-request';
import { renderDynamoModel } from '../render/model-record';
import { LoadedDocument } from './loaded-document';
import { withDefaultNamespace } from './pass-through';
import { loadCheckpointDoc, loadModelManifest } from './render-manifest';

/** What every document of a run is read with. */
export interface KindLoadContext {
  readonly settings: ResolvedSettings;
  /** Namespace for documents without one. */
  readonly defaultNamespace: string;
  /** The plan lock requests render from. */
  readonly plans: PlanSource;
}

type KindLoader = (doc: JsonObject, context: KindLoadContext) => LoadedDocument;

/** Upstream's messages for the kind first; our CRD schema then adds what they missed. */
function withSchemaProblems(doc: JsonObject, problems: Problem[]): Problem[] {
  return [...problems, ...schemaProblems(doc, problems)];
}

const failed = (problems: Problem[]) => errorsOf(problems).length > 0;

/** A graph document loaded and checked: its model (also with problems) and every problem. */
function checkedGraph(
  doc: JsonObject,
  settings: ResolvedSettings,
  defaultNamespace?: string,
): { model?: GraphModel; problems: Problem[] } {
  const loaded = loadGraph(doc, { defaultNamespace });
  const problems = [...loaded.problems, ...(loaded.model ? validateGraph(loaded.model, settings) : [])];
  return { model: loaded.model, problems: withSchemaProblems(doc, problems) };
}

const loadGraphDocument: KindLoader = (doc, { settings, defaultNamespace }) => {
  const { model, problems } = checkedGraph(doc, settings, defaultNamespace);
  return failed(problems) || !model ? { problems, objects: [] } : { problems, graph: model, objects: [] };
};

const loadModelDocument: KindLoader = (doc, { defaultNamespace }) => {
  const loaded = loadModelManifest(doc, { defaultNamespace });
  const problems = loaded.problems;
  if (failed(problems)) return { problems, objects: [] };
  if (!loaded.model) return { problems, objects: [withDefaultNamespace(doc, defaultNamespace)] };
  return { problems, dynamoModel: loaded.model, objects: [renderDynamoModel(loaded.model)] };
};

const loadCheckpointDocument: KindLoader = (doc, { defaultNamespace }) => {
  const loaded = loadCheckpointDoc(doc, defaultNamespace);
  const problems = withSchemaProblems(doc, loaded.problems);
  if (failed(problems)) return { problems, objects: [] };
  const checkpoint = 'model' in loaded ? loaded.model : undefined;
  return checkpoint
    ? { problems, checkpoint, objects: [] }
    : { problems, objects: [withDefaultNamespace(doc, defaultNamespace)] };
};

/**
 * A DynamoGraphDeploymentRequest renders as its record plus what its plan generates (or its
 * profiling Job); the generated graph is validated like any graph, its problems naming it.
 */
const loadRequestDocument: KindLoader = (doc, { settings, defaultNamespace, plans }) => {
  const resolved = resolveRequest(doc, plans, { defaultNamespace });
  const problems = [...resolved.problems];
  if (!resolved.graph || failed(problems)) return finishRequest(doc, defaultNamespace, problems, resolved.objects);
  const generated = checkedGraph(resolved.graph, settings);
  const name = resolved.graph.metadata.name;
  problems.push(
    ...generated.problems.map((p) => ({ ...p, path: `generated DynamoGraphDeployment ${name}: ${p.path}` })),
  );
  // autoApply: false keeps the graph out of the output; `dynamo-iac plan` wrote it for review.
  if (!resolved.deploy) return finishRequest(doc, defaultNamespace, problems, []);
  return finishRequest(doc, defaultNamespace, problems, resolved.objects, generated.model);
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

export const KIND_LOADERS: Readonly<Record<DynamoKind, KindLoader>> = {
  DynamoGraphDeployment: loadGraphDocument,
  DynamoComponentDeployment: loadGraphDocument,
  DynamoModel: loadModelDocument,
  DynamoCheckpoint: loadCheckpointDocument,
  DynamoGraphDeploymentRequest: loadRequestDocument,
};
