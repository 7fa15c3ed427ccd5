/**
 * DynamoGraphDeploymentRun (dgdrrun, `nvidia.com/v1beta2`, Dynamo 1.7): one search of a v1beta2
 * DynamoGraphDeploymentRequest. Upstream's operator writes it when it accepts the request: its spec
 * is the request's spec, copied and frozen; its status follows the search Job. Never authored, so
 * no input reads it (src/kinds/run/row.ts refuses it); the CRD is here so the operator's records fit.
 */
import { condition } from './core';
import { AGE_COLUMN, crd, PrinterColumn } from './crd';
import { specV1beta2 } from './deployment-request-v1beta2';
import { SPEC_IMMUTABLE } from './immutability';
import { arr, doc, enumStr, int32, int64, JSONSchemaProps, obj, str, time } from './schema';

export const RUN_PHASES = ['Pending', 'Running', 'Succeeded', 'Failed'] as const;

/** Outcome counters: unique configurations, not one resource per trial. */
function evaluations(): JSONSchemaProps {
  const counters = ['scheduled', 'running', 'feasible', 'infeasible', 'failed', 'unsupported', 'cacheHits'];
  return obj(Object.fromEntries(counters.map((c) => [c, int64()])));
}

function progress(): JSONSchemaProps {
  const branch = obj(
    {
      name: str(),
      rounds: obj({ completed: int32(), total: int32() }, { required: ['completed', 'total'] }),
    },
    { required: ['name', 'rounds'] },
  );
  return obj({
    branches: doc(
      'One entry per deployment-mode branch the search resolved (maxRounds applies to each).',
      arr(branch, { listType: 'map', mapKeys: ['name'] }),
    ),
    evaluations: evaluations(),
    candidates: doc('How many candidates the run published.', obj({ paretoFront: int64(), published: int32() })),
  });
}

function status(): JSONSchemaProps {
  return obj({
    phase: doc('A summary of the conditions, which stay authoritative.', enumStr([...RUN_PHASES])),
    jobRef: doc('The search Job.', obj({ name: str(), uid: str() }, { required: ['name'] })),
    progress: progress(),
    candidateRefs: doc(
      'The DynamoGraphDeploymentCandidates published, best first for a single-metric search.',
      arr(obj({ name: str({ default: '' }) })),
    ),
    provenance: obj({ sweeperVersion: str(), replayVersion: str() }),
    startTime: time(),
    completionTime: time(),
    lastProgressTime: time(),
    conditions: arr(condition(), { listType: 'map', mapKeys: ['type'] }),
  });
}

const COLUMNS: PrinterColumn[] = [
  { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
  { name: 'Completed', type: 'string', jsonPath: '.status.conditions[?(@.type=="Completed")].status' },
  { name: 'Candidates', type: 'integer', jsonPath: '.status.progress.candidates.published' },
  AGE_COLUMN,
];

export function deploymentRunCrd() {
  return crd({
    kind: 'DynamoGraphDeploymentRun',
    plural: 'dynamographdeploymentruns',
    shortNames: ['dgdrrun'],
    versions: [
      {
        name: 'v1beta2',
        storage: true,
        spec: specV1beta2(),
        status: status(),
        printerColumns: COLUMNS,
        specRequired: true,
        rules: [SPEC_IMMUTABLE],
      },
    ],
  });
}
