/** The checkpoint controller: keyed by checkpoint, woken by its checkpoint and its Job; off where DynamoCheckpoint is not served (1.7). */
import { CHECKPOINT_LABEL } from '../../../api';
import { objectKey } from '../../runtime/kube/objects';
import { ControllerDefinition, newController } from '../context';
import { Checkpoint, Job } from '../kinds';
import { RESOURCES } from '../resources';
import { CheckpointReconciler, checkpointKeyOfJob } from './reconciler';

export const checkpoints: ControllerDefinition = {
  name: 'checkpoints',
  async setup(ctx) {
    if (!(await ctx.served(RESOURCES.checkpoint))) return undefined;
    const checkpointInformer = ctx.informers.for<Checkpoint>(RESOURCES.checkpoint);
    // Only checkpoint Jobs carry the checkpoint-ID label.
    const jobs = ctx.informers.for<Job>(RESOURCES.job, { labelSelector: CHECKPOINT_LABEL.checkpointId });
    const reconciler = new CheckpointReconciler({
      ...ctx,
      checkpoints: checkpointInformer,
      jobs,
      storage: ctx.config.checkpointStorage,
    });
    const inNamespace = (ns: string) => checkpointInformer.list((x) => x.metadata.namespace === ns).map(objectKey);
    const controller = newController(ctx, {
      name: 'checkpoints',
      resourceType: RESOURCES.checkpoint.kind,
      reconcile: (key) => reconciler.reconcile(key),
      onResume: inNamespace,
    });
    const enqueue = (o: Checkpoint) => controller.enqueue(objectKey(o));
    checkpointInformer.addHandlers({
      onAdd: enqueue,
      onUpdate: enqueue,
      // A deleted owner of an ID lets a duplicate of it take over.
      onDelete: (o) => inNamespace(o.metadata.namespace ?? '').forEach((k) => controller.enqueue(k)),
    });
    const onJob = (o: Job) => controller.enqueue(checkpointKeyOfJob(o));
    jobs.addHandlers({ onAdd: onJob, onUpdate: onJob, onDelete: onJob });
    return controller;
  },
};
