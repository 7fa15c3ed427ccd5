/**
 * From manifest text to rendered objects: parse, load, validate, render.
 * Shared by the CLI and the cdk8s `fromManifest` / `fromFile` adopters, so
 * every front end reports the same problems for the same input.
 */
import { loadGraph, parseManifestText, validateGraph } from './api';
import { JsonObject, KubeObject } from './api/k8s-types';
import { GraphModel } from './api/model';
import { errorsOf, Problem } from './api/problems';
import { ResolvedSettings } from './api/settings';
import { renderGraphs, RenderOptions } from './render';

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
      add(input.source, loaded.problems);
      if (loaded.model) {
        const found = validateGraph(loaded.model, settings);
        add(input.source, found);
        if (errorsOf(found).length === 0) graphs.push({ source: input.source, model: loaded.model });
      } else if (errorsOf(loaded.problems).length === 0 && isObject(doc)) {
        passthrough.push(doc);
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
  return { objects: [...objects, ...(loaded.passthrough as KubeObject[])], problems: loaded.problems };
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
