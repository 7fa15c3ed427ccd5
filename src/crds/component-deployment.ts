/** DynamoComponentDeployment (dcd): one component's workload; v1beta1 is the storage version. */
import { replicaStatus } from './common';
import { componentDeploymentSpec } from './component-spec-v1beta1';
import { conditions, stringMap } from './core';
import { AGE_COLUMN, crd, PrinterColumn } from './crd';
import { int64, obj } from './schema';
import { componentDeploymentSpecV1alpha1 } from './shared-spec-v1alpha1';

// Upstream's v1alpha1 also lists a `DynamoComponent` column on `.spec.dynamoComponent`, a field
// that no longer exists; we leave that always-empty column out.
const COLUMNS: PrinterColumn[] = [
  { name: 'Available', type: 'string', jsonPath: ".status.conditions[?(@.type=='Available')].status" },
  { name: 'Backend', type: 'string', jsonPath: '.spec.backendFramework' },
  AGE_COLUMN,
];

export function componentDeploymentCrd() {
  return crd({
    kind: 'DynamoComponentDeployment',
    plural: 'dynamocomponentdeployments',
    shortNames: ['dcd'],
    versions: [
      {
        name: 'v1alpha1',
        spec: componentDeploymentSpecV1alpha1(),
        // `podSelector` is unused upstream but part of the schema, so kept for compatibility.
        status: obj({ conditions: conditions(), podSelector: stringMap(), service: replicaStatus('v1alpha1') }),
        printerColumns: COLUMNS,
      },
      {
        name: 'v1beta1',
        storage: true,
        spec: componentDeploymentSpec(),
        status: obj({ observedGeneration: int64(), conditions: conditions(), component: replicaStatus('v1beta1') }),
        printerColumns: COLUMNS,
      },
    ],
  });
}
