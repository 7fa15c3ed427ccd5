/** Wiring of the checkpoint controller into an operator instance. */
import { Logger } from 'pino';
import { CHECKPOINT_LABEL } from '../../api';
import { CheckpointStorage } from '../../render';
import { Clock } from '../clock';
import { Controller } from '../controller';
import { EventRecorder } from '../events';
import { KubeApi, KubeObject } from '../kube/client';
import { Resource, RESOURCES } from '../kube/resources';
import { OperatorMetrics } from '../metrics';
import { NamespaceGate } from '../namespace-gate';
import { Informer, objectKey } from '../watch';
import { WorkQueue } from '../work-queue';
import { CheckpointReconciler, checkpointKeyOfJob } from './checkpoint-reconciler';

export interface CheckpointControllerDeps {
  readonly api: KubeApi;
  readonly log: Logger;
  readonly clock: Clock;
  readonly gate: NamespaceGate;
  readonly metrics: OperatorMetrics;
  readonly storage: CheckpointStorage;
  readonly workers?: number;
  /** Creates (and registers) an informer, so the operator starts, syncs and stops it. */
  readonly informer: (resource: Resource, labelSelector?: string) => Informer<KubeObject>;
}

export function checkpointController(d: CheckpointControllerDeps): Controller {
  const checkpoints = d.informer(RESOURCES.checkpoint);
  // Only checkpoint Jobs carry the checkpoint-ID label.
  const jobs = d.informer(RESOURCES.job, CHECKPOINT_LABEL.checkpointId);
  const queue = new WorkQueue({ clock: d.clock });
  const reconciler = new CheckpointReconciler({
    api: d.api, log: d.log, clock: d.clock, events: new EventRecorder(d.api, d.clock, d.log), gate: d.gate, checkpoints, jobs, storage: d.storage,
  });
  const enqueue = (key: string | undefined) => {
    if (key && d.gate.allows(key.split('/')[0])) queue.add(key);
  };
  checkpoints.addHandlers({
    onAdd: (o) => enqueue(objectKey(o)),
    onUpdate: (o) => enqueue(objectKey(o)),
    // A deleted owner of an ID lets a duplicate of it take over.
    onDelete: (o) => checkpoints.list((x) => x.metadata.namespace === o.metadata.namespace).forEach((x) => enqueue(objectKey(x))),
  });
  const onJob = (o: KubeObject) => enqueue(checkpointKeyOfJob(o));
  jobs.addHandlers({ onAdd: onJob, onUpdate: onJob, onDelete: onJob });
  d.gate.onResume((ns) => checkpoints.list((x) => x.metadata.namespace === ns).forEach((x) => enqueue(objectKey(x))));
  return new Controller({
    name: 'checkpoints', resourceType: RESOURCES.checkpoint.kind, reconcile: (k) => reconciler.reconcile(k), queue, log: d.log, metrics: d.metrics, workers: d.workers,
  });
}
