/** DynamoCheckpoint for every Pulumi language: plain-data args mapped onto the TypeScript `DynamoCheckpoint`. */
import * as pulumi from '@pulumi/pulumi';
import { DynamoCheckpoint as CheckpointRecord, DynamoCheckpointArgs as CheckpointRecordArgs } from '../checkpoint';
import { MetadataArgs } from './common';
import { defined } from './main-container';

/** What the checkpoint captures; hashed into the checkpoint ID. */
export interface CheckpointIdentity {
  model: string;
  /** `vllm`, `sglang` or `trtllm`. */
  backendFramework: string;
  /** Dynamo version; included in the hash only when set. @default - not part of the identity */
  dynamoVersion?: string;
  /** Minimum 1. @default 1 */
  tensorParallelSize?: number;
  /** Minimum 1. @default 1 */
  pipelineParallelSize?: number;
  /** The engine's data type, e.g. `bfloat16`. @default - not part of the identity */
  dtype?: string;
  /** Minimum 1. @default - not part of the identity */
  maxModelLen?: number;
  /** Further engine settings that change the snapshot. @default - none */
  extraParameters?: { [key: string]: string };
}

/** The checkpoint Job. */
export interface CheckpointJob {
  /** The core/v1 PodTemplateSpec of the Job's pod, as in the manifest (camelCase keys). */
  podTemplateSpec: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema's Any: a core/v1 object in any language
  /** Container to snapshot. @default 'main' */
  targetContainerName?: string;
  /** `/dev/shm` of the Job pod. @default - an 8Gi memory emptyDir */
  sharedMemory?: SharedMemory;
  /** Minimum 1. @default 3600 */
  activeDeadlineSeconds?: number;
}

/** `/dev/shm` of the checkpoint Job's pod. */
export interface SharedMemory {
  /** Mount no `/dev/shm` volume. @default false */
  disabled?: boolean;
  /** Size of the memory-backed `/dev/shm`. @default '8Gi' */
  size?: string;
}

/** `spec` of a DynamoCheckpoint (`nvidia.com/v1alpha1`). */
export interface CheckpointSpec {
  identity: CheckpointIdentity;
  job: CheckpointJob;
}

export interface DynamoCheckpointArgs extends MetadataArgs {
  /** `nvidia.com/snapshot-artifact-version`: bump it to capture the same identity again. @default '1' */
  artifactVersion?: string;
  spec: CheckpointSpec;
}

/**
 * A worker checkpoint (the `DynamoCheckpoint` kind): the record the runtime operator captures.
 * Restoring a graph component from it (`experimental.checkpoint`) is TypeScript-only for now.
 *
 * @example
 * # Python
 * dynamo.DynamoCheckpoint("qwen", namespace="inference", spec={
 *     "identity": {"model": "Qwen/Qwen3-0.6B", "backend_framework": "vllm"},
 *     "job": {"pod_template_spec": {"spec": {"containers": [{"name": "main", "image": image}]}}},
 * })
 */
export class DynamoCheckpoint extends pulumi.ComponentResource {
  /** `metadata.name` as emitted. */
  public readonly recordName: pulumi.Output<string>;
  public readonly namespace: pulumi.Output<string>;
  /** The checkpoint ID (identity hash): names the checkpoint Job and labels restored pods. */
  public readonly checkpointId: pulumi.Output<string>;

  constructor(name: string, args: DynamoCheckpointArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:DynamoCheckpoint', name, {}, opts);
    const record = new CheckpointRecord(name, defined(args ?? {}) as unknown as CheckpointRecordArgs, {
      parent: this,
      dependsOn: opts?.dependsOn,
    });
    this.recordName = pulumi.output(record.recordName);
    this.namespace = record.namespace;
    this.checkpointId = record.checkpointId;
    this.registerOutputs({ recordName: this.recordName, namespace: this.namespace, checkpointId: this.checkpointId });
  }
}
