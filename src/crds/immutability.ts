/**
 * Fields upstream's update webhook freezes, as CEL transition rules: we ship no webhooks, so the
 * API server itself refuses the change (docs/deviations.md). Each rule sits on the object that
 * holds the field, so adding or removing it is caught as well as changing it, and `fieldPath`
 * makes the server report the field itself. Transition rules run on updates only.
 */
import { ValidationRule } from './schema';

export type OwnerKind = 'DynamoGraphDeployment' | 'DynamoComponentDeployment';

/** `has(self.a) && has(self.a.b)` for the dotted `path` under `root`. */
function present(root: string, path: string): string {
  const parts = path.split('.');
  return parts.map((_, i) => `has(${root}.${parts.slice(0, i + 1).join('.')})`).join(' && ');
}

/** The field at `path` (dotted, below the rule's object) may not be added, removed or changed. */
export function frozen(path: string, message: string): ValidationRule {
  const now = present('self', path);
  const before = present('oldSelf', path);
  return {
    rule: `(${now}) == (${before}) && (!(${now}) || self.${path} == oldSelf.${path})`,
    message,
    fieldPath: `.${path}`,
  };
}

export const BACKEND_FRAMEWORK_FROZEN = frozen(
  'backendFramework',
  'spec.backendFramework is immutable and cannot be changed after creation',
);

export const KV_TRANSFER_POLICY_FROZEN = frozen(
  'experimental.kvTransferPolicy',
  'is immutable and cannot be added, removed, or changed after creation; delete and recreate the DynamoGraphDeployment to change the KV transfer policy',
);

export function topologyFrozen(owner: OwnerKind): ValidationRule {
  return frozen(
    'topologyConstraint',
    `is immutable and cannot be added, removed, or changed after creation; delete and recreate the ${owner} to change topology constraints`,
  );
}

/** A component may not switch between single-node and multinode (`multinode` present means multinode). */
export const NODE_TOPOLOGY_FROZEN: ValidationRule = {
  rule: 'has(self.multinode) == has(oldSelf.multinode)',
  message: 'cannot change node topology between single-node and multi-node after creation',
  fieldPath: '.multinode',
};

/** The transition rules on a component (a DGD component / service, or a DCD spec). */
export function componentTransitionRules(owner: OwnerKind): ValidationRule[] {
  return [NODE_TOPOLOGY_FROZEN, topologyFrozen(owner)];
}

/**
 * Upstream's own rule (not a webhook stand-in) on the search's records, a DynamoGraphDeploymentRun
 * and its Candidates: written once by the operator, their spec never changes afterwards.
 */
export const SPEC_IMMUTABLE: ValidationRule = {
  rule: '!has(oldSelf.spec) || self.spec == oldSelf.spec',
  message: 'spec is immutable',
};
