/**
 * The controllers, in the order the operator sets them up. Each is a ControllerDefinition
 * (context.ts): its own folder, an index.ts that wires informers and a work queue, a
 * reconciler, and pure functions for the status it writes. Add a new one here.
 */
import { checkpoints } from './checkpoints';
import { componentStatus } from './component-status';
import { ControllerDefinition } from './context';
import { deploymentRequests } from './deployment-requests';
import { graphStatus } from './graph-status';
import { inventory } from './inventory';
import { dynamoModels } from './models';
import { restarts } from './restart';
import { scalingAdapters } from './scaling-adapters';
import { scaleToZero } from './scale-to-zero';
import { topologyLabels } from './topology-labels';
import { workerRollouts } from './worker-rollouts';

export const CONTROLLERS: readonly ControllerDefinition[] = [
  scalingAdapters,
  workerRollouts,
  graphStatus,
  restarts,
  componentStatus,
  dynamoModels,
  checkpoints,
  topologyLabels,
  deploymentRequests,
  inventory,
  scaleToZero,
];

export type { ControllerContext, ControllerDefinition } from './context';
