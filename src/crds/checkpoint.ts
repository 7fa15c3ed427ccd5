/** DynamoCheckpoint (dckpt): a CRIU/cuda-checkpoint snapshot of a worker, taken by a Job. */
import { checkpointIdentity, sharedMemory } from './common';
import { conditions, podTemplateSpec } from './core';
import { AGE_COLUMN, crd } from './crd';
import { enumStr, int32, int64, obj, preserveUnknown, str, time } from './schema';
import { MAIN_CONTAINER_NAME } from './vocabulary';

const SPEC = obj(
  {
    identity: {
      ...checkpointIdentity(),
      'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'spec.identity is immutable after creation' }],
    },
    // Records GMS wiring only; its shape follows the component GMS block, so kept open.
    gpuMemoryService: preserveUnknown(),
    job: obj(
      {
        podTemplateSpec: podTemplateSpec(),
        targetContainerName: str({
          default: MAIN_CONTAINER_NAME,
          minLength: 1,
          maxLength: 63,
          pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
        }),
        sharedMemory: sharedMemory(),
        activeDeadlineSeconds: int64({ min: 1, default: 3600 }),
        // Deprecated upstream: checkpoint Jobs never retry and use a fixed TTL.
        backoffLimit: int32(),
        ttlSecondsAfterFinished: int32(),
      },
      { required: ['podTemplateSpec'] },
    ),
  },
  { required: ['job'] },
);

const STATUS = obj({
  phase: enumStr(['Pending', 'Creating', 'Ready', 'Failed']),
  checkpointID: str(),
  identityHash: str(),
  location: str(),
  storageType: enumStr(['pvc', 's3', 'oci']),
  jobName: str(),
  createdAt: time(),
  message: str(),
  conditions: conditions(),
  podSnapshotName: str(),
});

export function checkpointCrd() {
  return crd({
    kind: 'DynamoCheckpoint',
    plural: 'dynamocheckpoints',
    shortNames: ['dckpt'],
    versions: [
      {
        name: 'v1alpha1',
        storage: true,
        spec: SPEC,
        status: STATUS,
        printerColumns: [
          { name: 'Model', type: 'string', jsonPath: '.spec.identity.model' },
          { name: 'Backend', type: 'string', jsonPath: '.spec.identity.backendFramework' },
          { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
          { name: 'CheckpointID', type: 'string', jsonPath: '.status.checkpointID' },
          AGE_COLUMN,
        ],
      },
    ],
  });
}
