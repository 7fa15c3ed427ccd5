/**
 * One manifest, already parsed, through load, placement, validation and render: what the cdk8s
 * constructs, the Pulumi components and the planner (for the graphs it generates) do. Every
 * problem of the manifest is reported; nothing half-rendered is returned.
 */
import {
  CHECKPOINT_API_VERSION,
  CheckpointModel,
  GraphPlacement,
  loadCheckpoint,
  loadGraph,
  schemaProblems,
  validateCheckpointRefs,
  validateGraph,
  withPlacement,
} from '../api';
import { pruneNulls } from '../api/convert/prune-nulls';
import { JsonObject, KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { errorsOf, Problem } from '../api/problems';
import { overLimits } from '../api/parse';
import { isObject } from '../api/read';
import { renderedPodProblems } from '../api/validate/rendered-pod-checks';
import { ResolvedSettings } from '../api/settings';
import { acceptValidated } from '../api/validated-graph';
import { renderCheckpointRecord, renderGraph, RenderOptions } from '../render';
import { passThroughClashes, passThroughDocuments } from './pass-through';

export interface ManifestRenderRequest extends RenderOptions, GraphPlacement {
  /** Namespace for a manifest without one. @default 'default' */
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

/** One graph manifest (an object, already parsed) through load, placement, validation and render: what the constructs and components do. */
export function renderManifest(
  input: unknown,
  settings: ResolvedSettings,
  request: ManifestRenderRequest = {},
): RenderedManifest {
  // A manifest built in code can contain itself or be huge: bounded like parsed input.
  const over = overLimits(input);
  if (over !== undefined)
    return { objects: [], problems: [{ path: '', message: `the manifest ${over}`, severity: 'error' }] };
  const manifest = pruneNulls(input);
  const loaded = loadGraph(manifest, { defaultNamespace: request.defaultNamespace });
  const model = loaded.model && withPlacement(loaded.model, request);
  const problems: Problem[] = [...loaded.problems];
  if (model && request.expectedKind && model.kind !== request.expectedKind) {
    problems.push({ path: 'kind', message: `expected ${request.expectedKind}, got ${model.kind}`, severity: 'error' });
  }
  if (model) problems.push(...validateGraph(model, settings));
  if (model) problems.push(...validateCheckpointRefs(model, request.checkpoints ?? []));
  if (model) problems.push(...schemaProblems(manifest, problems));
  // Checked with the graph, so a run reports the problems of every document at once.
  const namespace = model?.namespace ?? request.defaultNamespace ?? 'default';
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

/** One DynamoCheckpoint manifest (already parsed) through load and validation: what the constructs and components do. */
export function renderCheckpointManifest(
  manifest: unknown,
  request: { readonly defaultNamespace?: string } = {},
): RenderedCheckpoint {
  if (!isObject(manifest) || manifest.kind !== 'DynamoCheckpoint') {
    const kind = isObject(manifest) ? manifest.kind : undefined;
    return {
      objects: [],
      problems: [
        { path: 'kind', message: `expected DynamoCheckpoint, got ${JSON.stringify(kind ?? null)}`, severity: 'error' },
      ],
    };
  }
  const loaded = loadCheckpointDoc(manifest, request.defaultNamespace);
  const model = 'model' in loaded ? loaded.model : undefined;
  if (!model || errorsOf(loaded.problems).length) return { model, objects: [], problems: loaded.problems };
  return { model, objects: [renderCheckpointRecord(model)], problems: loaded.problems };
}

/** DynamoCheckpoint is served as v1alpha1 only (upstream registers no v1beta1 for it). */
export function loadCheckpointDoc(doc: JsonObject, defaultNamespace: string | undefined) {
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
