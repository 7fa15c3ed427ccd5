/** DynamoModel for every Pulumi language: plain-data args mapped onto the TypeScript `DynamoModel`. */
import * as pulumi from '@pulumi/pulumi';
import { DynamoModel as ModelRecord, DynamoModelArgs as ModelRecordArgs } from '../model';
import { MetadataArgs } from './common';
import { defined } from './main-container';

/** Where a LoRA adapter is loaded from. */
export interface ModelSource {
  /** `s3://…` or `hf://…`. */
  uri: string;
}

/** `spec` of a DynamoModel (`nvidia.com/v1alpha1`). */
export interface ModelSpec {
  /** The name clients use for this model (the LoRA name on the workers). */
  modelName: string;
  /** The base model; equals `modelRef.name` of the graph components that serve it. Immutable. */
  baseModelName: string;
  /** `base` or `lora`. Immutable. @default 'base' */
  modelType?: string;
  /** Required for `lora`. @default - none */
  source?: ModelSource;
}

export interface DynamoModelArgs extends MetadataArgs {
  spec: ModelSpec;
}

/**
 * A model record (the `DynamoModel` kind, e.g. a LoRA adapter), checked with upstream's admission rules.
 *
 * @example
 * # Python
 * dynamo.DynamoModel("support-lora", namespace="inference", spec={
 *     "model_name": "support-lora", "base_model_name": "Qwen/Qwen3-0.6B", "model_type": "lora",
 *     "source": {"uri": "hf://example-org/support-lora@main"},
 * })
 */
export class DynamoModel extends pulumi.ComponentResource {
  /** `metadata.name` as emitted. */
  public readonly recordName: pulumi.Output<string>;
  public readonly namespace: pulumi.Output<string>;

  constructor(name: string, args: DynamoModelArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:DynamoModel', name, {}, opts);
    const record = new ModelRecord(name, defined(args ?? {}) as unknown as ModelRecordArgs, {
      parent: this,
      dependsOn: opts?.dependsOn,
    });
    this.recordName = pulumi.output(record.recordName);
    this.namespace = record.namespace;
    this.registerOutputs({ recordName: this.recordName, namespace: this.namespace });
  }
}
