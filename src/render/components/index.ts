import { ComponentDefaults, DefaultsContext } from './defaults';
import { genericDefaults } from './default';
import { eppDefaults } from './epp';
import { frontendDefaults } from './frontend';
import { plannerDefaults } from './planner';
import { workerDefaults } from './worker';
import { isWorkerComponent } from '../../api/model';

export * from './defaults';

/** The engine component types are defined once, in the model. */
export { WORKER_COMPONENT_TYPES as WORKER_TYPES } from '../../api/model';
export const isWorkerType = isWorkerComponent;

export function defaultsFor(type: string, ctx: DefaultsContext): ComponentDefaults {
  if (type === 'frontend') return frontendDefaults(ctx);
  if (isWorkerType(type)) return workerDefaults();
  if (type === 'planner') return plannerDefaults();
  if (type === 'epp') return eppDefaults(ctx);
  return genericDefaults();
}
