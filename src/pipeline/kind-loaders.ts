/**
 * Each Dynamo kind's own way through load and validation, one table row a kind: what a document
 * adds to the render and its problems. The manifest pipeline (./manifests.ts) looks the row up
 * instead of branching on the kind.
 */
import { CHECKPOINT_API_VERSION, DynamoKind, loadCheckpoint, loadGraph, schemaProblems, validateGraph } from '../api';
import { loadDynamoModel } from '../api/dynamo-model';
import { JsonObject, KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { GraphPlacement, withPlacement } from '../api/placement';
import { errorsOf, Problem } from '../api/problems';
import { ResolvedSettings } from '../api/settings';
import { renderDynamoModel } from '../render/model-record';
import { LoadedDocument } from './loaded-document';
import { withDefaultNamespace } from './pass-through';
import type { DocumentContext } from './process-document';

type KindLoader = (doc: JsonObject, context: DocumentContext) => LoadedDocument;

/** Upstream's messages for the kind first; our CRD schema then adds what they missed. */
function withSchemaProblems(doc: JsonObject, problems: Problem[]): Problem[] {
  return [...problems, ...schemaProblems(doc, problems)];
}

const failed = (problems: Problem[]) => errorsOf(problems).length > 0;

/** A graph document loaded and checked: its model (also with problems) and every problem. */
function checkedGraph(
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

const loadGraphDocument: KindLoader = (doc, { settings, placement, defaultNamespace }) => {
  const { model, problems } = checkedGraph(doc, settings, placement, defaultNamespace);
  const asLoaded = { graph: model };
  return failed(problems) || !model
    ? { problems, objects: [], asLoaded }
    : { problems, graph: model, objects: [], asLoaded };
};

const loadModelDocument: KindLoader = (doc, { defaultNamespace }) => {
  const loaded = loadDynamoModel(doc, { defaultNamespace });
  const problems = withSchemaProblems(doc, loaded.problems);
  if (failed(problems)) return { problems, objects: [], asLoaded: { dynamoModel: loaded.model } };
  if (!loaded.model) return { problems, objects: [withDefaultNamespace(doc, defaultNamespace)] };
  return { problems, dynamoModel: loaded.model, objects: [renderDynamoModel(loaded.model)] };
};

const loadCheckpointDocument: KindLoader = (doc, { defaultNamespace }) => {
  const loaded = loadCheckpointDoc(doc, defaultNamespace);
  const problems = withSchemaProblems(doc, loaded.problems);
  const checkpoint = 'model' in loaded ? loaded.model : undefined;
  if (failed(problems)) return { problems, objects: [], asLoaded: { checkpoint } };
  return checkpoint
    ? { problems, checkpoint, objects: [] }
    : { problems, objects: [withDefaultNamespace(doc, defaultNamespace)] };
};

/**
 * A DynamoGraphDeploymentRequest renders as its record plus what its plan generates (or its
 * profiling Job); the generated graph is validated like any graph, its problems naming it.
 */
const loadRequestDocument: KindLoader = (doc, context) => {
  const { settings, placement, defaultNamespace } = context;
  const resolved = context.resolveRequest(doc, { defaultNamespace });
  const problems = [...resolved.problems];
  const finish = (objects: KubeObject[], graph?: GraphModel) => ({
    ...finishRequest(doc, defaultNamespace, problems, objects, graph),
    request: resolved,
  });
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

/** DynamoCheckpoint is served as v1alpha1 only (upstream registers no v1beta1 for it). */
function loadCheckpointDoc(doc: JsonObject, defaultNamespace: string) {
  if (doc.apiVersion !== CHECKPOINT_API_VERSION) {
    return {
      problems: [
        {
          path: 'apiVersion',
          message: `unsupported apiVersion ${JSON.stringify(doc.apiVersion)} for DynamoCheckpoint: expected ${CHECKPOINT_API_VERSION}`,
          severity: 'error' as const,
        },
      ],
    };
  }
  return loadCheckpoint(doc, { defaultNamespace });
}

export const KIND_LOADERS: Readonly<Record<DynamoKind, KindLoader>> = {
  DynamoGraphDeployment: loadGraphDocument,
  DynamoComponentDeployment: loadGraphDocument,
  DynamoModel: loadModelDocument,
  DynamoCheckpoint: loadCheckpointDocument,
  DynamoGraphDeploymentRequest: loadRequestDocument,
};
