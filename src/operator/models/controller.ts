/** Wires the DynamoModel controller: its informers, event handlers and work queue. */
import { Logger } from 'pino';
import { LABEL } from '../../render';
import { Clock } from '../clock';
import { Controller } from '../controller';
import { EventRecorder } from '../events';
import { KubeApi, KubeObject } from '../kube/client';
import { Resource, RESOURCES } from '../kube/resources';
import { OperatorMetrics } from '../metrics';
import { NamespaceGate } from '../namespace-gate';
import { Informer, objectKey } from '../watch';
import { WorkQueue } from '../work-queue';
import { ModelEndpointConfig } from './endpoint-config';
import { DynamoModelReconciler, modelChangeMatters, modelKeysOfSlice } from './reconciler';

export interface ModelControllerDeps {
  readonly api: KubeApi;
  readonly log: Logger;
  readonly clock: Clock;
  readonly gate: NamespaceGate;
  readonly metrics: OperatorMetrics;
  readonly endpoints: ModelEndpointConfig;
  readonly workers: number;
  /** Creates (and registers with the operator) an informer. */
  readonly informer: (resource: Resource, labelSelector?: string) => Informer<KubeObject>;
}

/** `dynamo_operator_resources_total` status of a DynamoModel: its `EndpointsReady` condition. */
export function modelInventoryStatus(model: KubeObject): string {
  const c = (model.status?.conditions ?? []).find((x: { type?: string }) => x.type === 'EndpointsReady');
  return c ? (c.status === 'True' ? 'ready' : 'not_ready') : 'unknown';
}

export function createModelController(d: ModelControllerDeps): { controller: Controller; models: Informer<KubeObject> } {
  const models = d.informer(RESOURCES.dynamoModel);
  // Only the model Services' slices carry the hash label.
  const slices = d.informer(RESOURCES.endpointSlice, LABEL.baseModelHash);
  const queue = new WorkQueue({ clock: d.clock });
  const enqueue = (key: string) => d.gate.allows(key.split('/')[0]) && queue.add(key);
  models.addHandlers({
    onAdd: (m) => enqueue(objectKey(m)),
    onUpdate: (m, old) => modelChangeMatters(m, old) && enqueue(objectKey(m)),
  });
  const onSlice = (s: KubeObject) => modelKeysOfSlice(s, models).forEach(enqueue);
  slices.addHandlers({ onAdd: onSlice, onUpdate: onSlice, onDelete: onSlice });
  d.gate.onResume((ns) => models.list((m) => m.metadata.namespace === ns).forEach((m) => enqueue(objectKey(m))));
  const reconciler = new DynamoModelReconciler({
    api: d.api, log: d.log, clock: d.clock, events: new EventRecorder(d.api, d.clock, d.log), gate: d.gate, models, slices, endpoints: d.endpoints,
  });
  const controller = new Controller({
    name: 'dynamo-models', resourceType: RESOURCES.dynamoModel.kind, reconcile: (k) => reconciler.reconcile(k), queue, log: d.log, metrics: d.metrics, workers: d.workers,
  });
  return { controller, models };
}
