/**
 * DynamoModel in the API model: its input shape (`spec`, as in the `nvidia.com/v1alpha1` CRD) and
 * the loaded record. Loading and upstream's admission rules are the kind's own
 * (src/kinds/model/load.ts); the record is emitted as written.
 */
/** The only version upstream serves DynamoModel in (and the one our CRD serves). */
export const DYNAMO_MODEL_API_VERSION = 'nvidia.com/v1alpha1';
export const MODEL_TYPES = ['base', 'lora', 'adapter'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];
/** URI schemes upstream accepts for a LoRA source. */
export const LORA_SOURCE_SCHEMES = ['s3://', 'hf://'] as const;

export interface DynamoModelSource {
  /** `hf://<org>/<model>[@<revision>]` or `s3://<bucket>/<path>`. */
  readonly uri: string;
}

/** `spec` of a DynamoModel, as in the `nvidia.com/v1alpha1` CRD. */
export interface DynamoModelSpec {
  /** The name clients use for this model (the LoRA name on the workers). */
  readonly modelName: string;
  /** The base model; equals `modelRef.name` of the graph components that serve it. Immutable. */
  readonly baseModelName: string;
  /** Immutable. @default 'base' */
  readonly modelType?: ModelType;
  /** Where the adapter is loaded from; required for `lora`. @default - none */
  readonly source?: DynamoModelSource;
}

/** A loaded DynamoModel: metadata resolved, spec as written (only known fields). */
export interface DynamoModelRecord {
  readonly name: string;
  readonly namespace: string;
  readonly labels: Record<string, string>;
  readonly annotations: Record<string, string>;
  readonly spec: DynamoModelSpec;
}

export const isLoRA = (spec: Pick<DynamoModelSpec, 'modelType'>): boolean => spec.modelType === 'lora';
