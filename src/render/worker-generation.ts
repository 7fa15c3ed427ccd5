/**
 * Worker generations (issue 28): upstream's v2 worker hash over a graph's worker, prefill and
 * decode components, and which generation a graph renders. A changed hash is a new generation,
 * with its own workloads (`<graph>-<lower(component)>-<hash>`) and its own Dynamo namespace
 * (`DYN_NAMESPACE_WORKER_SUFFIX`), so old and new workers never pair during a rollout.
 *
 * The hash is upstream's rule on the graph's nvidia.com/v1beta1 view, serialised as Go's
 * encoding/json does (`go-json.ts` says where it cannot be byte-identical), so a graph moved
 * between this package and the upstream operator keeps its hash. A v1alpha1 graph is converted
 * with `graphSpecV1beta1`, this package's converter; upstream's conversion webhook may shape a
 * v1alpha1 pod template differently (container order, fields it carries that ours reports as not
 * carried), in which case the two disagree once and the graph rolls once when moved.
 */
import { graphSpecV1beta1 } from '../api/convert/graph-v1beta1';
import { JsonObject } from '../api/k8s-types';
import { GraphModel, isWorkerComponent } from '../api/model';
import { ResolvedSettings } from '../api/settings';
import { sha256Hex } from '../api/sha256';
import { rendersWorkerGenerations } from '../api/worker-rollout';
import { MAIN_CONTAINER_NAME } from '../crds/vocabulary';
import { goIsZero, goJson } from './go-json';
import { goStruct } from './go-json-fields';
import { ANNOTATION, LABEL, PRUNE_DISABLED } from './labels';
import { clone, isPlainObject } from './merge';

/** Upstream's hash input version: part of the hashed bytes. */
const HASH_INPUT_VERSION = 'dgd-worker-rollout-v2';
const COMPONENT_CLASS_WORKER = 'worker';

/**
 * `minReadySeconds` of a worker generation's Deployments. The runtime operator drains the old
 * generation by the new one's *available* replicas; a worker pod turns Ready before the frontend
 * has discovered its new Dynamo namespace, and with Dynamo 1.6.1 a frontend that loses the old
 * generation's last worker before it knows the new one drops the model for a moment (requests get
 * 503, then 404 while no chat model is registered). Seen on the real node: 3 of ~250 requests
 * failed without it. Not part of the worker hash (a Deployment field, not the pod template).
 */
export const GENERATION_MIN_READY_SECONDS = 10;

/** A graph's current worker generation and who moves replicas between generations. */
export interface WorkerGeneration {
  /** Upstream's worker hash: 8 hex characters. */
  readonly hash: string;
  /** `operator`: the runtime operator owns worker replica counts; `commits`: the rendered output does. */
  readonly mode: 'operator' | 'commits';
}

/** Upstream's worker hash of the graph: the first 8 hex characters of SHA-256 of `workerHashInput`. */
export function workerHash(graph: GraphModel): string {
  return sha256Hex(workerHashInput(graph)).slice(0, 8);
}

/**
 * The bytes the worker hash is taken of: `{version, backendFramework, workers: {<name>: {...}}}`
 * for the worker-type components, each with the fields of `WorkerComponentHashInput` (go-json-fields.ts)
 * (globalDynamoNamespace, podTemplate, multinode, the hashed declared component fields,
 * compilationCache, experimental). Replicas, scalingAdapter,
 * modelRef, eppConfig and topologyConstraint are left out (scaling and placement never roll
 * workers). The graph's spec.annotations / spec.labels go into each pod template's metadata and
 * spec.env into its `main` container (the component's own values win); a graph with an EPP labels
 * each worker pod template `nvidia.com/dynamo-component-class: worker`.
 */
export function workerHashInput(graph: GraphModel): string {
  const spec = v1beta1Spec(graph);
  const components = (Array.isArray(spec.components) ? spec.components : []).filter(isPlainObject);
  const typeOf = (c: JsonObject) => (typeof c.type === 'string' ? c.type : '');
  const hasEpp = components.some((c) => typeOf(c) === 'epp');
  const workers: Record<string, JsonObject> = {};
  for (const c of components) {
    const name = typeof c.name === 'string' ? c.name : '';
    // Upstream looks each name up: the first component of a name is the one hashed.
    if (!isWorkerComponent(typeOf(c)) || name in workers) continue;
    // The fields of upstream's hash input struct, each as the component has it (the pod template
    // with what the graph adds to it).
    workers[name] = Object.fromEntries(
      goStruct('WorkerComponentHashInput')!.fields.map(({ json }) => [
        json,
        json === 'podTemplate' ? workerPodTemplate(c.podTemplate, spec, hasEpp) : c[json],
      ]),
    );
  }
  return goJson(
    { version: HASH_INPUT_VERSION, backendFramework: spec.backendFramework, workers },
    'DGDWorkerHashInput',
  );
}

/**
 * The generation the graph renders, or `undefined` when its workers roll in place
 * (`workerRollout: in-place`, a Grove graph, a multinode worker, a standalone component, no worker).
 */
