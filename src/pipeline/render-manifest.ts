/**
 * One manifest, already parsed, through load, placement, validation and render: what the cdk8s
 * constructs, the Pulumi components and the planner (for the graphs it generates) do. Every
 * problem of the manifest is reported; nothing half-rendered is returned.
 */
import { CheckpointModel, GraphPlacement, validateCheckpointRefs } from '../api';
import { DynamoKind, GRAPH_KINDS } from '../api/convert/load';
import { DynamoModelRecord } from '../api/dynamo-model';
import { KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { errorsOf, Problem } from '../api/problems';
import { renderedPodProblems } from '../api/validate/rendered-pod-checks';
import { ResolvedSettings } from '../api/settings';
import { acceptValidated } from '../api/validated-graph';
import { renderCheckpointRecord, renderGraph, RenderOptions } from '../render';
import { passThroughClashes, passThroughDocuments } from './pass-through';
import { documentContext, DocumentOptions, processDocument } from './process-document';

export interface ManifestRenderRequest extends RenderOptions, GraphPlacement {
  /** Namespace for a manifest without one. @default DEFAULT_NAMESPACE */
  readonly defaultNamespace?: string;
  /** The kind a front end expects (the DGD construct refuses a DCD manifest). @default - either */
  readonly expectedKind?: GraphModel['kind'];
  /**
   * Documents of other kinds that came with the manifest (ManifestSource.passThrough): checked,
   * and emitted unchanged before the graph's objects. @default - none
   */
  readonly passThrough?: readonly unknown[];
}

export interface RenderedManifest {
  /** Undefined when the manifest is not a graph at all. */
  readonly model?: GraphModel;
  /** Empty when any problem is an error: nothing half-rendered. */
  readonly objects: KubeObject[];
  readonly problems: Problem[];
}

/**
 * The kinds a graph front end takes: the one it expects, or either graph kind; a DGD front end also
 * takes a search candidate, which is the DGD a person would copy it into (its row says so).
 */
function graphKindsTaken(expected: GraphModel['kind'] | undefined): readonly DynamoKind[] {
  const kinds: readonly DynamoKind[] = expected ? [expected] : GRAPH_KINDS;
  return kinds.includes('DynamoGraphDeployment') ? [...kinds, 'DynamoGraphDeploymentCandidate'] : kinds;
}

/** One graph manifest (an object, already parsed) through load, placement, validation and render: what the constructs and components do. */
export function renderManifest(
  input: unknown,
  settings: ResolvedSettings,
  request: ManifestRenderRequest = {},
): RenderedManifest {
  const { defaultNamespace, orchestrator, gangScheduling, kaiScheduler } = request;
  const context = documentContext(settings, {
    defaultNamespace,
    placement: { orchestrator, gangScheduling, kaiScheduler },
  });
  const loaded = processDocument(input, context, graphKindsTaken(request.expectedKind));
  const model = loaded.asLoaded?.graph;
  const problems: Problem[] = [...loaded.problems];
  if (model) problems.push(...validateCheckpointRefs(model, request.checkpoints ?? [], settings));
  // Checked with the graph, so a run reports the problems of every document at once.
  const namespace = model?.namespace ?? context.defaultNamespace;
  const passed = passThroughDocuments(request.passThrough ?? [], namespace);
  problems.push(...passed.problems);
  const valid = model && acceptValidated(model, problems);
  if (!valid) return { model, objects: [], problems };
  const objects = renderGraph(valid, settings, {
    includeGraphRecord: request.includeGraphRecord,
    checkpoints: request.checkpoints,
  });
  const rendered = renderedPodProblems(model, objects);
  if (rendered.length > 0) return { model, objects: [], problems: [...problems, ...rendered] };
  if (passed.objects.length === 0) return { model, objects, problems };
  const clashes = passThroughClashes(passed.objects, objects);
  if (clashes.length > 0) return { model, objects: [], problems: [...problems, ...clashes] };
  return { model, objects: [...passed.objects, ...objects], problems };
}

export interface RenderedCheckpoint {
  readonly model?: CheckpointModel;
  /** The checkpoint record; empty when any problem is an error. */
  readonly objects: KubeObject[];
  readonly problems: Problem[];
}

type RecordOptions = Pick<DocumentOptions, 'defaultNamespace'> & {
  /** The platform's settings, where the front end has them (the release decides the checkpoint kind). */
  readonly settings?: ResolvedSettings;
};

/** One DynamoCheckpoint manifest (already parsed) through the document pipeline: what the constructs and components do. */
export function renderCheckpointManifest(manifest: unknown, request: RecordOptions = {}): RenderedCheckpoint {
  const loaded = processDocument(manifest, recordContext(request), ['DynamoCheckpoint']);
  const model = loaded.checkpoint ?? loaded.asLoaded?.checkpoint;
  if (!model || errorsOf(loaded.problems).length) return { model, objects: [], problems: loaded.problems };
  return { model, objects: [renderCheckpointRecord(model)], problems: loaded.problems };
}

export interface RenderedModel {
  readonly model?: DynamoModelRecord;
  /** The model record; empty when any problem is an error. */
  readonly objects: KubeObject[];
  readonly problems: Problem[];
}

/** One DynamoModel manifest (already parsed) through the document pipeline: what the constructs and components do. */
export function renderModelManifest(manifest: unknown, request: RecordOptions = {}): RenderedModel {
  const loaded = processDocument(manifest, recordContext(request), ['DynamoModel']);
  const objects = loaded.objects as KubeObject[];
  return { model: loaded.dynamoModel ?? loaded.asLoaded?.dynamoModel, objects, problems: loaded.problems };
}

/** Records name no pods: they render without the platform's settings unless given them. */
const recordContext = (request: RecordOptions) =>
  documentContext(request.settings ?? ({} as ResolvedSettings), request);
