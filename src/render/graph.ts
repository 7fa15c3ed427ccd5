/** A whole graph (or a standalone component deployment) to Kubernetes objects. */
import { KubeObject } from '../api/k8s-types';
import { CheckpointModel } from '../api/checkpoint';
import { ComponentModel, GraphModel } from '../api/model';
import { ValidationError } from '../api/problems';
import { validateCheckpointRefs } from '../api/validate/validate-checkpoint-ref';
import { checkpointRestoreOf } from './checkpoint';
import { disaggregatedSetChoice, effectiveOrchestrator } from '../api/orchestrator';
import { ResolvedSettings } from '../api/settings';
import { CheckpointRestore, ComponentContext, componentContext } from './context';
import {
  renderDiscoveryRbac,
  renderEppAccess,
  renderEppObjects,
  renderModelService,
  renderPlannerAccess,
  renderPvcs,
} from './graph-objects';
import { renderGmsClaimTemplate } from './gpu-memory-service';
import { renderIngress, renderService, renderVirtualService } from './network';
import { renderDisaggregatedSet } from './multinode/disaggregated-set';
import { renderPodCliqueSet } from './multinode/grove';
import { renderLeaderWorkerSet, ROLE_LABEL } from './multinode/lws';
import { isMultinode } from './multinode-roles';
import { renderWaitLeaderConfigMap } from './wait-leader';
import { renderGraphRecord } from './record';
import { renderDeployment } from './workload';
import { inPlaceWorkerHashOf, workerGenerationOf } from './worker-generation';

export interface RenderOptions {
  /**
   * Emit the DynamoGraphDeployment / DynamoComponentDeployment record itself.
   * Turn off for clusters without the nvidia.com CRDs.
   * @default true
   */
  readonly includeGraphRecord?: boolean;
  /**
   * DynamoCheckpoints that components may reference by name (`checkpointRef`). A reference to a
   * checkpoint not listed here is a ValidationError.
   * @default - none
   */
  readonly checkpoints?: readonly CheckpointModel[];
}

function restoreOf(
  graph: GraphModel,
  c: ComponentModel,
  checkpoints: readonly CheckpointModel[],
): CheckpointRestore | undefined {
  const ref = c.checkpoint?.enabled ? c.checkpoint.checkpointRef : undefined;
  const found = ref ? checkpoints.find((k) => k.name === ref && k.namespace === graph.namespace) : undefined;
  return found ? checkpointRestoreOf(found) : undefined;
}

/** Every object of one component on the LWS path: a Deployment, or a LeaderWorkerSet when it spans nodes. */
export function renderComponent(cc: ComponentContext): KubeObject[] {
  if (isMultinode(cc.component)) {
    return [renderLeaderWorkerSet(cc), ...leaderNetworkObjects(cc)];
  }
  return defined(renderDeployment(cc), renderService(cc), ...renderIngressObjects(cc));
}

const renderIngressObjects = (cc: ComponentContext) => [renderIngress(cc), renderVirtualService(cc)];
/** A multinode component's Service (its groups' leaders serve) and ingresses. */
const leaderNetworkObjects = (cc: ComponentContext) =>
  defined(renderService(cc, { [ROLE_LABEL]: 'leader' }), ...renderIngressObjects(cc));
const defined = (...objects: (KubeObject | undefined)[]) => objects.filter((o): o is KubeObject => o !== undefined);

/** The Grove path: one PodCliqueSet runs every component; Services and ingresses stay per component. */
function renderGroveGraph(graph: GraphModel, contexts: ComponentContext[]): KubeObject[] {
  return [
    renderPodCliqueSet(graph, contexts),
    ...contexts.flatMap((cc) => defined(renderService(cc), ...renderIngressObjects(cc))),
  ];
}

/** The DisaggregatedSet path: one set runs the multinode workers; every other component as on the LWS path. */
function renderDisaggregatedGraph(
  graph: GraphModel,
  contexts: ComponentContext[],
  roles: readonly number[],
): KubeObject[] {
  const inSet = contexts.filter((_, i) => roles.includes(i));
  return [
    renderDisaggregatedSet(graph, inSet),
    ...inSet.flatMap(leaderNetworkObjects),
    ...contexts.filter((_, i) => !roles.includes(i)).flatMap(renderComponent),
  ];
}

/** Every object of a graph, in render order (callers sort and de-duplicate). */
export function renderGraphObjects(
  graph: GraphModel,
  settings: ResolvedSettings,
  options: RenderOptions = {},
): KubeObject[] {
  const dangling = validateCheckpointRefs(graph, options.checkpoints ?? [], settings);
  if (dangling.length) throw new ValidationError(dangling);
  const generation = workerGenerationOf(graph, settings);
  const inPlaceHash = inPlaceWorkerHashOf(graph, settings);
  const contexts = graph.components.map((c) =>
    componentContext(graph, settings, c, restoreOf(graph, c, options.checkpoints ?? []), generation, inPlaceHash),
  );
  const out: KubeObject[] = [...renderPvcs(graph)];
  if (contexts.some((cc) => cc.kubernetesDiscovery)) out.push(...renderDiscoveryRbac(graph));
  if (contexts.some((cc) => cc.component.type === 'planner')) out.push(...renderPlannerAccess(graph, settings));
  const epp = contexts.find((cc) => cc.component.type === 'epp');
  if (epp) out.push(...renderEppAccess(graph, settings), ...renderEppObjects(epp));
  const models = new Set(contexts.map((cc) => cc.component.modelRef?.name).filter((n): n is string => !!n));
  for (const m of [...models].sort()) out.push(renderModelService(graph.namespace, m));
  // The wait-for-leader script belongs to the graph (upstream renders it for any multinode component).
  if (graph.kind === 'DynamoGraphDeployment' && contexts.some((cc) => isMultinode(cc.component))) {
    out.push(renderWaitLeaderConfigMap(graph.name, graph.namespace));
  }
  for (const cc of contexts) {
    const gms = cc.component.gpuMemoryService;
    if (gms) out.push(renderGmsClaimTemplate(cc, gms));
  }
  const disaggregated = disaggregatedSetChoice(graph, settings);
  if (effectiveOrchestrator(graph, settings) === 'grove') out.push(...renderGroveGraph(graph, contexts));
  else if (disaggregated && 'components' in disaggregated)
    out.push(...renderDisaggregatedGraph(graph, contexts, disaggregated.components));
  else for (const cc of contexts) out.push(...renderComponent(cc));
  if (options.includeGraphRecord ?? true) out.push(renderGraphRecord(graph, settings, generation));
  return out;
}
