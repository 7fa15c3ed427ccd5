/**
 * The wire format of the KRM Functions Specification (kustomize's exec and container functions,
 * kpt): a `ResourceList` in on stdin, a `ResourceList` out on stdout, with the function's problems
 * in `results` (severity, message, resource reference, field path). Only the format lives here;
 * what dynamo-iac does with the items is commands/krm.ts.
 */
import { JsonObject } from '../api/k8s-types';
import { parseManifestText } from '../api/parse';
import { Problem, SourcedProblem } from '../api/problems';
import { isObject } from '../api/read';

export const RESOURCE_LIST_KIND = 'ResourceList';
/** v1 is today's version; v1beta1 is what older orchestrators send. The output echoes the input's. */
export const RESOURCE_LIST_VERSIONS = ['config.kubernetes.io/v1', 'config.kubernetes.io/v1beta1'] as const;

export interface ResourceList {
  readonly apiVersion: string;
  readonly items: JsonObject[];
  readonly functionConfig?: JsonObject;
}

/** One entry of `results`, as the specification and kustomize's kyaml define it. */
export interface KrmResult {
  readonly message: string;
  readonly severity: 'error' | 'warning' | 'info';
  readonly resourceRef?: { apiVersion: string; kind: string; name: string; namespace?: string };
  readonly field?: { path: string };
}

/** The ResourceList in `text`, or the problems that make it none (paths from the list's root). */
export function readResourceList(text: string, source: string): { list?: ResourceList; problems: Problem[] } {
  const parsed = parseManifestText(text, source);
  if (parsed.problems.length > 0) return { problems: parsed.problems };
  const fail = (path: string, message: string) => ({ problems: [{ path, message, severity: 'error' as const }] });
  if (parsed.docs.length !== 1) return fail('', `expected one ResourceList document, found ${parsed.docs.length}`);
  const doc = parsed.docs[0];
  if (!isObject(doc)) return fail('', 'expected a ResourceList object');
  if (doc.kind !== RESOURCE_LIST_KIND)
    return fail('kind', `expected ${RESOURCE_LIST_KIND}, got ${JSON.stringify(doc.kind ?? null)}`);
  const apiVersion = doc.apiVersion;
  if (typeof apiVersion !== 'string' || !(RESOURCE_LIST_VERSIONS as readonly string[]).includes(apiVersion))
    return fail(
      'apiVersion',
      `expected ${RESOURCE_LIST_VERSIONS.join(' or ')}, got ${JSON.stringify(apiVersion ?? null)}`,
    );
  const items = doc.items ?? [];
  if (!Array.isArray(items)) return fail('items', 'must be a list of objects');
  const notObject = items.findIndex((i) => !isObject(i));
  if (notObject >= 0) return fail(`items[${notObject}]`, 'must be an object');
  const functionConfig = doc.functionConfig;
  if (functionConfig !== undefined && functionConfig !== null && !isObject(functionConfig))
    return fail('functionConfig', 'must be an object');
  return {
    list: { apiVersion, items: items as JsonObject[], functionConfig: functionConfig ?? undefined },
    problems: [],
  };
}

/** The output ResourceList; `results` only when there is something to say. */
export function resourceListOutput(
  apiVersion: string,
  items: readonly JsonObject[],
  results: readonly KrmResult[],
): JsonObject {
  return {
    apiVersion,
    kind: RESOURCE_LIST_KIND,
    items: [...items],
    ...(results.length > 0 ? { results: [...results] } : {}),
  };
}

/** A problem as a result: `item` is the object it is about, when there is one. */
export function krmResult(problem: Problem | SourcedProblem, item?: JsonObject): KrmResult {
  return {
    message: problem.message,
    severity: problem.severity ?? 'error',
    ...(item ? { resourceRef: resourceRef(item) } : {}),
    ...(problem.path ? { field: { path: problem.path } } : {}),
  };
}

function resourceRef(item: JsonObject): KrmResult['resourceRef'] {
  const metadata = isObject(item.metadata) ? item.metadata : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    apiVersion: text(item.apiVersion),
    kind: text(item.kind),
    name: text(metadata.name),
    ...(typeof metadata.namespace === 'string' ? { namespace: metadata.namespace } : {}),
  };
}

/**
 * Annotations an orchestrator sets on items to track them through a function (kustomize's ids,
 * kio's file, index and indentation): kept on items passed through, never carried into what a
 * Dynamo object renders.
 */
const ORCHESTRATION_PREFIXES = [
  'config.kubernetes.io/',
  'internal.config.kubernetes.io/',
  'config.k8s.io/',
  'kustomize.config.k8s.io/',
];

export const isOrchestrationAnnotation = (key: string) => ORCHESTRATION_PREFIXES.some((p) => key.startsWith(p));

/** `config.kubernetes.io/local-config: "true"`: configuration for the tools, never part of the output. */
export function isLocalConfig(item: JsonObject): boolean {
  const annotations = isObject(item.metadata) ? item.metadata.annotations : undefined;
  return isObject(annotations) && annotations['config.kubernetes.io/local-config'] === 'true';
}

/** `item` without the orchestration annotations (and without `annotations` if none are left). */
export function withoutOrchestrationAnnotations(item: JsonObject): JsonObject {
  if (!isObject(item.metadata) || !isObject(item.metadata.annotations)) return item;
  const { annotations, ...metadata } = item.metadata;
  const kept = Object.entries(annotations).filter(([k]) => !isOrchestrationAnnotation(k));
  return {
    ...item,
    metadata: kept.length > 0 ? { ...metadata, annotations: Object.fromEntries(kept) } : metadata,
  };
}
