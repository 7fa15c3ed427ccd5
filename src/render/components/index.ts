import { ComponentDefaults, DefaultsContext } from './defaults';
import { genericDefaults } from './default';
import { eppDefaults } from './epp';
import { frontendDefaults } from './frontend';
import { plannerDefaults } from './planner';
import { workerDefaults } from './worker';

export * from './defaults';

export const WORKER_TYPES: readonly string[] = ['worker', 'prefill', 'decode'];
export const isWorkerType = (type: string) => WORKER_TYPES.includes(type);

export function defaultsFor(type: string, ctx: DefaultsContext): ComponentDefaults {
  if (type === 'frontend') return frontendDefaults(ctx);
  if (isWorkerType(type)) return workerDefaults();
  if (type === 'planner') return plannerDefaults();
  if (type === 'epp') return eppDefaults(ctx);
  return genericDefaults();
}
