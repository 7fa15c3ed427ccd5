/**
 * Topology-aware scheduling rules that need no cluster. (Whether the ClusterTopology and its
 * domains exist, and domain narrowing, can only be checked against a live cluster.)
 */
import { ValidationContext } from './validation-context';

const TOPOLOGY_DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

export function validateTopology(ctx: ValidationContext): void {
  const { model, paths } = ctx;
  const spec = model.topologyConstraint;
  const anyComponent = model.components.some((c) => c.topologyConstraint);
  if (!spec && !anyComponent) return;
  const profileField = paths.v1alpha1 ? 'topologyProfile' : 'clusterTopologyName';
  if (!spec) {
    ctx.error(
      'spec.topologyConstraint',
      `with ${profileField} is required when any topology constraint is set (at spec or ${paths.noun} level)`,
    );
  } else if (!spec.topologyProfile) {
    ctx.error(paths.topologyProfile, 'is required when any topology constraint is set');
  }
  if (spec?.packDomain !== undefined) checkDomain(ctx, 'spec.topologyConstraint.packDomain', spec.packDomain);
  model.components.forEach((c, i) => {
    const tc = c.topologyConstraint;
    if (!tc) {
      if (spec && !spec.packDomain) {
        ctx.error(
          paths.at(i, 'topologyConstraint'),
          `is required because spec.topologyConstraint.packDomain is not set; set packDomain at spec level or on every ${paths.noun}`,
        );
      }
      return;
    }
    if (!tc.packDomain) ctx.error(paths.at(i, 'topologyConstraint.packDomain'), 'is required');
    else checkDomain(ctx, paths.at(i, 'topologyConstraint.packDomain'), tc.packDomain);
  });
}

function checkDomain(ctx: ValidationContext, path: string, domain: string): void {
  if (!TOPOLOGY_DOMAIN.test(domain)) {
    ctx.error(path, `"${domain}" is not a valid topology domain; must match ${TOPOLOGY_DOMAIN.source}`);
  }
}
