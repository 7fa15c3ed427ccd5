/** Recognising a parsed document and converting it to the internal model. */
import { DEFAULT_NAMESPACE } from '../../output/kube-object';
import { ConvertOptions } from './convert-common';
import { convertComponentV1alpha1, convertGraphV1alpha1 } from './convert-v1alpha1';
import { convertComponentV1beta1, convertGraphV1beta1 } from './convert-v1beta1';
import { GraphModel } from '../model';
import { Problem } from '../problems';
import { InputReader, isObject } from '../read';
import { SEARCH_API_VERSION } from '../search-kinds';

export const DYNAMO_API_VERSIONS = ['nvidia.com/v1alpha1', 'nvidia.com/v1beta1'] as const;
/** Kinds rendered into Kubernetes objects. */
export const GRAPH_KINDS = ['DynamoGraphDeployment', 'DynamoComponentDeployment'] as const;
/** Kinds we recognise but do not render: front ends pass them through as they are. */
export const PASS_THROUGH_KINDS = ['DynamoModel', 'DynamoCheckpoint', 'DynamoGraphDeploymentRequest'] as const;
/** Dynamo 1.7's search records (v1beta2 only): recognised so their rows can say what to do with them. */
export const SEARCH_KINDS = ['DynamoGraphDeploymentCandidate', 'DynamoGraphDeploymentRun'] as const;

/** Every kind recognised in input, as the messages that refuse another kind list them. */
export const DYNAMO_KINDS = [...GRAPH_KINDS, ...PASS_THROUGH_KINDS, ...SEARCH_KINDS] as const;

export type DynamoKind = (typeof DYNAMO_KINDS)[number];

/** Versions only some kinds have (Dynamo 1.7's v1beta2 request); other kinds take DYNAMO_API_VERSIONS. */
const KIND_API_VERSIONS: Partial<Record<DynamoKind, readonly string[]>> = {
  DynamoGraphDeploymentRequest: [...DYNAMO_API_VERSIONS, SEARCH_API_VERSION],
  DynamoGraphDeploymentCandidate: [SEARCH_API_VERSION],
  DynamoGraphDeploymentRun: [SEARCH_API_VERSION],
};

export interface LoadOptions {
  /** Namespace for documents without `metadata.namespace`. @default 'default' */
  readonly defaultNamespace?: string;
}

export interface LoadResult {
  /** Set for DGD / DCD documents, also when there are problems (so validation can add its own). */
  readonly model?: GraphModel;
  /**
   * Problems found while reading the document. Callers must check these as well as
   * `validateGraph`'s before rendering: a model is returned with the bad fields left out.
   */
  readonly problems: Problem[];
  /** The recognised kind; with no model and no problems it is a pass-through kind. */
  readonly kind?: DynamoKind;
}

/** What a document is: a Dynamo kind, or the problems that say why it is none. */
export interface RecognisedDocument {
  readonly kind?: DynamoKind;
  /**
   * An object of another API group's kind (a ConfigMap, a CRD's kind): `problems` holds the
   * refusal front ends give when they read Dynamo kinds only; the pipeline passes it through instead.
   */
  readonly foreign?: boolean;
  readonly problems: Problem[];
}

/** A document's Dynamo kind, or the problems that say why it is none (not an object, another kind or version). */
export function recogniseDocument(doc: unknown): RecognisedDocument {
  const r = new InputReader();
  if (!isObject(doc)) {
    r.error('', `expected a Kubernetes object (a map with apiVersion and kind), got ${describe(doc)}`);
    return { problems: r.problems };
  }
  const kind = doc.kind;
  const apiVersion = doc.apiVersion;
  const knownKind = typeof kind === 'string' && (DYNAMO_KINDS as readonly string[]).includes(kind);
  // Another kind (a ConfigMap, a List) is not a typo in a Dynamo object: one line that says what to do.
  if (typeof kind === 'string' && kind !== '' && !knownKind && !isDynamoGroup(apiVersion)) {
    r.error('kind', notDynamoKind(kind));
    return { problems: r.problems, foreign: kind !== 'List' };
  }
  const versions: readonly string[] = (knownKind && KIND_API_VERSIONS[kind as DynamoKind]) || DYNAMO_API_VERSIONS;
  const knownVersion = typeof apiVersion === 'string' && versions.includes(apiVersion);
  if (!knownVersion) {
    r.error(
      'apiVersion',
      `unsupported apiVersion ${JSON.stringify(apiVersion ?? null)}: expected one of ${versions.join(', ')}`,
    );
  }
  if (!knownKind) {
    r.error('kind', `unsupported kind ${JSON.stringify(kind ?? null)}: expected one of ${DYNAMO_KINDS.join(', ')}`);
  }
  if (!knownKind || !knownVersion) return { problems: r.problems };
  return { kind: kind as DynamoKind, problems: [] };
}

export function loadGraph(doc: unknown, opts: LoadOptions = {}): LoadResult {
  const recognised = recogniseDocument(doc);
  const dynamoKind = recognised.kind;
  if (dynamoKind === undefined || !isObject(doc)) return { problems: recognised.problems };
  if (!(GRAPH_KINDS as readonly string[]).includes(dynamoKind)) return { problems: [], kind: dynamoKind };

  const r = new InputReader();
  const apiVersion = doc.apiVersion;
  const metadata = r.object(doc.metadata, 'metadata');
  const name = r.requiredString(metadata?.name, 'metadata.name');
  const spec = r.object(doc.spec, 'spec');
  if (!spec) r.error('spec', 'Required value');
  if (!spec) return { problems: r.problems, kind: dynamoKind };

  const convertOptions: ConvertOptions = {
    // A missing name is one problem among others: the spec is still read, and checked, under a
    // stand-in (the model is not rendered: its problems say so), so that every problem shows at once.
    name: name ?? UNNAMED,
    namespace: r.string(metadata?.namespace, 'metadata.namespace') || opts.defaultNamespace || DEFAULT_NAMESPACE,
    metadataLabels: r.stringMap(metadata?.labels, 'metadata.labels'),
    metadataAnnotations: r.stringMap(metadata?.annotations, 'metadata.annotations'),
  };
  const graph = dynamoKind === 'DynamoGraphDeployment';
  const model =
    apiVersion === 'nvidia.com/v1alpha1'
      ? (graph ? convertGraphV1alpha1 : convertComponentV1alpha1)(r, doc, spec, convertOptions)
      : (graph ? convertGraphV1beta1 : convertComponentV1beta1)(r, doc, spec, convertOptions);
  return { model, problems: r.problems, kind: dynamoKind };
}

/** The stand-in name of a document without `metadata.name`, while the rest of it is checked. */
const UNNAMED = 'unnamed';

/** An apiVersion of the nvidia.com group, Dynamo's, whatever the kind. */
export const isDynamoGroup = (apiVersion: unknown) =>
  typeof apiVersion === 'string' && apiVersion.startsWith('nvidia.com/');

function notDynamoKind(kind: string): string {
  if (kind === 'List') return 'List is not read: give each of its items as its own YAML document (separated by ---)';
  return `${kind} is not a Dynamo kind: dynamo-iac reads ${DYNAMO_KINDS.join(', ')}; apply it with kubectl (or keep it beside the rendered output in Git)`;
}

function describe(v: unknown): string {
  if (v === null || v === undefined) return 'an empty document';
  if (Array.isArray(v)) return 'a list';
  return `a ${typeof v}`;
}
