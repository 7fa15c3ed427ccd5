/** `spec.restart` rules (upstream webhook and CEL). */
import { ValidationContext } from './validation-context';

const STRATEGIES = ['Sequential', 'Parallel'];

export const SEQUENTIAL_RESTART_WARNING =
  'a Sequential restart (the default strategy) goes one component at a time: the runtime operator (dynamo-iac platform) stamps nvidia.com/restartAt on each in turn once the one before is ready and reports it in status.restart, so the rendered pod templates leave it out and nothing restarts where the operator does not run; strategy Parallel restarts every component at once from the rendered output (docs/deviations.md)';

export function validateRestart(ctx: ValidationContext): void {
  const restart = ctx.model.restart;
  if (!restart) return;
  // Upstream's CEL rejects spec.restart on create. We render desired state without knowing whether
  // the object already exists (a GitOps re-apply of an existing graph may legitimately carry a
  // restart id), so this is a warning: the API server still has the final word on create.
  ctx.warn(
    'spec.restart',
    'spec.restart must be unset on create; set spec.restart.id after creation to request a restart',
  );
  if (!restart.id) ctx.error('spec.restart.id', 'is required');
  const type = restart.strategy?.type;
  if (type !== undefined && !STRATEGIES.includes(type)) {
    ctx.error('spec.restart.strategy.type', `Unsupported value: "${type}": supported values: "Sequential", "Parallel"`);
  }
  if (restart.id && (type ?? 'Sequential') === 'Sequential') {
    ctx.warn(type ? 'spec.restart.strategy.type' : 'spec.restart', SEQUENTIAL_RESTART_WARNING);
  }
  const order = restart.strategy?.order;
  if (!order) return;
  const path = 'spec.restart.strategy.order';
  if (type === 'Parallel') {
    ctx.error(path, 'cannot be specified when strategy is parallel');
    return;
  }
  const unique = new Set(order);
  if (unique.size !== order.length) ctx.error(path, 'must be unique');
  const noun = ctx.paths.noun;
  if (unique.size !== ctx.model.components.length)
    ctx.error(path, `must have the same number of unique ${noun}s as the deployment`);
  const names = new Set(ctx.model.components.map((c) => c.name));
  for (const name of unique) if (!names.has(name)) ctx.error(path, `contains unknown ${noun}: ${name}`);
}
