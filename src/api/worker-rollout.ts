/**
 * Which graphs get worker generations (`PlatformSettings.workerRollout`): upstream manages worker
 * rollouts only for Deployment-backed graphs. Grove and LeaderWorkerSet workloads roll with their
 * own update instead. One decision, shared by validation (which warns) and the render.
 */
import { GraphModel, isMultinode, isWorkerComponent } from './model';
import { effectiveOrchestrator } from './orchestrator';
import { InputPaths } from './paths';
import { Problem } from './problems';
import { ResolvedSettings } from './settings';

/** Whether the graph's workers render as generations named with the worker hash. */
export function rendersWorkerGenerations(graph: GraphModel, settings: ResolvedSettings): boolean {
  return (
    settings.workerRollout !== 'in-place' &&
    graph.kind === 'DynamoGraphDeployment' &&
    graph.components.some((c) => isWorkerComponent(c.type)) &&
    inPlaceReason(graph, settings) === undefined
  );
}

/**
 * The warning for a graph whose workers roll in place although `workerRollout: commits` asks for
 * generations in Git. Under `operator` (the default) such a graph rolls exactly as upstream's
 * operator rolls it, so there is nothing to say.
 */
export function workerRolloutWarning(graph: GraphModel, settings: ResolvedSettings): Problem | undefined {
  if (settings.workerRollout !== 'commits' || graph.kind !== 'DynamoGraphDeployment') return undefined;
  if (!graph.components.some((c) => isWorkerComponent(c.type))) return undefined;
  const reason = inPlaceReason(graph, settings);
  if (!reason) return undefined;
  return {
    path: reason.path,
    message:
      `workerRollout "${settings.workerRollout}" does not apply: ${reason.what} roll in place with their own ` +
      'rolling update under stable names; as upstream, their pods carry the worker hash and register in a ' +
      'Dynamo namespace of their own spec, so old and new workers never pair',
    severity: 'warning',
  };
}

function inPlaceReason(graph: GraphModel, settings: ResolvedSettings): { path: string; what: string } | undefined {
  const paths = new InputPaths(graph);
  if (effectiveOrchestrator(graph, settings) === 'grove')
    return { path: paths.components, what: 'the workers of a Grove graph (PodCliques)' };
  const i = graph.components.findIndex((c) => isWorkerComponent(c.type) && isMultinode(c));
  if (i >= 0)
    return {
      path: paths.at(i, 'multinode'),
      what: 'a graph with a multinode worker renders LeaderWorkerSets, and its workers',
    };
  return undefined;
}
