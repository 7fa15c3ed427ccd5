/**
 * The topology-label controller: keyed by pod, woken when a graph component's pod is created or
 * an update makes it need its node's topology label (pods.ts). Pods are cached reduced to the
 * fields read; nodes are read one at a time when a pod needs one (they are cluster-scoped).
 */
import { LABEL } from '../../../render';
import { objectKey } from '../../runtime/kube/objects';
import { ControllerDefinition, newController } from '../context';
import { Pod } from '../kinds';
import { RESOURCES } from '../resources';
import { copyBecameNeeded, podView, topologyLabelToCopy } from './pods';
import { TopologyLabelReconciler } from './reconciler';

export const topologyLabels: ControllerDefinition = {
  name: 'topology-labels',
  async setup(ctx) {
    const pods = ctx.informers.for<Pod>(
      RESOURCES.pod,
      { labelSelector: `${LABEL.graphName},${LABEL.component}` },
      { name: 'pod-topology', transform: podView },
    );
    const reconciler = new TopologyLabelReconciler({ ...ctx, pods });
    const controller = newController(ctx, {
      name: 'topology-labels',
      resourceType: RESOURCES.pod.kind,
      reconcile: (key) => reconciler.reconcile(key),
      onResume: (ns) =>
        pods.list((p) => p.metadata.namespace === ns && topologyLabelToCopy(p) !== undefined).map(objectKey),
    });
    pods.addHandlers({
      onAdd: (p) => topologyLabelToCopy(p) && controller.enqueue(objectKey(p)),
      onUpdate: (p, old) => copyBecameNeeded(p, old) && controller.enqueue(objectKey(p)),
    });
    return controller;
  },
};
