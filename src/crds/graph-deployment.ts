/** DynamoGraphDeployment (dgd): v1alpha1 (deprecated, `spec.services` map) and v1beta1 (storage, `spec.components` list). */
import {
  backendFramework,
  providerOverride,
  replicaStatus,
  restart,
  RESTART_UNSET_ON_CREATE,
  topologyDomain,
} from './common';
import { componentList, componentName } from './component-spec-v1beta1';
import { BACKEND_FRAMEWORK_FROZEN, KV_TRANSFER_POLICY_FROZEN, topologyFrozen } from './immutability';
import { conditions, envVars, stringMap } from './core';
import { AGE_COLUMN, crd, PrinterColumn } from './crd';
import {
  arr,
  bool,
  enumStr,
  int32,
  int64,
  JSONSchemaProps,
  map,
  num,
  obj,
  quantity,
  str,
  time,
  ValidationRule,
} from './schema';
import { sharedSpec } from './shared-spec-v1alpha1';
import { MAX_PVCS } from './vocabulary';

type Version = 'v1alpha1' | 'v1beta1';

/** Label keys are at most a 253-char DNS prefix, '/', and a 63-char name; bounds the CEL cost too. */
const LABEL_KEY_MAX = 317;
/** A Kubernetes label key: an optional DNS-subdomain prefix and '/', then the name. */
const LABEL_KEY_PATTERN =
  '^(([a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)(\\.[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?)*/)?([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)$';

/** Rules on a DGD `spec`: restart is a day-2 operation; the update webhook's frozen fields. */
const SPEC_RULES = [
  RESTART_UNSET_ON_CREATE,
  BACKEND_FRAMEWORK_FROZEN,
  topologyFrozen('DynamoGraphDeployment'),
  KV_TRANSFER_POLICY_FROZEN,
];

function kvTransferPolicy(): JSONSchemaProps {
  return obj(
    {
      clusterTopologyName: str({ minLength: 1 }),
      labelKey: str({ minLength: 1, maxLength: LABEL_KEY_MAX, pattern: LABEL_KEY_PATTERN }),
      domain: topologyDomain(),
      enforcement: enumStr(['required', 'preferred'], 'required'),
      preferredWeight: num({ min: 0, max: 1 }),
    },
    {
      required: ['domain'],
      // `enforcement` is defaulted before validation, so it is always present here.
      rules: [
        {
          rule: 'has(self.labelKey) != has(self.clusterTopologyName)',
          message: 'exactly one of labelKey or clusterTopologyName is required',
        },
        {
          rule: "self.enforcement != 'preferred' || has(self.preferredWeight)",
          message: 'preferredWeight is required when enforcement is preferred',
        },
        {
          rule: "!has(self.preferredWeight) || self.enforcement == 'preferred'",
          message: 'preferredWeight may only be set when enforcement is preferred',
        },
        {
          // indexOf is the prefix length when a '/' is present and -1 otherwise.
          rule: "!has(self.labelKey) || self.labelKey.indexOf('/') <= 253",
          message: 'labelKey prefix must be 253 characters or less',
        },
      ],
    },
  );
}

function componentGroups(): JSONSchemaProps {
  return arr(
    obj(
      {
        name: componentName(),
        replicas: int32({ min: 1 }),
        scalingAdapter: obj({}),
        components: arr(obj({ name: str() }, { required: ['name'] }), { minItems: 1, maxItems: 16 }),
      },
      { required: ['name', 'replicas'] },
    ),
    { maxItems: 16 },
  );
}

function experimental(): JSONSchemaProps {
  return obj({ kvTransferPolicy: kvTransferPolicy(), componentGroups: componentGroups() });
}

function pvc(): JSONSchemaProps {
  return obj(
    { create: bool(), name: str(), storageClass: str(), size: quantity(), volumeAccessMode: str() },
    { required: ['name'] },
  );
}

function specV1alpha1(): JSONSchemaProps {
  return obj(
    {
      annotations: stringMap(),
      labels: stringMap(),
      pvcs: arr(pvc(), { maxItems: MAX_PVCS }),
      services: map(sharedSpec(), { maxProperties: 25 }),
      envs: envVars(),
      backendFramework: backendFramework(),
      restart: restart(),
      topologyConstraint: obj({ topologyProfile: str({ minLength: 1 }), packDomain: topologyDomain() }),
      priorityClassName: str(),
      providerOverride: providerOverride(),
      experimental: experimental(),
    },
    { rules: SPEC_RULES },
  );
}

/**
 * The v1beta1 DGD spec. `rules` defaults to a DGD's; a DynamoGraphDeploymentCandidate, whose spec
 * is this same type, takes only upstream's own rule on the type (no webhook stands in for a candidate).
 */
export function graphSpecV1beta1(rules: ValidationRule[] = SPEC_RULES): JSONSchemaProps {
  return obj(
    {
      annotations: stringMap(),
      labels: stringMap(),
      priorityClassName: str(),
      providerOverride: providerOverride(),
      components: componentList(),
      env: envVars(),
      backendFramework: backendFramework(),
      restart: restart(),
      topologyConstraint: obj({ clusterTopologyName: str({ minLength: 1 }), packDomain: topologyDomain() }),
      experimental: experimental(),
    },
    { rules },
  );
}

/** Status differs between versions only in the per-component map and list names. */
function status(version: Version): JSONSchemaProps {
  const components = version === 'v1alpha1' ? 'services' : 'components';
  const updated = version === 'v1alpha1' ? 'updatedServices' : 'updatedComponents';
  return obj(
    {
      observedGeneration: int64(),
      state: enumStr(['initializing', 'pending', 'successful', 'failed'], 'initializing'),
      conditions: conditions(),
      [components]: map(replicaStatus(version)),
      restart: obj({
        observedID: str(),
        phase: enumStr(['Pending', 'Restarting', 'Completed', 'Failed', 'Superseded']),
        inProgress: arr(str()),
      }),
      checkpoints: map(obj({ checkpointName: str(), checkpointID: str(), identityHash: str(), ready: bool() })),
      rollingUpdate: obj({
        phase: enumStr(['Pending', 'InProgress', 'Completed', 'Failed', '']),
        startTime: time(),
        endTime: time(),
        [updated]: arr(str()),
      }),
      placement: obj({
        score: num({ min: 0, max: 1 }),
        state: enumStr(['Reported', 'Partial', 'Unsupported', 'Unknown']),
      }),
    },
    { required: ['state'] },
  );
}

const COLUMNS: PrinterColumn[] = [
  { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
  { name: 'Backend', type: 'string', jsonPath: '.spec.backendFramework' },
  AGE_COLUMN,
];

export function graphDeploymentCrd() {
  return crd({
    kind: 'DynamoGraphDeployment',
    plural: 'dynamographdeployments',
    shortNames: ['dgd'],
    versions: [
      {
        name: 'v1alpha1',
        deprecationWarning:
          'nvidia.com/v1alpha1 DynamoGraphDeployment is deprecated; use nvidia.com/v1beta1 DynamoGraphDeployment',
        spec: specV1alpha1(),
        status: status('v1alpha1'),
        printerColumns: COLUMNS,
      },
      { name: 'v1beta1', storage: true, spec: graphSpecV1beta1(), status: status('v1beta1'), printerColumns: COLUMNS },
    ],
  });
}
