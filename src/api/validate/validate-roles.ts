/**
 * v1beta1 `roles`: explicit leader / worker roles of a multinode component (upstream's webhook).
 * Roles that only restate the implicit ones render the same; role pod templates and provider
 * overrides are not rendered and are refused with the reason.
 */
import { ComponentModel } from '../model';
import { fieldPath, keyPath } from '../read';
import { PROVIDER_OVERRIDE_NOT_RENDERED } from './validate-grove-fields';
import { ValidationContext } from './validation-context';

const ROLES = ['leader', 'worker'];

export function validateRoles(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const roles = c.roles;
  if (!roles) return;
  const path = ctx.paths.at(i, 'roles');
  if (!c.multinode) {
    ctx.error(
      path,
      'roles are supported only for component shapes that define a role schema; this release supports multinode and LPX components',
    );
    return;
  }
  const seen = new Set<string>();
  roles.forEach((role, j) => {
    const at = (f: string) => fieldPath(keyPath(path, j), f);
    if (!ROLES.includes(role.name)) {
      ctx.error(
        at('name'),
        `Unsupported value: "${role.name}": supported values: ${ROLES.map((r) => `"${r}"`).join(', ')}`,
      );
      return;
    }
    if (seen.has(role.name)) ctx.error(at('name'), `Duplicate value: "${role.name}"`);
    seen.add(role.name);
    const expected = role.name === 'leader' ? 1 : c.multinode!.nodeCount - 1;
    if (role.replicas !== undefined && role.replicas !== expected) {
      ctx.error(
        at('replicas'),
        `Invalid value: ${role.replicas}: must equal ${expected} for multinode role "${role.name}"`,
      );
    }
    if (role.hasPodTemplate) {
      ctx.error(
        at('podTemplate'),
        "is not supported for this component role: dynamo-iac renders every role from the component's podTemplate (docs/deviations.md)",
      );
    }
    if (role.hasProviderOverride) {
      ctx.error(at('providerOverride'), PROVIDER_OVERRIDE_NOT_RENDERED);
    }
  });
  for (const name of ROLES) if (!seen.has(name)) ctx.error(path, `Required value: must contain the "${name}" role`);
}
