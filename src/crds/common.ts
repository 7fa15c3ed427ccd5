/** Dynamo schema pieces shared by several kinds and versions. */
import { arr, bool, enumStr, int32, JSONSchemaProps, map, obj, preserveUnknown, quantity, str } from './schema';
import { BackendFramework } from './vocabulary';

/**
 * vocabulary.ts's BACKEND_FRAMEWORKS in the order upstream's CRD lists them (the API server's enum
 * message follows it); test/crds checks that the two hold the same backends.
 */
export const BACKEND_ENUM_ORDER: readonly BackendFramework[] = ['sglang', 'vllm', 'trtllm'];

export function backendFramework(): JSONSchemaProps {
  return enumStr([...BACKEND_ENUM_ORDER]);
}

/** A Kubernetes topology domain name (a DNS label). */
export function topologyDomain(): JSONSchemaProps {
  return str({ pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$' });
}

/** Component-level topology constraint: the domain to pack a component's pods into. */
export function componentTopologyConstraint(): JSONSchemaProps {
  return obj({ packDomain: topologyDomain() }, { required: ['packDomain'] });
}

/** `spec.restart`: changing `id` requests a restart of the graph. */
export function restart(): JSONSchemaProps {
  return obj(
    {
      id: str({ minLength: 1 }),
      strategy: obj({
        type: enumStr(['Sequential', 'Parallel'], 'Sequential'),
        order: arr(str()),
      }),
    },
    { required: ['id'] },
  );
}

/** The DGD rule that `restart` is a day-2 operation; needs `optionalOldSelf` to run on create. */
export const RESTART_UNSET_ON_CREATE = {
  rule: 'oldSelf.hasValue() || !has(self.restart)',
  message: 'spec.restart must be unset on create; set spec.restart.id after creation to request a restart',
  optionalOldSelf: true,
};

/** Provider-specific fragment (Grove today); kept open because its shape depends on the provider. */
export function providerOverride(): JSONSchemaProps {
  return preserveUnknown();
}

export function modelRef(): JSONSchemaProps {
  return obj({ name: str({ minLength: 1 }), revision: str() }, { required: ['name'] });
}

/** v1alpha1 shared-memory settings (v1beta1 flattens them into one size field). */
export function sharedMemory(): JSONSchemaProps {
  return obj({ disabled: bool(), size: quantity() });
}

/** The inputs that identify a checkpoint (hashed into its ID). */
export function checkpointIdentity(): JSONSchemaProps {
  return obj(
    {
      model: str(),
      backendFramework: backendFramework(),
      dynamoVersion: str(),
      tensorParallelSize: int32({ min: 1, default: 1 }),
      pipelineParallelSize: int32({ min: 1, default: 1 }),
      dtype: str(),
      maxModelLen: int32({ min: 1 }),
      extraParameters: map(str()),
    },
    { required: ['model', 'backendFramework'] },
  );
}

const REPLICA_STATUS_BASE = {
  componentKind: enumStr(['PodClique', 'PodCliqueScalingGroup', 'Deployment', 'LeaderWorkerSet']),
  componentNames: arr(str()),
  replicas: int32({ min: 0 }),
  updatedReplicas: int32({ min: 0 }),
  readyReplicas: int32({ min: 0 }),
  availableReplicas: int32({ min: 0 }),
};

/** Replica counts of one component's workload, as the graph and component statuses report them. */
export function replicaStatus(version: 'v1alpha1' | 'v1beta1'): JSONSchemaProps {
  const v1alpha1Only = {
    componentName: str(),
    runtimeNamespace: str(),
    gpusPerEngine: int32({ min: 0 }),
    gpusPerReplica: int32({ min: 0 }),
    scheduledReplicas: int32({ min: 0 }),
  };
  return obj(
    { ...REPLICA_STATUS_BASE, ...(version === 'v1alpha1' ? v1alpha1Only : {}) },
    { required: ['replicas', 'updatedReplicas'] },
  );
}

/** `gpuMemoryService.mode` / `failover.mode` values (the LATEST spelling, used by both versions). */
export const GMS_MODES = ['IntraPod', 'InterPod'];
