/** DynamoModel (dm): a base model or LoRA adapter served by a graph's workers. */
import { conditions } from './core';
import { AGE_COLUMN, crd } from './crd';
import { arr, bool, enumStr, int32, obj, str } from './schema';

const SPEC = obj(
  {
    modelName: str(),
    // Upstream's update webhook makes these two immutable; we run no webhooks, so CEL does it, with its messages.
    baseModelName: {
      ...str(),
      'x-kubernetes-validations': [
        { rule: 'self == oldSelf', message: 'spec.baseModelName is immutable and cannot be changed after creation' },
      ],
    },
    modelType: {
      ...enumStr(['base', 'lora', 'adapter'], 'base'),
      'x-kubernetes-validations': [
        { rule: 'self == oldSelf', message: 'spec.modelType is immutable and cannot be changed after creation' },
      ],
    },
    source: obj({ uri: str() }, { required: ['uri'] }),
  },
  { required: ['modelName', 'baseModelName'] },
);

const STATUS = obj(
  {
    endpoints: arr(
      obj(
        { address: str(), podName: str(), ready: bool(), loRAFallbackCovered: bool() },
        { required: ['address', 'ready'] },
      ),
    ),
    readyEndpoints: int32(),
    totalEndpoints: int32(),
    loRAFallbackCoveredEndpoints: int32(),
    conditions: conditions(),
  },
  { required: ['readyEndpoints', 'totalEndpoints'] },
);

export function modelCrd() {
  return crd({
    kind: 'DynamoModel',
    plural: 'dynamomodels',
    shortNames: ['dm'],
    versions: [
      {
        name: 'v1alpha1',
        storage: true,
        spec: SPEC,
        status: STATUS,
        printerColumns: [
          { name: 'BaseModel', type: 'string', jsonPath: '.spec.baseModelName' },
          { name: 'Type', type: 'string', jsonPath: '.spec.modelType' },
          { name: 'Ready', type: 'integer', jsonPath: '.status.readyEndpoints' },
          { name: 'Total', type: 'integer', jsonPath: '.status.totalEndpoints' },
          AGE_COLUMN,
        ],
      },
    ],
  });
}
