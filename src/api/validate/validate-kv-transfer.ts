/**
 * `spec.experimental.kvTransferPolicy`: the CRD's CEL rules with the API server's messages, and
 * the part dynamo-iac cannot render (a ClusterTopology's domains live in the cluster). `labelKey`
 * renders; the runtime operator copies the node's label onto each scheduled worker pod.
 */
import { grovePathwayProblem } from '../orchestrator';
import { fieldPath } from '../read';
import { ValidationContext } from './validation-context';

const PATH = 'spec.experimental.kvTransferPolicy';

export function validateKvTransferPolicy(ctx: ValidationContext): void {
  const policy = ctx.model.kvTransferPolicy;
  if (!policy) return;
  if ((policy.labelKey !== undefined) === (policy.clusterTopologyName !== undefined)) {
    ctx.error(PATH, 'exactly one of labelKey or clusterTopologyName is required');
  }
  const preferred = policy.enforcement === 'preferred';
  if (preferred && policy.preferredWeight === undefined)
    ctx.error(PATH, 'preferredWeight is required when enforcement is preferred');
  if (!preferred && policy.preferredWeight !== undefined)
    ctx.error(PATH, 'preferredWeight may only be set when enforcement is preferred');
  const key = policy.labelKey;
  if (key !== undefined && key.includes('/') && key.split('/')[0].length > 253) {
    ctx.error(fieldPath(PATH, 'labelKey'), 'labelKey prefix must be 253 characters or less');
  }
  if (policy.clusterTopologyName !== undefined) {
    const at = fieldPath(PATH, 'clusterTopologyName');
    const notGrove = grovePathwayProblem(ctx.model, ctx.settings);
    ctx.error(
      at,
      notGrove ??
        "is not rendered by dynamo-iac: the per-domain topology labels come from the ClusterTopology's levels, which only the cluster knows; use labelKey (docs/deviations.md)",
    );
  }
}
