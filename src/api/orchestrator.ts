/** Which orchestrator renders a graph: one decision, shared by validation and the render core. */
import { GraphModel, isMultinode, isWorkerComponent, Orchestrator } from './model';
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
 * Why a Grove-only field (priorityClassName, topology, the declared Grove-only component fields) does not apply to this
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

export const ENABLE_DISAGGREGATED_SET_ANNOTATION = 'nvidia.com/enable-disaggregatedset';

/** What a DisaggregatedSet accepts: 2 to 10 roles (its CRD's bounds). */
const DISAGGREGATED_SET_ROLES = { min: 2, max: 10 } as const;

/**
 * The graph's DisaggregatedSet choice (LeaderWorkerSet's `disaggregatedset.x-k8s.io/v1`, which
 * rolls and scales multinode prefill and decode together): `undefined` when the graph does not opt
 * in with `nvidia.com/enable-disaggregatedset: "true"`; the eligible components' indexes; or why
 * the graph is not eligible (it then renders one LeaderWorkerSet per component, as before). Upstream's
 * eligibility: Grove takes precedence; 2-10 multinode worker roles; none scaled through an adapter
 * (the set owns its roles' replicas); replicas all zero or all positive (the set's own CEL rule).
 */
export function disaggregatedSetChoice(
  model: GraphModel,
  settings: ResolvedSettings,
): { readonly components: readonly number[] } | { readonly ineligible: string } | undefined {
  if (model.kind !== 'DynamoGraphDeployment') return undefined;
  if (model.metadataAnnotations[ENABLE_DISAGGREGATED_SET_ANNOTATION] !== 'true') return undefined;
  if (effectiveOrchestrator(model, settings) === 'grove')
    return { ineligible: 'the graph renders on the Grove pathway, which takes precedence' };
  const roles = model.components.flatMap((c, i) => (isWorkerComponent(c.type) && isMultinode(c) ? [i] : []));
  const { min, max } = DISAGGREGATED_SET_ROLES;
  if (roles.length < min || roles.length > max)
    return {
      ineligible: `a DisaggregatedSet needs ${min} to ${max} multinode worker components; the graph has ${roles.length}`,
    };
  const adapted = roles.filter((i) => model.components[i].scalingAdapter);
  if (adapted.length)
    return { ineligible: `component "${model.components[adapted[0]].name}" scales through a scaling adapter` };
  const zero = roles.filter((i) => (model.components[i].replicas ?? 1) === 0);
  if (zero.length && zero.length < roles.length)
    return { ineligible: 'its multinode worker components mix zero and non-zero replicas' };
  return { components: roles };
}
