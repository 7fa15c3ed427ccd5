/**
 * Fields that only the Grove pathway renders (priority class, the declared Grove-only component
 * fields, topology) and the
 * provider-native ones dynamo-iac does not render at all (providerOverride, componentGroups).
 * Off Grove, upstream refuses priorityClassName and the Grove-only fields and ignores topology; we refuse
 * the same, and warn where upstream ignores.
 */
import { COMPONENT_FIELD_NAMES, componentFieldDeclaration } from '../../crds/component-fields';
import { grovePathwayProblem } from '../orchestrator';
import { ValidationContext } from './validation-context';

export const GROVE_ONLY_FIELD = 'is currently supported only for Grove-backed DynamoGraphDeployment components';
export const PROVIDER_OVERRIDE_NOT_RENDERED =
  'is not rendered by dynamo-iac: a provider-native fragment is merged into Grove objects by the upstream operator; state topology with topologyConstraint instead (docs/deviations.md)';
const DCD_PROVIDER_OVERRIDE =
  'provider overrides are supported only for components embedded in a DynamoGraphDeployment';
const COMPONENT_GROUPS_NOT_RENDERED =
  'is not rendered by dynamo-iac: component groups become Grove PodCliqueScalingGroups whose rendering upstream has not settled (docs/deviations.md)';

const GROVE_ONLY_COMPONENT_FIELDS = COMPONENT_FIELD_NAMES.filter((n) => componentFieldDeclaration(n).groveOnly);

export function validateGroveFields(ctx: ValidationContext): void {
  const { model, paths } = ctx;
  const notGrove = grovePathwayProblem(model, ctx.settings);
  if (model.priorityClassName && notGrove) ctx.error('spec.priorityClassName', notGrove);
  if (model.providerOverride) ctx.error('spec.providerOverride', notGrove ?? PROVIDER_OVERRIDE_NOT_RENDERED);
  if (model.componentGroups) ctx.error('spec.experimental.componentGroups', notGrove ?? COMPONENT_GROUPS_NOT_RENDERED);
  if (notGrove && model.topologyConstraint) ctx.warn('spec.topologyConstraint', ignoredTopology(notGrove));
  model.components.forEach((c, i) => {
    for (const name of GROVE_ONLY_COMPONENT_FIELDS)
      if (c[name] !== undefined && notGrove) ctx.error(paths.componentField(i, name), GROVE_ONLY_FIELD);
    if (c.providerOverride) {
      const message =
        model.kind === 'DynamoComponentDeployment'
          ? DCD_PROVIDER_OVERRIDE
          : (notGrove ?? PROVIDER_OVERRIDE_NOT_RENDERED);
      ctx.error(paths.at(i, 'providerOverride'), message);
    }
    if (notGrove && c.topologyConstraint) ctx.warn(paths.at(i, 'topologyConstraint'), ignoredTopology(notGrove));
  });
}

/** Upstream renders topology constraints on Grove only and skips them on the component path, silently. */
function ignoredTopology(reason: string): string {
  return `is ignored: topology-aware scheduling ${reason}; the pods are scheduled without it, as upstream's component path does (docs/deviations.md)`;
}
