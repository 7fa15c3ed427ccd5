/**
 * DynamoGraphDeploymentScalingAdapter (dgdsa): the scale target for HPA/KEDA/Planner. Its scale
 * subresource is what lets autoscalers write `spec.replicas` without touching the DGD.
 */
import { crd, PrinterColumn, ScaleSubresource } from './crd';
import { int32, obj, str, time } from './schema';

type Version = 'v1alpha1' | 'v1beta1';

/** v1beta1 renamed the target field from `serviceName` to `componentName`. */
function targetField(version: Version): string {
  return version === 'v1alpha1' ? 'serviceName' : 'componentName';
}

function spec(version: Version) {
  const target = targetField(version);
  const dgdRef = obj(
    {
      name: str({ minLength: 1 }),
      [target]: str({ minLength: 1 }),
      ...(version === 'v1beta1' ? { componentGroupName: str({ minLength: 1 }) } : {}),
    },
    { required: ['name', target] },
  );
  return obj({ replicas: int32({ min: 0 }), dgdRef }, { required: ['replicas', 'dgdRef'] });
}

const STATUS = obj({ replicas: int32(), selector: str(), lastScaleTime: time() });

const SCALE: ScaleSubresource = {
  specReplicasPath: '.spec.replicas',
  statusReplicasPath: '.status.replicas',
  labelSelectorPath: '.status.selector',
};

function columns(version: Version): PrinterColumn[] {
  const target = targetField(version);
  return [
    { name: 'DGD', type: 'string', jsonPath: '.spec.dgdRef.name' },
    { name: version === 'v1alpha1' ? 'SERVICE' : 'COMPONENT', type: 'string', jsonPath: `.spec.dgdRef.${target}` },
    { name: 'REPLICAS', type: 'integer', jsonPath: '.status.replicas' },
    { name: 'AGE', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ];
}

export function scalingAdapterCrd() {
  return crd({
    kind: 'DynamoGraphDeploymentScalingAdapter',
    plural: 'dynamographdeploymentscalingadapters',
    shortNames: ['dgdsa'],
    versions: (['v1alpha1', 'v1beta1'] as const).map((version) => ({
      name: version,
      // Upstream keeps v1alpha1 as the storage version for this kind.
      storage: version === 'v1alpha1',
      spec: spec(version),
      status: STATUS,
      printerColumns: columns(version),
      scale: SCALE,
    })),
  });
}
