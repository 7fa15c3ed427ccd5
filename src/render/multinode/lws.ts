/**
 * The LeaderWorkerSet path (upstream's component path, since its "LWS native scaling"): one
 * LeaderWorkerSet `<component>-0` whose `spec.replicas` is the number of groups, each group a
 * leader and nodeCount - 1 workers. The `-0` suffix is upstream's, left from its older
 * one-set-per-replica layout. Gang scheduling is LeaderWorkerSet's own setting (its controller's
 * Volcano integration), so the set names no scheduler and no PodGroup.
 */
import { KubeObject } from '../../api/k8s-types';
import { ComponentContext } from '../context';
import { LABEL } from '../labels';
import { buildPodTemplate } from '../pod';
import { PodTemplate } from '../pod-template';
import { runtimeOwnsReplicas } from '../replicas';
import { workloadMetadata } from '../workload';
import { addressingFor, MultinodeRole, nodeCountOf } from '../multinode-roles';

export const LWS_API_VERSION = 'leaderworkerset.x-k8s.io/v1';
export const ROLE_LABEL = 'role';

/** The LeaderWorkerSet of a multinode component whose workload is named `objectName`. */
export const leaderWorkerSetName = (objectName: string) => `${objectName}-0`;

/** The LeaderWorkerSet of a multinode component on the LWS path. */
export function renderLeaderWorkerSet(cc: ComponentContext): KubeObject {
  return {
    apiVersion: LWS_API_VERSION,
    kind: 'LeaderWorkerSet',
    metadata: { ...workloadMetadata(cc), name: leaderWorkerSetName(cc.objectName) },
    spec: leaderWorkerSetSpec(cc),
  };
}

/** The spec of a multinode component's LeaderWorkerSet (also a DisaggregatedSet role's). */
export function leaderWorkerSetSpec(cc: ComponentContext): Record<string, unknown> {
  const nodeCount = nodeCountOf(cc.component);
  const addressing = addressingFor('lws', cc.component.name, nodeCount);
  const template = (role: MultinodeRole) =>
    withRole(buildPodTemplate(cc, { orchestrator: 'lws', role, nodeCount, addressing }), role);
  const replicas = cc.component.replicas;
  return {
    // The group count, as for a Deployment: only a count the user wrote and the runtime does not own.
    ...(!runtimeOwnsReplicas(cc.component, cc.workerGeneration) && replicas !== undefined ? { replicas } : {}),
    // Workers start once the leader pod exists, so they can resolve its address.
    startupPolicy: 'LeaderCreated',
    // One headless Service for all groups, as upstream.
    networkConfig: { subdomainPolicy: 'Shared' },
    // Replace one group at a time, never more groups than asked for (a group holds whole nodes).
    rolloutStrategy: {
      type: 'RollingUpdate',
      rollingUpdateConfiguration: { maxSurge: 0, maxUnavailable: 1, partition: 0 },
    },
    leaderWorkerTemplate: {
      size: nodeCount,
      // A group is useless without any one of its pods: restart the whole group.
      restartPolicy: 'RecreateGroupOnPodRestart',
      leaderTemplate: template('leader'),
      workerTemplate: template('worker'),
    },
  };
}

/** The role label instead of the Deployment selector label, which has no meaning here. */
function withRole(t: PodTemplate, role: MultinodeRole): PodTemplate {
  const { [LABEL.selector]: _selector, ...labels } = t.metadata.labels;
  labels[ROLE_LABEL] = role;
  return { ...t, metadata: { ...t.metadata, labels } };
}
