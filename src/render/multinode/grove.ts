/**
 * The Grove path: the whole graph is one PodCliqueSet named after the graph. A single-node
 * component is one clique; a multinode component is a leader clique and a worker clique tied
 * together by a PodCliqueScalingGroup, which scales them as a unit.
 */
import { engineProfile } from '../../api/engine-profile';
import { JsonObject, KubeObject } from '../../api/k8s-types';
import { ComponentModel, GraphModel } from '../../api/model';
import { ComponentContext } from '../context';
import { ANNOTATION } from '../labels';
import { compact, mergeMaps } from '../merge';
import { buildPodTemplate } from '../pod';
import { PodTemplate } from '../pod-template';
import { requestedReplicas, scalingAdapterOwnsReplicas } from '../replicas';
import { addressingFor, groveCliqueName, isMultinode, MultinodeRole, nodeCountOf } from '../multinode-roles';

export const GROVE_API_VERSION = 'grove.io/v1alpha1';
/** Upstream's default `orchestrators.grove.terminationDelay`: how long Grove keeps a broken gang before tearing it down. */
export const GROVE_TERMINATION_DELAY = '15m0s';
export const KAI_SCHEDULER = 'kai-scheduler';
export const KAI_QUEUE_LABEL = 'kai.scheduler/queue';
export const KAI_QUEUE_ANNOTATION = 'nvidia.com/kai-scheduler-queue';
const DEFAULT_KAI_QUEUE = 'dynamo';

const STARTUP_ANY_ORDER = 'CliqueStartupTypeAnyOrder';
const STARTUP_EXPLICIT = 'CliqueStartupTypeExplicit';

export function renderPodCliqueSet(graph: GraphModel, contexts: ComponentContext[]): KubeObject {
  // Sorted by clique name so the set does not depend on how the input orders its components.
  const ordered = [...contexts].sort((a, b) => cmp(a.component.name.toLowerCase(), b.component.name.toLowerCase()));
  const cliques: JsonObject[] = [];
  const scalingGroups: JsonObject[] = [];
  for (const cc of ordered) {
    if (isMultinode(cc.component)) {
      cliques.push(...multinodeCliques(cc));
      scalingGroups.push(scalingGroup(cc));
    } else {
      cliques.push(singleNodeClique(cc));
    }
  }
  // TRT-LLM's leader runs mpirun against the workers' sshd, so it must start after them.
  const explicitOrder = cliques.some((c) => Array.isArray((c.spec as JsonObject).startsAfter));
  return {
    apiVersion: GROVE_API_VERSION,
    kind: 'PodCliqueSet',
    metadata: compact({
      name: graph.name,
      namespace: graph.namespace,
      labels: mergeMaps(graph.labels),
      annotations: mergeMaps(graph.annotations),
    }),
    spec: {
      replicas: 1,
      template: compact({
        cliqueStartupType: explicitOrder ? STARTUP_EXPLICIT : STARTUP_ANY_ORDER,
        // Multinode peers must resolve each other before they are ready.
        headlessServiceConfig: { publishNotReadyAddresses: true },
        terminationDelay: GROVE_TERMINATION_DELAY,
        priorityClassName: graph.priorityClassName,
        topologyConstraint: topology(graph, graph.topologyConstraint?.packDomain),
        cliques,
        podCliqueScalingGroups: scalingGroups.length ? scalingGroups : undefined,
      }),
    },
  };
}

/**
 * The clique templates of a component in the PodCliqueSet: its own, or the leader and worker pair
 * of a multinode one (tied together by a PodCliqueScalingGroup).
 */
export function groveCliqueNames(component: ComponentModel): string[] {
  return isMultinode(component)
    ? [groveCliqueName(component.name, 'leader'), groveCliqueName(component.name, 'worker')]
    : [component.name.toLowerCase()];
}

