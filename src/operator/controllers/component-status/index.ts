/**
 * The standalone-DCD status controller: keyed by DCD, woken by the DCD and by its workloads (a
 * standalone DCD's workloads carry an empty graph-name label and are named after it, its
 * LeaderWorkerSet with `-0`).
 */
import { objectKey } from '../../runtime/kube/objects';
import { LABEL } from '../../../render';
import { ControllerDefinition, newController } from '../context';
import { graphInformers } from '../graphs';
import { ComponentDeployment, Workload } from '../kinds';
import { RESOURCES } from '../resources';
import { ComponentStatusReconciler } from './reconciler';

export const componentStatus: ControllerDefinition = {
  name: 'component-status',
  async setup(ctx) {
    const components = ctx.informers.for<ComponentDeployment>(RESOURCES.dcdV1beta1);
    const { deployments, leaderWorkerSets } = await graphInformers(ctx);
    const reconciler = new ComponentStatusReconciler({ ...ctx, components, deployments, leaderWorkerSets });
    const controller = newController(ctx, {
      name: 'component-status',
      resourceType: RESOURCES.dcdV1beta1.kind,
      reconcile: (key) => reconciler.reconcile(key),
      onResume: (ns) => components.list((c) => c.metadata.namespace === ns).map(objectKey),
    });
    const enqueue = (c: ComponentDeployment) => controller.enqueue(objectKey(c));
    components.addHandlers({ onAdd: enqueue, onUpdate: enqueue });
    const onWorkload = (w: Workload) => {
      if (w.metadata.labels?.[LABEL.graphName] !== '') return;
      controller.enqueue(objectKey(w));
      const group = w.metadata.name.replace(/-\d+$/, '');
      if (group !== w.metadata.name) controller.enqueue(`${w.metadata.namespace}/${group}`);
    };
    for (const informer of [deployments, leaderWorkerSets])
      informer?.addHandlers({ onAdd: onWorkload, onUpdate: onWorkload, onDelete: onWorkload });
    return controller;
  },
};
