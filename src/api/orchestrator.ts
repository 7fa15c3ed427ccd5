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
