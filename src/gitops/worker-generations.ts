/**
 * Worker generations in a GitOps tree (issue 28, docs/rollouts.md). A changed worker hash renders
 * the workers under new names; if the tree simply lost the previous generation, Flux or Argo CD
 * would prune it while it still serves. So each run reads the graph's directory as the last run
 * wrote it and carries the previous generation's objects into the new output unchanged, and the
 * graph record lists every generation the output holds in `dynamo-iac.io/worker-hashes` (current
 * first), which is also how the next run learns which generation was current.
 *
 * - 'operator' mode: a carried generation stays until the next hash change, then leaves Git; its
 *   objects have pruning disabled, so it keeps serving until the runtime operator has drained it
 *   and deletes it (the operator never deletes a generation the record lists).
 * - 'commits' mode (no operator), and graphs rendered without their record: every carried
 *   generation stays until `retirePrevious`; then Flux or Argo CD prunes it.
 * - A graph's first render with generations: the workers the previous tree rendered in place
 *   (stable names, no hash) stay the same way until `retirePrevious`, in any mode.
 *
 * Pure: the caller reads the tree (src/gitops/write.ts, under the transaction lock).
 */
import { KubeObject } from '../api/k8s-types';
import { ANNOTATION, LABEL } from '../render/labels';
import { objectKey } from '../render/objects';
import { graphRecordOf } from '../render/worker-generation-objects';
import { renderedWorkerGeneration, WorkerGeneration } from '../render/worker-generation';

type WorkerRolloutMode = WorkerGeneration['mode'];
import { GitOpsLayoutInput, GraphObjects } from './layout';

/** A graph's objects as the last run wrote them to its directory (none when there is no such directory). */
export type PreviousGraphObjects = (namespace: string, graph: string) => readonly KubeObject[];

export interface CarryOptions {
  /** Drop every carried generation: the current one has become Ready (`--retire-previous`). @default false */
  readonly retirePrevious?: boolean;
}

/** What happened to one graph that renders worker generations. */
export interface GraphCarry {
  readonly namespace: string;
  readonly graph: string;
  /** The mode the record names; undefined without a record (treated like 'commits'). */
  readonly mode?: WorkerRolloutMode;
  readonly current: string;
  /** True when the previous tree's current generation was another one. */
  readonly changed: boolean;
  /** Generations carried beside the current one, the most recent first. */
  readonly carried: readonly string[];
  /** Generations the previous tree held that this output leaves out. */
  readonly dropped: readonly string[];
  /**
   * `<Kind>/<name>` of the workers the previous tree rendered in place (stable names, no hash: a
   * graph's first render with generations), carried like a generation until `retirePrevious`.
   */
  readonly inPlaceCarried: readonly string[];
  /** The same, dropped by `retirePrevious` in this run. */
  readonly inPlaceDropped: readonly string[];
}

export interface CarryResult {
  readonly input: GitOpsLayoutInput;
  /** Every graph that renders worker generations, in input order. */
  readonly graphs: GraphCarry[];
}

/** Adds the carried generations and the record annotation to each graph of `input`. */
export function carryWorkerGenerations(
  input: GitOpsLayoutInput,
  previous: PreviousGraphObjects,
  options: CarryOptions = {},
): CarryResult {
  const carries: GraphCarry[] = [];
  const graphs = input.graphs?.map((g) => {
    const r = carryGraph(g, previous, options);
    if (!r) return g;
    carries.push(r.carry);
    return r.graph;
  });
  return { input: graphs ? { ...input, graphs } : input, graphs: carries };
}

function carryGraph(
  g: GraphObjects,
  previous: PreviousGraphObjects,
  options: CarryOptions,
): { graph: GraphObjects; carry: GraphCarry } | undefined {
  const now = currentGeneration(g.objects, g);
  if (!now) return undefined;
  const before = previousGenerations(previous(g.namespace, g.name), g);
  const others = before.order.filter((h) => h !== now.hash);
  const changed = before.current !== undefined && before.current !== now.hash;
  let carried: string[];
  if (options.retirePrevious) carried = [];
  // Operator mode keeps only the generation that was current; the operator drains the older ones.
  else if (changed && now.mode === 'operator') carried = before.byHash.has(before.current!) ? [before.current!] : [];
  else carried = others;

  const rendered = new Set(g.objects.map(objectKey));
  // In-place workers are no generation the operator knows: they serve at their replicas, in any
  // mode, until retired like a 'commits' generation.
  const inPlace = inPlaceWorkers(before.objects, g.objects, g, rendered);
  const inPlaceCarried = options.retirePrevious ? [] : inPlace;
  const extra = [
    ...carried.flatMap((h) => before.byHash.get(h)!.filter((o) => !rendered.has(objectKey(o)))),
    ...inPlaceCarried,
  ];
  const objects = g.objects.map((o) => (o === now.record ? withHashList(o, [now.hash, ...carried]) : o));
  return {
    graph: { ...g, objects: [...objects, ...extra] },
    carry: {
      namespace: g.namespace,
      graph: g.name,
      mode: now.mode,
      current: now.hash,
      changed,
      carried,
      dropped: others.filter((h) => !carried.includes(h)),
      inPlaceCarried: inPlaceCarried.map(shown),
      inPlaceDropped: options.retirePrevious ? inPlace.map(shown) : [],
    },
  };
}

