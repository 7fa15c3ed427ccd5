/** The DynamoModel controller (only when its CRD is installed): keyed by model, woken by the model and its base model's EndpointSlices. */
import { LABEL } from '../../../render';
import { objectKey } from '../../runtime/kube/objects';
import { ControllerDefinition, newController } from '../context';
import { DynamoModel, EndpointSlice } from '../kinds';
import { RESOURCES } from '../resources';
import { DynamoModelReconciler, modelChangeMatters, modelKeysOfSlice } from './reconciler';

export const dynamoModels: ControllerDefinition = {
  name: 'dynamo-models',
  async setup(ctx) {
    if (!(await ctx.served(RESOURCES.dynamoModel))) return undefined;
    const models = ctx.informers.for<DynamoModel>(RESOURCES.dynamoModel);
    // Only the model Services' slices carry the hash label.
    const slices = ctx.informers.for<EndpointSlice>(RESOURCES.endpointSlice, { labelSelector: LABEL.baseModelHash });
    const reconciler = new DynamoModelReconciler({ ...ctx, models, slices, endpoints: ctx.config.models });
    const controller = newController(ctx, {
      name: 'dynamo-models',
      resourceType: RESOURCES.dynamoModel.kind,
      reconcile: (key) => reconciler.reconcile(key),
      onResume: (ns) => models.list((m) => m.metadata.namespace === ns).map(objectKey),
    });
    models.addHandlers({
      onAdd: (m) => controller.enqueue(objectKey(m)),
      onUpdate: (m, old) => modelChangeMatters(m, old) && controller.enqueue(objectKey(m)),
    });
    const onSlice = (s: EndpointSlice) => modelKeysOfSlice(s, models).forEach((k) => controller.enqueue(k));
    slices.addHandlers({ onAdd: onSlice, onUpdate: onSlice, onDelete: onSlice });
    return controller;
  },
};
