/**
 * The worker-rollout controller: keyed by graph, woken by its graph, adapters and workloads (the
 * graph controllers' sources), and by its generation Services and pods (a retired generation
 * waits for its last pod to go).
 */
import { LABEL } from '../../../render';
import { ServerObject } from '../../runtime/kube/objects';
import { graphController, graphKeyOfWorkload } from '../graphs';
import { Pod } from '../kinds';
import { RESOURCES } from '../resources';
import { WorkerRolloutReconciler } from './reconciler';

/** What the controller reads of a pod: whose generation it is. */
function generationPodView(obj: ServerObject): ServerObject {
  const { name, namespace, uid, resourceVersion, labels } = obj.metadata;
  return { apiVersion: obj.apiVersion, kind: obj.kind, metadata: { name, namespace, uid, resourceVersion, labels } };
}

export const workerRollouts = graphController(
  'worker-rollouts',
  RESOURCES.dgdV1beta1.kind,
  (ctx, sources, controller) => {
    const generations = { labelSelector: `${LABEL.graphName},${LABEL.workerHash}` };
    const services = ctx.informers.for<ServerObject>(RESOURCES.service, generations);
    const pods = ctx.informers.for<Pod>(RESOURCES.pod, generations, {
      name: 'generation-pod',
      transform: generationPodView,
    });
    const enqueue = (o: ServerObject) => controller.enqueue(graphKeyOfWorkload(o));
    services.addHandlers({ onAdd: enqueue, onUpdate: enqueue, onDelete: enqueue });
    pods.addHandlers({ onAdd: enqueue, onDelete: enqueue });
    return new WorkerRolloutReconciler({ ...ctx, ...sources, services, pods });
  },
);