const shown = (o: KubeObject) => `${o.kind}/${o.metadata.name}`;

/**
 * Objects of the previous tree that belong to a worker component of this render (its
 * `nvidia.com/dynamo-component` label, on this graph) but to no generation, and that this render
 * does not have: the component's workers as an in-place render named them.
 */
function inPlaceWorkers(
  previous: readonly KubeObject[],
  objects: readonly KubeObject[],
  g: GraphObjects,
  rendered: Set<string>,
): KubeObject[] {
  const componentOf = (o: KubeObject) => o.metadata.labels?.[LABEL.component];
  const workers = new Set(objects.filter((o) => hashOf(o) !== undefined).map(componentOf));
  workers.delete(undefined);
  return previous.filter(
    (o) => hashOf(o) === undefined && ownObject(o, g) && workers.has(componentOf(o)) && !rendered.has(objectKey(o)),
  );
}

/** The graph's own DynamoGraphDeployment record among its objects. */

/** Labelled with the graph's name, in its namespace: what the render gives a graph's workers. */
const ownObject = (o: KubeObject, g: GraphObjects) =>
  o.metadata.labels?.[LABEL.graphName] === g.name && o.metadata.namespace === g.namespace;

const hashOf = (o: KubeObject): string | undefined => o.metadata.labels?.[LABEL.workerHash];

/** The generation the new render made current: from the record, or from the objects' label when the record is left out. */
function currentGeneration(
  objects: readonly KubeObject[],
  g: GraphObjects,
): { hash: string; mode?: WorkerRolloutMode; record?: KubeObject } | undefined {
  const record = graphRecordOf(objects, g);
  if (record) {
    const generation = renderedWorkerGeneration(record.metadata.annotations ?? {});
    return generation && { ...generation, record };
  }
  const hashes = new Set(objects.map(hashOf).filter((h) => h !== undefined));
  return hashes.size === 1 ? { hash: [...hashes][0] } : undefined;
}

/**
 * The generations in the previous tree, grouped by hash; `order` lists them current first as the
 * previous record says, then any it does not name (sorted: without a record there is no order).
 */
function previousGenerations(
  objects: readonly KubeObject[],
  g: GraphObjects,
): { order: string[]; current?: string; byHash: Map<string, KubeObject[]>; objects: readonly KubeObject[] } {
  const byHash = new Map<string, KubeObject[]>();
  for (const o of objects) {
    const h = hashOf(o);
    // Only this graph's own generation objects: a labelled file naming another graph or
    // namespace is not carried into this one.
    if (h === undefined || !ownObject(o, g)) continue;
    let list = byHash.get(h);
    if (!list) byHash.set(h, (list = []));
    list.push(o);
  }
  const annotations = graphRecordOf(objects, g)?.metadata.annotations ?? {};
  const listed = hashList(annotations[ANNOTATION.workerHashes] ?? annotations[ANNOTATION.currentWorkerHash]);
  const known = listed.filter((h) => byHash.has(h));
  const rest = [...byHash.keys()].filter((h) => !known.includes(h)).sort();
  const order = [...known, ...rest];
  // Without the record's word, a single generation in the tree was the current one.
  const current = listed[0] ?? (order.length === 1 ? order[0] : undefined);
  return { order, current, byHash, objects };
}

const hashList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '');

/** The record with `dynamo-iac.io/worker-hashes` set (more than one generation) or absent (only the current one). */
function withHashList(record: KubeObject, hashes: string[]): KubeObject {
  const annotations = { ...record.metadata.annotations };
  if (hashes.length > 1) annotations[ANNOTATION.workerHashes] = hashes.join(',');
  else delete annotations[ANNOTATION.workerHashes];
  return { ...record, metadata: { ...record.metadata, annotations } };
}