/** Replicas the rendered set may carry: none when a scaling adapter owns them. */
function ownedReplicas(cc: ComponentContext): { replicas?: number } {
  return scalingAdapterOwnsReplicas(cc.component) ? {} : { replicas: requestedReplicas(cc.component) };
}

function singleNodeClique(cc: ComponentContext): JsonObject {
  const name = cc.component.name.toLowerCase();
  const t = cliqueTemplate(cc, buildPodTemplate(cc));
  return compact({
    name,
    labels: t.metadata.labels,
    annotations: cliqueAnnotations(cc, t),
    topologyConstraint: topology(cc.graph, cc.component.topologyConstraint?.packDomain),
    // Upstream's defaulting webhook sets 1 on the Grove pathway (Grove itself would default to replicas).
    spec: { roleName: name, ...ownedReplicas(cc), minAvailable: cc.component.minAvailable ?? 1, podSpec: t.spec },
  });
}

function multinodeCliques(cc: ComponentContext): JsonObject[] {
  const nodeCount = nodeCountOf(cc.component);
  const addressing = addressingFor('grove', cc.component.name, nodeCount);
  const workerClique = groveCliqueName(cc.component.name, 'worker');
  const clique = (role: MultinodeRole, replicas: number, startsAfter?: string[]) => {
    const name = groveCliqueName(cc.component.name, role);
    const t = cliqueTemplate(cc, buildPodTemplate(cc, { orchestrator: 'grove', role, nodeCount, addressing }));
    return compact({
      name,
      labels: t.metadata.labels,
      annotations: cliqueAnnotations(cc, t),
      spec: compact({ roleName: name, replicas, minAvailable: replicas, startsAfter, podSpec: t.spec }),
    });
  };
  return [
    clique('leader', 1, engineProfile(cc.backend)?.multinodeLaunch === 'mpi' ? [workerClique] : undefined),
    clique('worker', nodeCount - 1),
  ];
}

/** The unit a multinode component scales by: one leader clique and its worker clique. */
function scalingGroup(cc: ComponentContext): JsonObject {
  return compact({
    name: cc.component.name.toLowerCase(),
    cliqueNames: groveCliqueNames(cc.component),
    ...ownedReplicas(cc),
    minAvailable: 1,
    topologyConstraint: topology(cc.graph, cc.component.topologyConstraint?.packDomain),
  });
}

/** A clique's pods carry the discovery backend and the graph's origin version, as upstream's, beside the pod annotations. */
function cliqueAnnotations(cc: ComponentContext, t: PodTemplate): Record<string, string> {
  const origin = cc.podTemplateAnnotations[ANNOTATION.operatorOriginVersion];
  return mergeMaps(
    { [ANNOTATION.discoveryBackend]: cc.kubernetesDiscovery ? 'kubernetes' : cc.discoveryBackend },
    origin ? { [ANNOTATION.operatorOriginVersion]: origin } : {},
    t.metadata.annotations,
  );
}

/** kai-scheduler, when the graph asks for it: its scheduler name and the queue label on every pod. */
function cliqueTemplate(cc: ComponentContext, t: PodTemplate): PodTemplate {
  if (!cc.graph.kaiScheduler) return t;
  const queue =
    cc.annotations[KAI_QUEUE_ANNOTATION] ?? cc.graph.metadataAnnotations[KAI_QUEUE_ANNOTATION] ?? DEFAULT_KAI_QUEUE;
  return {
    metadata: { ...t.metadata, labels: mergeMaps(t.metadata.labels, { [KAI_QUEUE_LABEL]: queue }) },
    spec: { ...t.spec, schedulerName: KAI_SCHEDULER },
  };
}

/** A Grove constraint names the ClusterTopology (`spec.topologyConstraint`'s) and the domain to pack into. */
function topology(graph: GraphModel, domain: string | undefined): JsonObject | undefined {
  if (!domain) return undefined;
  const name = graph.topologyConstraint?.topologyProfile;
  return name ? { topologyName: name, packDomain: domain } : { packDomain: domain };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
