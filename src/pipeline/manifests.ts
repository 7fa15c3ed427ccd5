/**
 * From manifest text to rendered objects: parse, load, validate, render.
 * Shared by the CLI and the cdk8s `fromManifest` / `fromFile` adopters, so
 * every front end reports the same problems for the same input.
 */
import { CheckpointModel, loadGraph, schemaProblems, validateCheckpointRefs, validateGraph } from '../api';
import { DynamoModelRecord, loadDynamoModel, unservedModelWarning } from '../api/dynamo-model';
import { JsonObject, KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { ManifestInput, ParsedManifests, parseManifestText } from '../api/parse';
import { GRAPH_KINDS, PASS_THROUGH_KINDS } from '../api/convert/load';
import { errorsOf, Problem, SourcedProblem } from '../api/problems';
import { isObject } from '../api/read';
import { hasRenderedPodProblems, renderedPodProblems } from '../api/validate/rendered-pod-checks';
import { ResolvedSettings } from '../api/settings';
import { acceptValidated, ValidatedGraph } from '../api/validated-graph';
import { DEFAULT_LOCK_FILE } from '../plan/lock';
import { PlanSource, resolveRequest } from '../plan/resolve-request';
import { dedupeObjects, GraphWithObjects, renderCheckpointRecord, renderEachGraph, RenderOptions } from '../render';
import { renderDynamoModel } from '../render/model-record';
import { loadCheckpointDoc } from './render-manifest';

export interface LoadedManifests {
  /** The graphs that passed every check, the checkpoint references across all inputs included. */
  readonly graphs: { readonly source: string; readonly model: ValidatedGraph }[];
  /** nvidia.com records emitted as they are: DynamoModel (validated, normalised). */
  readonly passthrough: JsonObject[];
  /** Valid DynamoCheckpoints: rendered as records, and what graphs' `checkpointRef`s resolve to. */
  readonly checkpoints: { readonly source: string; readonly model: CheckpointModel }[];
  readonly problems: SourcedProblem[];
}

export interface ManifestLoadOptions {
  /** Namespace for inputs without one. @default 'default' */
  readonly defaultNamespace?: string;
  /**
   * The committed plan lock that DynamoGraphDeploymentRequests render from (`dynamo-iac plan`
   * writes it). @default - no lock: every rapid request is reported as not planned
   */
  readonly plans?: PlanSource;
}

/** Parses, converts and validates every input; all problems of all inputs are collected. */
export function loadManifests(
  inputs: ManifestInput[],
  settings: ResolvedSettings,
  options: ManifestLoadOptions = {},
): LoadedManifests {
  const graphs: { source: string; model: GraphModel; problems: Problem[] }[] = [];
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
      const loaded = loadGraph(doc, { defaultNamespace: options.defaultNamespace });
      // Each kind's own rules (upstream's messages) first; the CRD schema adds what they missed.
      const kindChecks = loaded.model ? validateGraph(loaded.model, settings) : [];
      let model: DynamoModelRecord | undefined;
      let checkpoint: CheckpointModel | undefined;
      if (loaded.kind === 'DynamoModel' && errorsOf(loaded.problems).length === 0) {
        const dm = loadDynamoModel(doc, { defaultNamespace: options.defaultNamespace });
        kindChecks.push(...dm.problems);
        model = dm.model;
      } else if (loaded.kind === 'DynamoGraphDeploymentRequest' && errorsOf(loaded.problems).length === 0) {
        // A request renders as its record plus what its plan generates (or its profiling Job).
        const planned = loadRequest(doc, settings, options);
        add(source, planned.problems);
        if (errorsOf(planned.problems).length === 0) {
          passthrough.push(
            withDefaultNamespace(doc as JsonObject, options.defaultNamespace ?? 'default'),
            ...planned.objects,
          );
          if (planned.graph) graphs.push({ source, model: planned.graph, problems: planned.problems });
        }
        continue;
      } else if (loaded.kind === 'DynamoCheckpoint' && errorsOf(loaded.problems).length === 0 && isObject(doc)) {
        const loadedCheckpoint = loadCheckpointDoc(doc, options.defaultNamespace);
        kindChecks.push(...loadedCheckpoint.problems);
        checkpoint = loadedCheckpoint.model;
      }
      const known = [...loaded.problems, ...kindChecks];
      const all = [...known, ...schemaProblems(doc, known)];
      add(source, all);
      if (errorsOf(all).length > 0) continue;
      if (loaded.model) {
        graphs.push({ source, model: loaded.model, problems: all });
      } else if (model) {
        models.push({ source, model });
        passthrough.push(renderDynamoModel(model));
      } else if (checkpoint) {
        checkpoints.push({ source, model: checkpoint });
      } else if (isObject(doc)) {
        passthrough.push(withDefaultNamespace(doc, options.defaultNamespace ?? 'default'));
      }
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
    const dangling = validateCheckpointRefs(g.model, known);
    add(g.source, dangling);
    const model = acceptValidated(g.model, [...g.problems, ...dangling]);
    return model ? [{ source: g.source, model }] : [];
  });
  const unique = dedupeObjects(passthrough as KubeObject[]);
  add(
    inputs.map((i) => i.source).join(', '),
    unique.problems.map((p) => ({ ...p, severity: 'error' as const })),
  );
  return { graphs: resolvable, passthrough: unique.objects, checkpoints, problems };
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

/**
 * A DynamoGraphDeploymentRequest through its plan: the generated graph, validated like any graph
 * (its problems name it), when planned and `autoApply`; otherwise only what goes with it.
 */
function loadRequest(
  doc: unknown,
  settings: ResolvedSettings,
  options: ManifestLoadOptions,
): { graph?: GraphModel; objects: KubeObject[]; problems: Problem[] } {
  const plans = options.plans ?? { file: DEFAULT_LOCK_FILE };
  const resolved = resolveRequest(doc, plans, { defaultNamespace: options.defaultNamespace });
  const problems = [...resolved.problems];
  if (!resolved.graph || errorsOf(problems).length) return { objects: resolved.objects, problems };
  const loaded = loadGraph(resolved.graph);
  const graphProblems = [...loaded.problems];
  if (loaded.model) graphProblems.push(...validateGraph(loaded.model, settings));
  graphProblems.push(...schemaProblems(resolved.graph, graphProblems));
  const name = resolved.graph.metadata.name;
  problems.push(...graphProblems.map((p) => ({ ...p, path: `generated DynamoGraphDeployment ${name}: ${p.path}` })));
  // autoApply: false keeps the graph out of the output; `dynamo-iac plan` wrote it for review.
  if (!resolved.deploy) return { objects: [], problems };
  return { graph: loaded.model, objects: resolved.objects, problems };
}

export interface RenderedManifests {
  readonly objects: KubeObject[];
  readonly problems: SourcedProblem[];
  /** Each graph with its own objects (unset on errors): what front ends that group objects per graph split by. */
  readonly graphs?: GraphWithObjects[];
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
  return {
    objects: [...rendered.objects, ...records, ...(loaded.passthrough as KubeObject[])],
    problems: loaded.problems,
    graphs: rendered.graphs,
  };
}

/** Pass-through kinds are namespaced too: they get the same default namespace as graphs. */
function withDefaultNamespace(doc: JsonObject, namespace: string): JsonObject {
  const metadata = isObject(doc.metadata) ? doc.metadata : {};
  return metadata.namespace ? doc : { ...doc, metadata: { ...metadata, namespace } };
}

const defined = <T>(x: T | undefined): T[] => (x === undefined ? [] : [x]);
