/**
 * From manifest text to rendered objects: parse, load, validate, render.
 * Shared by the CLI and the cdk8s `fromManifest` / `fromFile` adopters, so
 * every front end reports the same problems for the same input.
 */
import { GraphPlacement, loadGraph, parseManifestText, schemaProblems, validateGraph, withPlacement } from './api';
import { hasRenderedPodProblems, renderedPodProblems } from './api/rendered-pod-checks';
import { JsonObject, KubeObject } from './api/k8s-types';
import { GraphModel } from './api/model';
import { errorsOf, Problem } from './api/problems';
import { ResolvedSettings } from './api/settings';
import { renderGraph, renderGraphs, RenderOptions } from './render';

export interface ManifestInput {
  /** File name shown in problems (`-` for stdin). */
  readonly source: string;
  readonly text: string;
}

/** A problem together with the input it came from. */
export interface SourcedProblem extends Problem {
  readonly source: string;
}

export interface LoadedManifests {
  readonly graphs: { readonly source: string; readonly model: GraphModel }[];
  /** Recognised nvidia.com documents this version renders as they are (DynamoModel, DynamoCheckpoint). */
  readonly passthrough: JsonObject[];
  readonly problems: SourcedProblem[];
}

export interface ManifestLoadOptions {
  /** Namespace for inputs without one. @default 'default' */
  readonly defaultNamespace?: string;
}

/** Parses, converts and validates every input; all problems of all inputs are collected. */
export function loadManifests(inputs: ManifestInput[], settings: ResolvedSettings, options: ManifestLoadOptions = {}): LoadedManifests {
  const graphs: LoadedManifests['graphs'] = [];
  const passthrough: JsonObject[] = [];
  const problems: SourcedProblem[] = [];
  const add = (source: string, ps: Problem[]) => problems.push(...ps.map((p) => ({ ...p, source })));
  for (const input of inputs) {
    const parsed = parseManifestText(input.text, input.source);
    add(input.source, parsed.problems);
    for (const doc of parsed.docs) {
      const loaded = loadGraph(doc, { defaultNamespace: options.defaultNamespace });
      const found = loaded.model ? validateGraph(loaded.model, settings) : [];
      const schema = schemaProblems(doc, [...loaded.problems, ...found]);
      add(input.source, [...loaded.problems, ...found, ...schema]);
      if (loaded.model) {
        if (errorsOf([...found, ...schema]).length === 0) graphs.push({ source: input.source, model: loaded.model });
      } else if (errorsOf([...loaded.problems, ...schema]).length === 0 && isObject(doc)) {
        passthrough.push(withDefaultNamespace(doc, options.defaultNamespace ?? 'default'));
      }
    }
  }
  return { graphs, passthrough, problems };
}

export interface RenderedManifests {
  readonly objects: KubeObject[];
  readonly problems: SourcedProblem[];
}

/** Renders only when no input has an error-level problem, so nothing half-rendered is ever produced. */
export function renderManifests(
  inputs: ManifestInput[], settings: ResolvedSettings, options: ManifestLoadOptions & RenderOptions = {},
): RenderedManifests {
  const loaded = loadManifests(inputs, settings, options);
  if (errorsOf(loaded.problems).length > 0) return { objects: [], problems: loaded.problems };
  const objects = renderGraphs(loaded.graphs.map((g) => g.model), settings, options);
  if (hasRenderedPodProblems(objects)) {
    // Rare: find the graphs at fault by rendering each alone.
    const problems = loaded.graphs.flatMap((g) =>
      renderedPodProblems(g.model, renderGraph(g.model, settings, options)).map((p) => ({ ...p, source: g.source })));
    return { objects: [], problems: [...loaded.problems, ...problems] };
  }
  return { objects: [...objects, ...(loaded.passthrough as KubeObject[])], problems: loaded.problems };
}

/** Pass-through kinds are namespaced too: they get the same default namespace as graphs. */
function withDefaultNamespace(doc: JsonObject, namespace: string): JsonObject {
  const metadata = isObject(doc.metadata) ? doc.metadata : {};
  return metadata.namespace ? doc : { ...doc, metadata: { ...metadata, namespace } };
}

export interface ManifestRenderRequest extends RenderOptions, GraphPlacement {
  /** Namespace for a manifest without one. @default 'default' */
  readonly defaultNamespace?: string;
  /** The kind a front end expects (the DGD construct refuses a DCD manifest). @default - either */
  readonly expectedKind?: GraphModel['kind'];
}

export interface RenderedManifest {
  /** Undefined when the manifest is not a graph at all. */
  readonly model?: GraphModel;
  /** Empty when any problem is an error: nothing half-rendered. */
  readonly objects: KubeObject[];
  readonly problems: Problem[];
}

/** One graph manifest (an object, already parsed) through load, placement, validation and render: what the constructs and components do. */
export function renderManifest(manifest: unknown, settings: ResolvedSettings, request: ManifestRenderRequest = {}): RenderedManifest {
  const loaded = loadGraph(manifest, { defaultNamespace: request.defaultNamespace });
  const model = loaded.model && withPlacement(loaded.model, request);
  const problems: Problem[] = [...loaded.problems];
  if (model && request.expectedKind && model.kind !== request.expectedKind) {
    problems.push({ path: 'kind', message: `expected ${request.expectedKind}, got ${model.kind}`, severity: 'error' });
  }
  if (model) problems.push(...validateGraph(model, settings));
  if (model) problems.push(...schemaProblems(manifest, problems));
  if (!model || errorsOf(problems).length > 0) return { model, objects: [], problems };
  const objects = renderGraph(model, settings, { includeGraphRecord: request.includeGraphRecord });
  const rendered = renderedPodProblems(model, objects);
  if (rendered.length > 0) return { model, objects: [], problems: [...problems, ...rendered] };
  return { model, objects, problems };
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
