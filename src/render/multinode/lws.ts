/**
 * The LeaderWorkerSet path (upstream's component path): per replica one LeaderWorkerSet
 * `<component>-<i>` of nodeCount pods and, with gang scheduling, a Volcano PodGroup of the same
 * name, so a group is scheduled all at once or not at all. Scaling down simply drops the
 * higher-index objects from the rendered set (the GitOps tool prunes them).
 */
import { KubeObject } from '../../api/k8s-types';
import { ComponentModel } from '../../api/model';
import { ComponentContext } from '../context';
import { LABEL } from '../labels';
import { mergeMaps } from '../merge';
import { buildPodTemplate } from '../pod';
import { PodTemplate } from '../pod-template';
import { requestedReplicas, scalingAdapterOwnsReplicas } from '../replicas';
import { workloadMetadata } from '../workload';
import { addressingFor, MultinodeRole, nodeCountOf } from '../multinode-roles';

export const LWS_API_VERSION = 'leaderworkerset.x-k8s.io/v1';
export const PODGROUP_API_VERSION = 'scheduling.volcano.sh/v1beta1';
export const ROLE_LABEL = 'role';
export const INSTANCE_ID_LABEL = 'instance-id';
export const GROUP_NAME_ANNOTATION = 'scheduling.k8s.io/group-name';
export const VOLCANO_SCHEDULER = 'volcano';

/** Every object of a multinode component on the LWS path. */
export function renderLeaderWorkerSets(cc: ComponentContext): KubeObject[] {
  const names = leaderWorkerSetNames(cc.objectName, cc.component);
  if (scalingAdapterOwnsReplicas(cc.component)) return [leaderWorkerSet(cc, names[0])];
  const gang = cc.graph.gangScheduling ?? true;
  return names.flatMap((name, i) => [
    leaderWorkerSet(cc, name, { instance: i, gang }),
    ...(gang ? [podGroup(cc, name, i)] : []),
  ]);
}

/**
 * The LeaderWorkerSets of a multinode component named `objectName`: `<objectName>-<i>` per
 * replica, or one `<objectName>` whose group count a scaling adapter owns.
 */
export function leaderWorkerSetNames(objectName: string, component: ComponentModel): string[] {
  if (scalingAdapterOwnsReplicas(component)) return [objectName];
  return Array.from({ length: requestedReplicas(component) }, (_, i) => `${objectName}-${i}`);
}

interface Instance {
  readonly instance: number;
  readonly gang: boolean;
}

function leaderWorkerSet(cc: ComponentContext, name: string, instance?: Instance): KubeObject {
  const nodeCount = nodeCountOf(cc.component);
  const addressing = addressingFor('lws', cc.component.name, nodeCount);
  const template = (role: MultinodeRole) =>
    decorate(buildPodTemplate(cc, { orchestrator: 'lws', role, nodeCount, addressing }), role, name, instance);
  const meta = workloadMetadata(cc);
  return {
    apiVersion: LWS_API_VERSION,
    kind: 'LeaderWorkerSet',
    metadata: {
      ...meta,
      name,
      labels: mergeMaps(meta.labels, instance ? { [INSTANCE_ID_LABEL]: String(instance.instance) } : {}),
    },
    spec: {
      // One group per LWS on the per-replica path; the adapter's single LWS leaves the count to the runtime.
      ...(instance ? { replicas: 1 } : {}),
      // Workers start once the leader pod exists, so they can resolve its address.
      startupPolicy: 'LeaderCreated',
      leaderWorkerTemplate: {
        size: nodeCount,
        leaderTemplate: template('leader'),
        workerTemplate: template('worker'),
      },
    },
  };
}

/** Role and instance labels (the Deployment selector label has no meaning here) and the gang's scheduler. */
function decorate(t: PodTemplate, role: MultinodeRole, groupName: string, instance?: Instance): PodTemplate {
  const { [LABEL.selector]: _selector, ...labels } = t.metadata.labels;
  labels[ROLE_LABEL] = role;
  if (instance) labels[INSTANCE_ID_LABEL] = String(instance.instance);
  const gang = instance?.gang ?? false;
  const annotations = gang
    ? mergeMaps(t.metadata.annotations, { [GROUP_NAME_ANNOTATION]: groupName })
    : t.metadata.annotations;
  return {
    metadata: { labels, ...(annotations && Object.keys(annotations).length ? { annotations } : {}) },
    spec: gang ? { ...t.spec, schedulerName: VOLCANO_SCHEDULER } : t.spec,
  };
}

function podGroup(cc: ComponentContext, name: string, instance: number): KubeObject {
  return {
    apiVersion: PODGROUP_API_VERSION,
    kind: 'PodGroup',
    metadata: { name, namespace: cc.graph.namespace, labels: { [INSTANCE_ID_LABEL]: String(instance) } },
    spec: { minMember: nodeCountOf(cc.component) },
  };
}
