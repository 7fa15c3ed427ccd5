/** Which orchestrator renders a graph: one decision, shared by validation and the render core. */
import { GraphModel, Orchestrator } from './model';
import { ResolvedSettings } from './settings';

export const ENABLE_GROVE_ANNOTATION = 'nvidia.com/enable-grove';

/**
 * An explicit front-end choice wins. Otherwise upstream's rule: Grove when the platform has it
 * and the graph does not opt out with `nvidia.com/enable-grove: "false"`. Standalone component
 * deployments never use Grove (upstream renders them with the component controller).
 */
export function effectiveOrchestrator(model: GraphModel, settings: ResolvedSettings): Orchestrator {
  if (model.kind === 'DynamoComponentDeployment') return 'lws';
  if (model.orchestrator) return model.orchestrator;
  const optedOut = model.metadataAnnotations[ENABLE_GROVE_ANNOTATION] === 'false';
  return settings.groveAvailable && !optedOut ? 'grove' : 'lws';
}

/**
 * Why a Grove-only field (priorityClassName, topology, minAvailable, …) does not apply to this
 * graph, in upstream's words; `undefined` when the graph renders on the Grove pathway.
 */
export function grovePathwayProblem(model: GraphModel, settings: ResolvedSettings): string | undefined {
  if (effectiveOrchestrator(model, settings) === 'grove') return undefined;
  if (model.kind === 'DynamoComponentDeployment')
    return 'requires the Grove pathway, but workload provider "component" is selected';
  const annotation = model.metadataAnnotations[ENABLE_GROVE_ANNOTATION];
  if (annotation === 'false')
    return `requires the Grove pathway; remove or unset annotation "${ENABLE_GROVE_ANNOTATION}" (currently "${annotation}")`;
  if (model.orchestrator)
    return `requires the Grove pathway, but the graph is rendered with orchestrator "${model.orchestrator}"`;
  return 'requires the Grove pathway, but Grove is disabled in the operator configuration (platform settings: groveAvailable is not true)';
}
