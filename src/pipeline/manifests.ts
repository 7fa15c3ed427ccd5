/**
 * The CLI's run: manifest text parsed into documents, each through the one document pipeline
 * (./process-document.ts, as every front end), then the checks across documents, then render.
 */
import { CheckpointModel, validateCheckpointRefs } from '../api';
import { DynamoModelRecord } from '../api/dynamo-model';
import { unservedModelWarning } from '../kinds/registry';
import { JsonObject, KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { ManifestInput, ParsedManifests, parseManifestText } from '../api/parse';
import { GRAPH_KINDS, PASS_THROUGH_KINDS } from '../api/convert/load';
import { errorsOf, Problem, SourcedProblem } from '../api/problems';
import { isObject } from '../api/read';
import { hasRenderedPodProblems, renderedPodProblems } from '../api/validate/rendered-pod-checks';
import { ResolvedSettings } from '../api/settings';
import { acceptValidated, ValidatedGraph } from '../api/validated-graph';
import { PlanSource } from '../plan/resolve-request';
import { dedupeObjects, GraphWithObjects, renderCheckpointRecord, renderEachGraph, RenderOptions } from '../render';
import { PassedThroughObject, uniquePassedThrough } from './pass-through';
import { documentContext, processBoundedDocument } from './process-document';

export interface LoadedManifests {
  /** The graphs that passed every check, the checkpoint references across all inputs included. */
  readonly graphs: { readonly source: string; readonly input: string; readonly model: ValidatedGraph }[];
  /**
   * Objects of other kinds (ConfigMaps, PVCs, a CRD's kinds), in input order, each identity once
   * per input; an identity in several inputs is listed for each (same content: a conflict is a problem).
   */
  readonly passedThrough: PassedThroughObject[];
  /** nvidia.com records emitted as they are: DynamoModel (validated, normalised). */
  readonly passthrough: JsonObject[];
  /** Valid DynamoCheckpoints: rendered as records, and what graphs' `checkpointRef`s resolve to. */
  readonly checkpoints: { readonly source: string; readonly model: CheckpointModel }[];
  readonly problems: SourcedProblem[];
}

export interface ManifestLoadOptions {
  /** Namespace for inputs without one. @default DEFAULT_NAMESPACE */
  readonly defaultNamespace?: string;
  /**
   * The committed plan lock that DynamoGraphDeploymentRequests render from (`dynamo-iac plan`
   * writes it). @default - no lock: every rapid request is reported as not planned
   */
  readonly plans?: PlanSource;
  /**
   * Refuse documents of other kinds (`kind: ConfigMap is not a Dynamo kind`) instead of passing
   * them through. @default false
   */
  readonly onlyDynamoKinds?: boolean;
}

/** Parses, converts and validates every input; all problems of all inputs are collected. */
export function loadManifests(
  inputs: ManifestInput[],
  settings: ResolvedSettings,
  options: ManifestLoadOptions = {},
): LoadedManifests {
  const context = documentContext(settings, options);
  const graphs: { source: string; input: string; model: GraphModel; problems: Problem[] }[] = [];
  const passedThrough: PassedThroughObject[] = [];
  const checkpoints: LoadedManifests['checkpoints'] = [];
  const passthrough: JsonObject[] = [];
  const models: { source: string; model: DynamoModelRecord }[] = [];
  const problems: SourcedProblem[] = [];
  const add = (source: string, ps: Problem[]) => problems.push(...ps.map((p) => ({ ...p, source })));
  for (const input of inputs) {
    const parsed = parseManifestText(input.text, input.source);
    add(input.source, parsed.problems);
    if (parsed.docs.length === 0 && parsed.problems.length === 0) add(input.source, [noDocuments()]);
    for (const [index, doc] of parsed.docs.entries()) {
      const source = documentSource(input.source, parsed, index);
      const loaded = processBoundedDocument(doc, context);
      add(source, loaded.problems);
      if (loaded.graph) graphs.push({ source, input: input.source, model: loaded.graph, problems: loaded.problems });
      if (loaded.passedThrough)
        passedThrough.push({ source, input: input.source, object: loaded.passedThrough as KubeObject });
      if (loaded.dynamoModel) models.push({ source, model: loaded.dynamoModel });
      if (loaded.checkpoint) checkpoints.push({ source, model: loaded.checkpoint });
      passthrough.push(...loaded.objects);
    }
  }
  for (const m of models)
    add(
      m.source,
      defined(
        unservedModelWarning(
          m.model,
          graphs.map((g) => g.model),
        ),
      ),
    );
  // References resolve across all inputs, so they are checked once everything is loaded.
  const known = checkpoints.map((c) => c.model);
  const resolvable = graphs.flatMap((g) => {
    const dangling = validateCheckpointRefs(g.model, known, settings);
    add(g.source, dangling);
    const model = acceptValidated(g.model, [...g.problems, ...dangling]);
    return model ? [{ source: g.source, input: g.input, model }] : [];
  });
  const unique = dedupeObjects(passthrough as KubeObject[]);
  add(
    inputs.map((i) => i.source).join(', '),
    unique.problems.map((p) => ({ ...p, severity: 'error' as const })),
  );
  const passed = uniquePassedThrough(passedThrough, unique.objects, 'emitted from a Dynamo manifest');
  for (const p of passed.problems) add(p.source, [p]);
  return { graphs: resolvable, passthrough: unique.objects, passedThrough: passed.objects, checkpoints, problems };
}

const READ_KINDS = [...GRAPH_KINDS, ...PASS_THROUGH_KINDS].join(', ');

/** An empty or comment-only input is a mistake (a wrong file, an empty pipe), not "0 graphs valid". */
const noDocuments = (): Problem => ({
  path: '',
  message: `no manifests in it (empty, or only comments): expected ${READ_KINDS}`,
  severity: 'error',
});

/**
 * Where a document's problems are reported: the input for a one-document input; for one of several,
 * which one, so two graphs with the same component names can be told apart:
 * `all.yaml (document 2, DynamoGraphDeployment vllm-b, line 41)`.
 */
export function documentSource(source: string, parsed: ParsedManifests, index: number): string {
  if (parsed.docs.length < 2) return source;
  const doc = parsed.docs[index];
  const parts = [`document ${index + 1}`];
  if (isObject(doc)) {
    const name = isObject(doc.metadata) ? doc.metadata.name : undefined;
    const what = [doc.kind, name].filter((x): x is string => typeof x === 'string' && x !== '').join(' ');
    if (what) parts.push(what);
  }
  const line = parsed.lines?.[index];
  if (line !== undefined) parts.push(`line ${line}`);
  return `${source} (${parts.join(', ')})`;
}

export interface RenderedManifests {
  readonly objects: KubeObject[];
  readonly problems: SourcedProblem[];
  /** Each graph with its own objects (unset on errors): what front ends that group objects per graph split by. */
  readonly graphs?: GraphWithObjects[];
  /** The objects of other kinds among `objects`, passed through (unset on errors). */
  readonly passedThrough?: KubeObject[];
}

/** Renders only when no input has an error-level problem, so nothing half-rendered is ever produced. */
export function renderManifests(
  inputs: ManifestInput[],
  settings: ResolvedSettings,
  options: ManifestLoadOptions & RenderOptions = {},
): RenderedManifests {
  const loaded = loadManifests(inputs, settings, options);
  if (errorsOf(loaded.problems).length > 0) return { objects: [], problems: loaded.problems };
  const checkpoints = loaded.checkpoints.map((c) => c.model);
  const rendered = renderEachGraph(
    loaded.graphs.map((g) => g.model),
    settings,
    { ...options, checkpoints },
  );
  if (hasRenderedPodProblems(rendered.objects)) {
    // Rare: find the graphs at fault among their own objects.
    const problems = loaded.graphs.flatMap((g, i) =>
      renderedPodProblems(g.model, rendered.graphs[i].objects).map((p) => ({ ...p, source: g.source })),
    );
    return { objects: [], problems: [...loaded.problems, ...problems] };
  }
  const records = checkpoints.map(renderCheckpointRecord);
  const own = [...rendered.objects, ...records, ...(loaded.passthrough as KubeObject[])];
  const passed = uniquePassedThrough(loaded.passedThrough, own, 'rendered from a Dynamo manifest');
  if (passed.problems.length > 0) return { objects: [], problems: [...loaded.problems, ...passed.problems] };
  const passedThrough = dedupeObjects(passed.objects.map((p) => p.object)).objects;
  return {
    objects: [...passedThrough, ...own],
    problems: loaded.problems,
    graphs: withPassedThrough(rendered.graphs, loaded.graphs, passed.objects),
    passedThrough,
  };
}

/**
 * Each graph's view with the objects passed through from its own input in front: what the GitOps
 * layout puts in the graph's folder (an object that several graphs carry goes to `_shared/`).
 */
function withPassedThrough(
  rendered: readonly GraphWithObjects[],
  loaded: LoadedManifests['graphs'],
  passed: readonly PassedThroughObject[],
): GraphWithObjects[] {
  return rendered.map((g, i) => {
    const mine = passed.filter((p) => p.input === loaded[i].input).map((p) => p.object);
    return mine.length === 0 ? g : { ...g, objects: [...mine, ...g.objects] };
  });
}

const defined = <T>(x: T | undefined): T[] => (x === undefined ? [] : [x]);
