/**
 * The DynamoModel record as the cluster should hold it: metadata and the known spec fields,
 * never `status` (the runtime operator writes it).
 */
import { DYNAMO_MODEL_API_VERSION, DynamoModelRecord } from '../../api/dynamo-model';
import { KubeObject } from '../../api/k8s-types';
import { compact } from '../../render/merge';

export function renderDynamoModel(model: DynamoModelRecord): KubeObject {
  const labels = Object.keys(model.labels).length ? { ...model.labels } : undefined;
  const annotations = Object.keys(model.annotations).length ? { ...model.annotations } : undefined;
  const { modelName, baseModelName, modelType, source } = model.spec;
  return {
    apiVersion: DYNAMO_MODEL_API_VERSION,
    kind: 'DynamoModel',
    metadata: compact({ name: model.name, namespace: model.namespace, labels, annotations }) as KubeObject['metadata'],
    spec: compact({ modelName, baseModelName, modelType, source: source ? { uri: source.uri } : undefined }),
  };
}
