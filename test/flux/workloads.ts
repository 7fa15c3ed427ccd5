/**
 * No kubelet or workload controller runs in the test cluster, so the test writes a
 * workload's status as they would: all replicas of the current generation ready and
 * available (what kstatus and our runtime operator call ready), or the rollout stuck past its
 * progress deadline (what both call failed).
 */
import { KubeClient, ServerObject } from '../cluster/kube';

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const condition = (type: string, status: 'True' | 'False', reason: string, message: string) => ({
  type,
  status,
  reason,
  message,
  lastUpdateTime: now(),
  lastTransitionTime: now(),
});

/** Every replica of the current spec is up: observedGeneration caught up, Available, NewReplicaSetAvailable. */
export async function markDeploymentAvailable(
  kube: KubeClient,
  namespace: string,
  name: string,
): Promise<ServerObject> {
  const d = (await kube.get<any>('apps/v1', 'Deployment', name, namespace))!;
  const replicas = d.spec.replicas ?? 1;
  return kube.patchStatus(d, {
    observedGeneration: d.metadata.generation,
    replicas,
    updatedReplicas: replicas,
    readyReplicas: replicas,
    availableReplicas: replicas,
    conditions: [
      condition('Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.'),
      condition('Progressing', 'True', 'NewReplicaSetAvailable', `ReplicaSet "${name}" has successfully progressed.`),
    ],
  });
}

/** The new pods never became ready within progressDeadlineSeconds. */
export async function markDeploymentFailed(kube: KubeClient, namespace: string, name: string): Promise<ServerObject> {
  const d = (await kube.get<any>('apps/v1', 'Deployment', name, namespace))!;
  const replicas = d.spec.replicas ?? 1;
  return kube.patchStatus(d, {
    observedGeneration: d.metadata.generation,
    replicas,
    updatedReplicas: replicas,
    readyReplicas: 0,
    availableReplicas: 0,
    unavailableReplicas: replicas,
    conditions: [
      condition('Available', 'False', 'MinimumReplicasUnavailable', 'Deployment does not have minimum availability.'),
      condition('Progressing', 'False', 'ProgressDeadlineExceeded', `ReplicaSet "${name}" has timed out progressing.`),
    ],
  });
}

/** Every group of a LeaderWorkerSet is up (its status has no observedGeneration or conditions kstatus reads). */
export async function markLeaderWorkerSetReady(
  kube: KubeClient,
  namespace: string,
  name: string,
): Promise<ServerObject> {
  const lws = (await kube.get<any>('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', name, namespace))!;
  const replicas = lws.spec.replicas ?? 1;
  return kube.patchStatus(lws, { replicas, updatedReplicas: replicas, readyReplicas: replicas });
}
