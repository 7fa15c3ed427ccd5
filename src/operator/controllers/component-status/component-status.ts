/**
 * A standalone DynamoComponentDeployment's status, as upstream's DCD controller writes it, from
 * the Deployment or LeaderWorkerSet rendered for it: the replica status (`component` in v1beta1,
 * `service` with `componentName` in v1alpha1), `Available` (the workload is ready by the same
 * rules as a graph's components) and `DynamoComponentReady`, and in v1beta1 `observedGeneration`.
 */
import { GraphModel } from '../../../api';
import { isMultinode } from '../../../render';
import { Condition, setCondition } from '../../runtime/conditions';
import { componentReport, ReplicaStatus, WorkloadLookup } from '../graph-status/graph-status';
import { ComponentDeployment } from '../kinds';

export interface ComponentDeploymentStatus {
  observedGeneration?: number;
  conditions: Condition[];
  component?: ReplicaStatus;
  service?: ReplicaStatus;
}

export function componentDeploymentStatus(
  dcd: ComponentDeployment,
  model: GraphModel,
  lookup: Pick<WorkloadLookup, 'deployment' | 'leaderWorkerSet'>,
  now: string,
): ComponentDeploymentStatus {
  const c = model.components[0];
  const report = componentReport(model, c, lookup);
  const kind = isMultinode(c) ? 'LeaderWorkerSet' : 'Deployment';
  const status = report.ready ? 'True' : 'False';
  const generation = dcd.metadata.generation;
  let conditions = setCondition(
    dcd.status?.conditions,
    {
      type: 'Available',
      status,
      reason: report.ready ? `${kind}Ready` : `${kind}NotReady`,
      message: `${kind} is ${report.ready ? 'ready' : 'not ready'}`,
      observedGeneration: generation,
    },
    now,
  );
  conditions = setCondition(
    conditions,
    {
      type: 'DynamoComponentReady',
      status,
      reason: report.ready ? 'ComponentReady' : 'ComponentNotReady',
      message: `DynamoComponent is ${report.ready ? 'ready' : 'not ready'}`,
      observedGeneration: generation,
    },
    now,
  );
  if (model.apiVersion === 'nvidia.com/v1alpha1') {
    // The v1alpha1 status has no observedGeneration: the conditions carry it.
    return {
      conditions,
      service: report.status && { ...report.status, componentName: report.status.componentNames[0] },
    };
  }
  return { observedGeneration: generation, conditions, component: report.status };
}
