/**
 * Documents of kinds dynamo-iac does not render (a ConfigMap, a PVC, a ResourceClaimTemplate, a
 * CRD's kind beside a graph, as upstream's examples ship them for `kubectl apply -f`): checked,
 * then passed through unchanged. One step for every front end: loadManifests (the CLI) and
 * renderManifest (the constructs' `fromFile`) both read them here.
 */
import { KubeObject, JsonObject } from '../api/k8s-types';
import { errorsOf, Problem, SourcedProblem } from '../api/problems';
import { isObject } from '../api/read';
import { isNamespacedBuiltin, passThroughProblems } from '../api/validate/pass-through-object';
import { objectKey } from '../render/objects';
import { withDefaultNamespace } from '../kinds/document-checks';
import type { LoadedDocument } from '../kinds/loaded-document';

/** A document of a kind dynamo-iac does not render, checked, to pass through unchanged. */
export interface PassedThroughObject {
  /** Where its problems are reported (documentSource). */
  readonly source: string;
  /** The input it came in: the GitOps layout puts it beside the graphs of the same input. */
  readonly input: string;
  readonly object: KubeObject;
}

/**
 * A document of a kind that is not Dynamo's (recogniseDocument's `foreign`: a ConfigMap, a PVC, a
 * CRD's kind) passes through unchanged once its checks pass; a namespaced built-in kind without a
 * namespace gets the default one, as `kubectl apply -n` would give it. A CRD's kind keeps what it
 * has: its scope is in a CRD dynamo-iac does not read.
 */
export function loadPassThroughDocument(doc: JsonObject, defaultNamespace: string): LoadedDocument {
  const problems = passThroughProblems(doc);
  if (errorsOf(problems).length > 0) return { problems, objects: [] };
  const namespaced = isNamespacedBuiltin(doc.apiVersion as string, doc.kind as string);
  return { problems, objects: [], passedThrough: namespaced ? withDefaultNamespace(doc, defaultNamespace) : doc };
}

/**
 * Each identity once per input. The same identity with other content, in another input or among
 * `emitted` (what dynamo-iac emits itself, `where` saying how in problems), is a problem of the
 * later one: applying both would make one silently win. One identical to an emitted object is
 * left out: it is emitted already.
 */
export function uniquePassedThrough(
  items: readonly PassedThroughObject[],
  emitted: readonly KubeObject[],
  where: string,
): { objects: PassedThroughObject[]; problems: SourcedProblem[] } {
  // Most runs pass nothing through: no index of the (many) emitted objects is needed.
  if (items.length === 0) return { objects: [], problems: [] };
  const seen = new Map<string, { object: KubeObject; where: string; passedThrough: boolean }>();
  for (const object of emitted) seen.set(objectKey(object), { object, where, passedThrough: false });
  const perInput = new Set<string>();
  const objects: PassedThroughObject[] = [];
  const problems: SourcedProblem[] = [];
  for (const item of items) {
    const key = objectKey(item.object);
    const prior = seen.get(key);
    if (prior && JSON.stringify(prior.object) !== JSON.stringify(item.object)) {
      const { kind, metadata } = item.object;
      problems.push({
        source: item.source,
        path: 'metadata.name',
        message: `${kind} "${metadata.namespace ?? ''}/${metadata.name}" is also ${prior.where}, with different content`,
        severity: 'error',
      });
      continue;
    }
    if (prior && !prior.passedThrough) continue;
    if (!prior) seen.set(key, { object: item.object, where: `in ${item.source}`, passedThrough: true });
    if (perInput.has(`${item.input}\0${key}`)) continue;
    perInput.add(`${item.input}\0${key}`);
    objects.push(item);
  }
  return { objects, problems };
}

/**
 * The documents of other kinds that came with one graph manifest (a construct's `fromFile`):
 * their objects, each identity once, and their problems, each path led by the document's kind
 * and name.
 */
export function passThroughDocuments(
  docs: readonly unknown[],
  defaultNamespace: string,
): { objects: KubeObject[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const items: PassedThroughObject[] = [];
  for (const doc of docs) {
    const source = documentName(doc);
    const loaded = isObject(doc)
      ? loadPassThroughDocument(doc, defaultNamespace)
      : { problems: [{ path: '', message: 'expected a Kubernetes object', severity: 'error' as const }] };
    problems.push(...loaded.problems.map((p) => ({ ...p, path: p.path ? `${source}: ${p.path}` : source })));
    if ('passedThrough' in loaded && loaded.passedThrough)
      items.push({ source, input: '', object: loaded.passedThrough as KubeObject });
  }
  const unique = uniquePassedThrough(items, [], '');
  return { objects: unique.objects.map((o) => o.object), problems: [...problems, ...sourced(unique.problems)] };
}

/** Objects passed through (passThroughDocuments) that clash with the graph's own rendered objects. */
export function passThroughClashes(passed: readonly KubeObject[], rendered: readonly KubeObject[]): Problem[] {
  const items = passed.map((object) => ({ source: documentName(object), input: '', object }));
  return sourced(uniquePassedThrough(items, rendered, 'rendered from the Dynamo manifest').problems);
}

/** A problem of one document, its kind and name leading the path. */
const sourced = (problems: readonly SourcedProblem[]): Problem[] =>
  problems.map(({ source, ...p }) => ({ ...p, path: `${source}: ${p.path}` }));

/** `ConfigMap engine-config`; the kind alone, or `a document`, for what lacks them. */
function documentName(doc: unknown): string {
  const kind = isObject(doc) && typeof doc.kind === 'string' && doc.kind !== '' ? doc.kind : 'a document';
  const name =
    isObject(doc) && isObject(doc.metadata) && typeof doc.metadata.name === 'string' ? doc.metadata.name : '';
  return name ? `${kind} ${name}` : kind;
}
