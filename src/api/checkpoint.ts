/**
 * DynamoCheckpoint (`nvidia.com/v1alpha1`) in the API model: input shape, the loaded checkpoint and
 * its identity. Loading and validation are the kind's own (src/kinds/checkpoint/load.ts).
 *
 * Only standalone checkpoints are modelled: a checkpoint with an identity that components
 * reference by name (`checkpointRef`). DGD-managed automatic checkpoints are created by the
 * upstream DGD controller at runtime and are rejected here (docs/deviations.md).
 */
import { CheckpointIdentityInput, checkpointIdentityHash } from './checkpoint-identity';
import { JsonObject } from './k8s-types';
import type { PodTemplateInput } from './input/v1beta1';
import type { DynamoVersion } from './settings';

export { type CheckpointIdentityInput, checkpointIdentityHash } from './checkpoint-identity';

export const CHECKPOINT_API_VERSION = 'nvidia.com/v1alpha1';

/**
 * What a component's `checkpointRef` names in a release. Upstream dropped the DynamoCheckpoint CRD
 * when Dynamo Snapshot became its own project; from 1.7 we follow it: the reference names that
 * project's PodSnapshot, which upstream's pod webhook restores from at pod creation. Graphs for
 * 1.6 keep rendering DynamoCheckpoints and their restore wiring.
 */
export const checkpointRefKind = (release: DynamoVersion): 'DynamoCheckpoint' | 'PodSnapshot' =>
  release === '1.6' ? 'DynamoCheckpoint' : 'PodSnapshot';

/** Why a DynamoCheckpoint is refused for a release whose checkpointRef names a PodSnapshot. */
export const checkpointKindGoneMessage = (release: DynamoVersion): string =>
  `Forbidden: Dynamo ${release} has no DynamoCheckpoint kind (upstream dropped its CRD when Dynamo Snapshot became its own project; checkpointRef names a PodSnapshot): render for 1.6 (dynamoVersion, --dynamo-version) to keep DynamoCheckpoints`;

/** Keys of the snapshot protocol that the operator, the node agent and restored pods share. */
export const CHECKPOINT_LABEL = {
  checkpointId: 'nvidia.com/snapshot-checkpoint-id',
  checkpointSource: 'nvidia.com/snapshot-is-checkpoint-source',
  restoreTarget: 'nvidia.com/snapshot-is-restore-target',
} as const;
export const CHECKPOINT_ANNOTATION = {
  artifactVersion: 'nvidia.com/snapshot-artifact-version',
  storageType: 'nvidia.com/snapshot-storage-type',
  storageBasePath: 'nvidia.com/snapshot-storage-base-path',
  targetContainers: 'nvidia.com/snapshot-target-containers',
  /** Written on the checkpoint Job by the node agent: `completed` / `failed`. */
  checkpointStatus: 'nvidia.com/snapshot-checkpoint-status',
  /** Marks a DGD-managed automatic checkpoint (upstream runtime only). */
  autoCheckpoint: 'nvidia.com/dynamo-auto-checkpoint',
} as const;
export const DEFAULT_ARTIFACT_VERSION = '1';
export const DEFAULT_CHECKPOINT_DEADLINE_SECONDS = 3600;

/** `spec.job` of a DynamoCheckpoint: the workload the checkpoint Job runs until it is ready. */
export interface CheckpointJobInput {
  /** The pod to run and snapshot (a PodTemplateSpec); its target container runs the engine. */
  readonly podTemplateSpec: PodTemplateInput;
  /** Container to snapshot. @default 'main' */
  readonly targetContainerName?: string;
  /** `/dev/shm` of the Job pod. @default - an 8Gi memory emptyDir */
  readonly sharedMemory?: { readonly disabled?: boolean; readonly size?: string };
  /** Minimum 1. @default 3600 */
  readonly activeDeadlineSeconds?: number;
}

/** `spec` of a DynamoCheckpoint. */
export interface DynamoCheckpointSpec {
  /** Required for a standalone checkpoint; hashed into the checkpoint ID. */
  readonly identity: CheckpointIdentityInput;
  readonly job: CheckpointJobInput;
}

export interface DynamoCheckpointManifest {
  readonly apiVersion: typeof CHECKPOINT_API_VERSION;
  readonly kind: 'DynamoCheckpoint';
  readonly metadata: {
    readonly name: string;
    readonly namespace?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly annotations?: Readonly<Record<string, string>>;
  };
  readonly spec: DynamoCheckpointSpec;
}

export interface CheckpointModel {
  readonly name: string;
  readonly namespace: string;
  readonly labels: Record<string, string>;
  readonly annotations: Record<string, string>;
  readonly identity?: CheckpointIdentityInput;
  /** `spec.job` as written (the Job builder applies defaults). */
  readonly job: JsonObject;
  /** The manifest as written, emitted unchanged as the checkpoint record. */
  readonly source: JsonObject;
}

/** The checkpoint ID: the identity hash. */
export function checkpointIdOf(c: CheckpointModel): string {
  return checkpointIdentityHash(c.identity ?? { model: '', backendFramework: 'vllm' });
}

/** `nvidia.com/snapshot-artifact-version`, default `1`; a new version re-captures the same identity. */
export function artifactVersionOf(c: Pick<CheckpointModel, 'annotations'>): string {
  return c.annotations[CHECKPOINT_ANNOTATION.artifactVersion]?.trim() || DEFAULT_ARTIFACT_VERSION;
}