export function workerGenerationOf(graph: GraphModel, settings: ResolvedSettings): WorkerGeneration | undefined {
  if (!rendersWorkerGenerations(graph, settings)) return undefined;
  const mode = settings.workerRollout === 'commits' ? 'commits' : 'operator';
  return { hash: workerHash(graph), mode };
}

/**
 * The worker hash of a graph whose workers roll in place on Grove or LeaderWorkerSet although
 * `workerRollout` asks for generations: upstream labels such workers with the hash and suffixes
 * their Dynamo namespace with it too (Grove since its PR #12769), so old and new workers of a
 * rolling update never pair. `undefined` for every other graph.
 */
export function inPlaceWorkerHashOf(graph: GraphModel, settings: ResolvedSettings): string | undefined {
  if (settings.workerRollout === 'in-place' || graph.kind !== 'DynamoGraphDeployment') return undefined;
  if (!graph.components.some((c) => isWorkerComponent(c.type)) || rendersWorkerGenerations(graph, settings))
    return undefined;
  return workerHash(graph);
}

/** The generation a rendered graph record declares (its annotations), for the runtime operator. */
export function renderedWorkerGeneration(
  recordAnnotations: Readonly<Record<string, string>> | undefined,
): WorkerGeneration | undefined {
  const hash = recordAnnotations?.[ANNOTATION.currentWorkerHash];
  const mode = recordAnnotations?.[ANNOTATION.workerRollout];
  if (!hash || (mode !== 'operator' && mode !== 'commits')) return undefined;
  return { hash, mode };
}

/** The record annotations that declare a rendered generation. */
export function workerGenerationAnnotations(generation: WorkerGeneration): Record<string, string> {
  return { [ANNOTATION.currentWorkerHash]: generation.hash, [ANNOTATION.workerRollout]: generation.mode };
}

/**
 * Annotations on every object of a generation: in `operator` mode GitOps prunes leave it alone, so
 * dropping it from Git never deletes workers that still serve (the runtime operator drains and
 * deletes it; an ownerReference to the graph record covers deleting the graph).
 */
export function generationAnnotations(generation: WorkerGeneration | undefined): Record<string, string> {
  return generation?.mode === 'operator' ? { ...PRUNE_DISABLED } : {};
}

/** Labels that mark an object as part of a generation: the graph, the component and the hash. */
export function generationLabels(
  graphName: string,
  componentName: string,
  generation: WorkerGeneration,
): Record<string, string> {
  return { [LABEL.graphName]: graphName, [LABEL.component]: componentName, [LABEL.workerHash]: generation.hash };
}

/** The graph's spec as nvidia.com/v1beta1 (v1alpha1 converted; fields it cannot carry are left out). */
function v1beta1Spec(graph: GraphModel): JsonObject {
  return graphSpecV1beta1({ ...graph.source, apiVersion: graph.apiVersion }).spec;
}

/** The worker's pod template with the graph-level defaults upstream folds in; `undefined` when empty. */
function workerPodTemplate(template: unknown, spec: JsonObject, hasEpp: boolean): JsonObject | undefined {
  let pt: JsonObject | undefined =
    isPlainObject(template) && !goIsZero(template, 'PodTemplateSpec') ? clone(template) : undefined;
  const ensure = (): JsonObject => (pt ??= {});
  const metadata = (): JsonObject => {
    const t = ensure();
    if (!isPlainObject(t.metadata)) t.metadata = {};
    return t.metadata as JsonObject;
  };
  for (const key of ['annotations', 'labels'] as const) {
    const graphValues = spec[key];
    if (!isPlainObject(graphValues) || Object.keys(graphValues).length === 0) continue;
    const m = metadata();
    m[key] = { ...graphValues, ...(isPlainObject(m[key]) ? m[key] : {}) };
  }
  if (hasEpp) {
    const m = metadata();
    m.labels = { ...(isPlainObject(m.labels) ? m.labels : {}), [LABEL.componentClass]: COMPONENT_CLASS_WORKER };
  }
  if (Array.isArray(spec.env) && spec.env.length > 0) {
    const t = ensure();
    if (!isPlainObject(t.spec)) t.spec = {};
    const podSpec = t.spec as JsonObject;
    const containers = Array.isArray(podSpec.containers) ? podSpec.containers : [];
    let main = containers.find((c) => isPlainObject(c) && c.name === MAIN_CONTAINER_NAME) as JsonObject | undefined;
    if (!main) {
      main = { name: MAIN_CONTAINER_NAME };
      podSpec.containers = [main, ...containers];
    }
    main.env = graphEnvUnder(spec.env, main.env);
  }
  return pt && !goIsZero(pt, 'PodTemplateSpec') ? pt : undefined;
}

/** Graph env merged under a container's env by name (the container wins), sorted by name as upstream. */
function graphEnvUnder(graphEnv: unknown[], own: unknown): unknown[] {
  const byName = new Map<string, unknown>();
  for (const e of [...graphEnv, ...(Array.isArray(own) ? own : [])])
    byName.set(isPlainObject(e) && typeof e.name === 'string' ? e.name : '', e);
  return [...byName.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((k) => byName.get(k));
}
