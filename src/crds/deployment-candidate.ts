/**
 * DynamoGraphDeploymentCandidate (dgdc, `nvidia.com/v1beta2`, Dynamo 1.7): one configuration a
 * search published. Its spec is a v1beta1 DynamoGraphDeployment spec, the DGD CRD's own schema;
 * a person deploys it by copying that spec into a DynamoGraphDeployment (upstream never does).
 * Its status describes the evaluation, never a deployment's health.
 */
import { condition } from './core';
import { AGE_COLUMN, crd, PrinterColumn } from './crd';
import { RESTART_UNSET_ON_CREATE } from './common';
import { graphSpecV1beta1 } from './graph-deployment';
import { SPEC_IMMUTABLE } from './immutability';
import { arr, doc, int32, obj, preserveUnknown } from './schema';

function status() {
  return obj({
    rank: doc('1 is the best; absent for a Pareto search.', int32({ min: 1 })),
    conditions: arr(condition(), { listType: 'map', mapKeys: ['type'] }),
    experimental: doc("The search tool's diagnostics, kept as written.", preserveUnknown()),
  });
}

const COLUMNS: PrinterColumn[] = [
  { name: 'Rank', type: 'integer', jsonPath: '.status.rank' },
  { name: 'Evaluated', type: 'string', jsonPath: '.status.conditions[?(@.type=="Evaluated")].status' },
  { name: 'Backend', type: 'string', jsonPath: '.spec.backendFramework' },
  AGE_COLUMN,
];

export function deploymentCandidateCrd() {
  return crd({
    kind: 'DynamoGraphDeploymentCandidate',
    plural: 'dynamographdeploymentcandidates',
    shortNames: ['dgdc'],
    versions: [
      {
        name: 'v1beta2',
        storage: true,
        // The DGD's component-level transition rules come along; the root rule already freezes the spec.
        spec: graphSpecV1beta1([RESTART_UNSET_ON_CREATE]),
        status: status(),
        printerColumns: COLUMNS,
        specRequired: true,
        rules: [SPEC_IMMUTABLE],
      },
    ],
  });
}
