/**
 * Per-component facts that several renderers need (names, Dynamo namespace,
 * effective discovery backend, detected engine). Computed once, here.
 */
import { ComponentModel, GraphModel, isWorkerComponent } from '../api/model';
import { ResolvedSettings } from '../api/settings';
import { workerBackend } from '../api/backend-framework';
import { dynamoNamespaceOf } from '../api/dynamo-namespace';
import { isWorkerType } from './components';
import { ANNOTATION, LABEL, PROPAGATED_GRAPH_ANNOTATIONS } from './labels';
import { mergeMaps } from './merge';
import { componentObjectName } from './naming';
import { originVersionStamp } from './origin-version';
import type { WorkerGeneration } from './worker-generation';

/** What a restored pod needs to know about its checkpoint. */
export interface CheckpointRestore {
  readonly checkpointId: string;
  readonly artifactVersion: string;
}

export interface ComponentContext {
  readonly graph: GraphModel;
  readonly settings: ResolvedSettings;
  readonly component: ComponentModel;
  /** Name of the workload, its Service and Ingress. */
  readonly objectName: string;
  /** The graph's name, or '' for a standalone DynamoComponentDeployment (as upstream). */
  readonly parentGraphName: string;
  readonly dynamoNamespace: string;
  /** Labels every object of the component carries (upstream's DCD labels). */
  readonly labels: Record<string, string>;
  /** Component annotations after propagation from the graph (upstream's DCD spec annotations). */
  readonly annotations: Record<string, string>;
  /**
   * What upstream reads as the component's pod template annotations (version gates, the vLLM
   * executor): `annotations`, the origin version upstream's webhook stamps on a new graph, and the
   * pod template's own, which win.
   */
  readonly podTemplateAnnotations: Record<string, string>;
  /** Effective discovery backend: component annotation if present (even ''), else the settings. */
  readonly discoveryBackend: string;
  readonly kubernetesDiscovery: boolean;
  /** Engine of a worker component (detected from its command, else the graph's backendFramework). */
  readonly backend?: string;
  /** The checkpoint the component's pods restore from (`checkpointRef`, resolved by the caller). */
  readonly checkpoint?: CheckpointRestore;
  /** The worker generation this component's objects belong to (worker-type components of a graph that renders them). */
  readonly workerGeneration?: WorkerGeneration;
  /**
   * The worker hash this worker's pods carry (label and Dynamo namespace suffix): its generation's,
   * or, on a graph whose workers roll in place on Grove or LeaderWorkerSet, the graph's (`inPlaceWorkerHashOf`).
   */
  readonly workerHash?: string;
}

export function componentContext(
  graph: GraphModel,
  settings: ResolvedSettings,
  component: ComponentModel,
  checkpoint?: CheckpointRestore,
  graphGeneration?: WorkerGeneration,
  inPlaceWorkerHash?: string,
): ComponentContext {
  const isWorker = isWorkerComponent(component.type);
  const workerGeneration = graphGeneration && isWorker ? graphGeneration : undefined;
  const workerHash = isWorker ? (workerGeneration?.hash ?? inPlaceWorkerHash) : undefined;
  const objectName = componentWorkloadName(graph, component.name, workerGeneration);
  const parentGraphName = graph.kind === 'DynamoComponentDeployment' ? '' : graph.name;
  const dynamoNamespace = dynamoNamespaceOf(graph.namespace, graph.name, component.globalDynamoNamespace);
  const propagated = Object.fromEntries(
    PROPAGATED_GRAPH_ANNOTATIONS.filter((k) => k in graph.metadataAnnotations).map((k) => [
      k,
      graph.metadataAnnotations[k],
    ]),
  );
  const annotations = mergeMaps(graph.annotations, propagated, component.annotations);
  const labels = mergeMaps(graph.labels, component.labels, {
    [LABEL.component]: component.name,
    [LABEL.dynamoNamespace]: dynamoNamespace,
    [LABEL.graphName]: parentGraphName,
    ...(workerGeneration ? { [LABEL.workerHash]: workerGeneration.hash } : {}),
  });
  const discoveryBackend =
    ANNOTATION.discoveryBackend in annotations ? annotations[ANNOTATION.discoveryBackend] : settings.discoveryBackend;
  return {
    graph,
    settings,
    component,
    objectName,
    parentGraphName,
    dynamoNamespace,
    labels,
    annotations,
    podTemplateAnnotations: mergeMaps(originVersionStamp(graph, settings), annotations, component.podAnnotations),
    discoveryBackend,
    kubernetesDiscovery: discoveryBackend === 'kubernetes',
    backend: isWorkerType(component.type) ? workerBackend(graph, component) : undefined,
    ...(checkpoint ? { checkpoint } : {}),
    ...(workerGeneration ? { workerGeneration } : {}),
    ...(workerHash ? { workerHash } : {}),
  };
}

/**
 * Name of a component's workload, Service and Ingress: a standalone DCD's own name, else
 * `<graph>-<lower(component)>`, and for a worker-type component of a graph that renders worker
 * generations (`workerGenerationOf`, or `renderedWorkerGeneration` of its record) `-<hash>` after it.
 */
export function componentWorkloadName(
  graph: GraphModel,
  componentName: string,
  generation?: Pick<WorkerGeneration, 'hash'>,
): string {
  if (graph.kind === 'DynamoComponentDeployment') return graph.name;
  const name = componentObjectName(graph.name, componentName);
  const component = graph.components.find((c) => c.name === componentName);
  return generation && component && isWorkerComponent(component.type) ? `${name}-${generation.hash}` : name;
}
