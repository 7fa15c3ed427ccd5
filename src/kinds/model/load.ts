/**
 * DynamoModel from a manifest: loading, and upstream's admission rules with their messages
 * (create and update). The runtime operator loads LoRA adapters into the pods.
 */
import { DEFAULT_NAMESPACE } from '../../output/kube-object';
import {
  DYNAMO_MODEL_API_VERSION,
  DynamoModelRecord,
  DynamoModelSpec,
  LORA_SOURCE_SCHEMES,
  MODEL_TYPES,
  ModelType,
} from '../../api/dynamo-model';
import { annotationMapProblems, labelMapProblems } from '../../api/k8s-object-rules';
import { dns1123Subdomain } from '../../api/k8s-syntax';
import { GraphModel } from '../../api/model';
import { Problem } from '../../api/problems';
import { fieldPath, InputReader, isObject, keyPath } from '../../api/read';

/** Upstream's create-time webhook rules, every one reported (upstream stops at the first). */
export function validateDynamoModelSpec(spec: Partial<DynamoModelSpec>): Problem[] {
  const out: Problem[] = [];
  const error = (path: string, message: string) => out.push({ path, message, severity: 'error' });
  if (!spec.modelName) error('spec.modelName', 'spec.modelName is required');
  if (!spec.baseModelName) error('spec.baseModelName', 'spec.baseModelName is required');
  if (spec.modelType !== undefined && !(MODEL_TYPES as readonly string[]).includes(spec.modelType)) {
    error(
      'spec.modelType',
      `Unsupported value: "${spec.modelType}": supported values: ${MODEL_TYPES.map((t) => `"${t}"`).join(', ')}`,
    );
  }
  if (spec.modelType === 'lora') {
    if (!spec.source) error('spec.source', "spec.source is required when modelType is 'lora'");
    else if (!spec.source.uri) error('spec.source.uri', "spec.source.uri must be specified when modelType is 'lora'");
    else if (!LORA_SOURCE_SCHEMES.some((s) => spec.source!.uri.startsWith(s))) {
      error('spec.source.uri', `source URI must start with 's3://' or 'hf://', got: ${spec.source.uri}`);
    }
  }
  return out;
}

/**
 * Upstream's update rules: `modelType` and `baseModelName` are immutable (a changed
 * `source.uri` is allowed and reloads the adapter). Warnings come with the errors, as upstream's.
 */
export function validateDynamoModelUpdate(
  previous: Partial<DynamoModelSpec>,
  next: Partial<DynamoModelSpec>,
): Problem[] {
  if ((previous.modelType ?? 'base') !== (next.modelType ?? 'base')) {
    return [
      { path: 'spec.modelType', message: 'Changing spec.modelType may cause unexpected behavior', severity: 'warning' },
      {
        path: 'spec.modelType',
        message: 'spec.modelType is immutable and cannot be changed after creation',
        severity: 'error',
      },
    ];
  }
  if (previous.baseModelName !== next.baseModelName) {
    return [
      {
        path: 'spec.baseModelName',
        message: 'Changing spec.baseModelName will break endpoint discovery',
        severity: 'warning',
      },
      {
        path: 'spec.baseModelName',
        message: 'spec.baseModelName is immutable and cannot be changed after creation',
        severity: 'error',
      },
    ];
  }
  return [];
}

/**
 * A model whose namespace has graphs in the same input set, none of which serves its base model:
 * most likely a typo in `baseModelName` or `modelRef.name` (the model would find no endpoints).
 * A warning, because the serving graph may be applied from elsewhere.
 */
export function unservedModelWarning(model: DynamoModelRecord, graphs: readonly GraphModel[]): Problem | undefined {
  const here = graphs.filter((g) => g.namespace === model.namespace);
  if (here.length === 0 || here.some((g) => g.components.some((c) => c.modelRef?.name === model.spec.baseModelName)))
    return undefined;
  return {
    path: 'spec.baseModelName',
    message: `no component of the graphs in namespace "${model.namespace}" serves ${JSON.stringify(model.spec.baseModelName)} (modelRef.name); this model will find no endpoints`,
    severity: 'warning',
  };
}

const SPEC_FIELDS = ['modelName', 'baseModelName', 'modelType', 'source'];

export interface DynamoModelLoad {
  /** Set when the document reads as a DynamoModel, also when there are problems. */
  readonly model?: DynamoModelRecord;
  readonly problems: Problem[];
}

/** Reads and validates a DynamoModel document (apiVersion and kind already recognised by the caller). */
export function loadDynamoModel(doc: unknown, opts: { defaultNamespace?: string } = {}): DynamoModelLoad {
  const r = new InputReader();
  if (!isObject(doc)) {
    r.error('', 'expected a Kubernetes object (a map with apiVersion and kind)');
    return { problems: r.problems };
  }
  if (doc.apiVersion !== DYNAMO_MODEL_API_VERSION) {
    r.error(
      'apiVersion',
      `DynamoModel is served as ${DYNAMO_MODEL_API_VERSION} only, got ${JSON.stringify(doc.apiVersion ?? null)}`,
    );
  }
  const metadata = r.object(doc.metadata, 'metadata');
  const name = r.requiredString(metadata?.name, 'metadata.name');
  if (name) for (const m of dns1123Subdomain(name)) r.error('metadata.name', m);
  const namespace = r.string(metadata?.namespace, 'metadata.namespace') || opts.defaultNamespace || DEFAULT_NAMESPACE;
  const labels = r.stringMap(metadata?.labels, 'metadata.labels');
  for (const p of labelMapProblems(labels)) r.error(keyPath('metadata.labels', p.key), p.message);
  const annotations = r.stringMap(metadata?.annotations, 'metadata.annotations');
  for (const p of annotationMapProblems(annotations))
    r.error(p.key ? keyPath('metadata.annotations', p.key) : 'metadata.annotations', p.message);
  const spec = r.object(doc.spec, 'spec');
  if (!spec) {
    r.error('spec', 'Required value');
    return { problems: r.problems };
  }
  for (const k of Object.keys(spec)) {
    if (!SPEC_FIELDS.includes(k))
      r.warn(fieldPath('spec', k), `unknown field; the API server drops it (known: ${SPEC_FIELDS.join(', ')})`);
  }
  const source = r.object(spec.source, 'spec.source');
  const read: Partial<DynamoModelSpec> = dropUndefined({
    modelName: r.string(spec.modelName, 'spec.modelName'),
    baseModelName: r.string(spec.baseModelName, 'spec.baseModelName'),
    modelType: r.string(spec.modelType, 'spec.modelType') as ModelType | undefined,
    source: source ? { uri: r.string(source.uri, 'spec.source.uri') ?? '' } : undefined,
  });
  r.problems.push(...validateDynamoModelSpec(read));
  const model: DynamoModelRecord = {
    name: name ?? '',
    namespace,
    labels,
    annotations,
    spec: read as DynamoModelSpec,
  };
  return { model, problems: r.problems };
}

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
