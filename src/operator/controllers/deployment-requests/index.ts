/**
 * The DynamoGraphDeploymentRequest status controller (only when its CRD is installed): keyed by
 * request, woken by the request, its generated graph and its profiling Job.
 */
import { objectKey } from '../../runtime/kube/objects';
import { ControllerDefinition, newController } from '../context';
import { DeploymentRequest, GraphDeployment, Job } from '../kinds';
import { RESOURCES } from '../resources';
import { DeploymentRequestReconciler, requestKeyOfGraph, requestKeyOfJob } from './reconciler';

export const deploymentRequests: ControllerDefinition = {
  name: 'deployment-requests',
  async setup(ctx) {
    if (!(await ctx.served(RESOURCES.dgdrV1beta1))) return undefined;
    const requests = ctx.informers.for<DeploymentRequest>(RESOURCES.dgdrV1beta1);
    const graphs = ctx.informers.for<GraphDeployment>(RESOURCES.dgdV1beta1);
    // Only profiling Jobs carry the `dgdr` label.
    const jobs = ctx.informers.for<Job>(RESOURCES.job, { labelSelector: 'dgdr' });
    const reconciler = new DeploymentRequestReconciler({ ...ctx, requests, graphs, jobs });
    const controller = newController(ctx, {
      name: 'deployment-requests',
      resourceType: RESOURCES.dgdrV1beta1.kind,
      reconcile: (key) => reconciler.reconcile(key),
      onResume: (ns) => requests.list((r) => r.metadata.namespace === ns).map(objectKey),
    });
    const enqueue = (r: DeploymentRequest) => controller.enqueue(objectKey(r));
    requests.addHandlers({ onAdd: enqueue, onUpdate: enqueue });
    const onGraph = (g: GraphDeployment) => controller.enqueue(requestKeyOfGraph(g));
    graphs.addHandlers({ onAdd: onGraph, onUpdate: onGraph, onDelete: onGraph });
    const onJob = (j: Job) => controller.enqueue(requestKeyOfJob(j));
    jobs.addHandlers({ onAdd: onJob, onUpdate: onJob, onDelete: onJob });
    return controller;
  },
};
