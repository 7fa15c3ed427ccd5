/**
 * The v1beta1 component spec: one item of DGD `spec.components`, and inlined into DCD `spec`.
 */
import {
  backendFramework,
  checkpointIdentity,
  componentTopologyConstraint,
  GMS_MODES,
  modelRef,
  providerOverride,
} from './common';
import { configMapKeySelector, podTemplateSpec } from './core';
import { BACKEND_FRAMEWORK_FROZEN, componentTransitionRules } from './immutability';
import {
  arr,
  bool,
  enumStr,
  int32,
  JSONSchemaProps,
  obj,
  preserveUnknown,
  Properties,
  str,
  ValidationRule,
  withRequired,
} from './schema';
import { componentFieldRules, componentFieldSchemas } from './component-fields';
import { COMPONENT_TYPES, MAIN_CONTAINER_NAME, MAX_COMPONENTS } from './vocabulary';

/**
 * Messages of the component CEL rules that the validators also check on the document as written
 * (api/validate/validate-cel-rules.ts): declared once so both report the API server's text.
 */
export const CHECKPOINT_JOB_RULE = 'checkpoint.job cannot be set when checkpointRef is specified';

export function componentName(): JSONSchemaProps {
  return str({ minLength: 1, maxLength: 63, pattern: '^[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?$' });
}

function dnsLabel(): JSONSchemaProps {
  return str({ minLength: 1, maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' });
}

function eppConfig(): JSONSchemaProps {
  return obj(
    { configMapRef: configMapKeySelector(), config: preserveUnknown() },
    {
      rules: [
        {
          rule: 'has(self.configMapRef) != has(self.config)',
          message: 'exactly one of configMapRef or config must be specified',
        },
      ],
    },
  );
}

function gpuMemoryService(): JSONSchemaProps {
  return obj(
    {
      mode: enumStr(GMS_MODES, 'IntraPod'),
      deviceClassName: str({ default: 'gpu.nvidia.com' }),
      extraClientContainers: arr(dnsLabel(), { listType: 'set' }),
      extraClientPods: arr(preserveUnknown()),
    },
    {
      // `mode` is defaulted before validation, so it is always present here.
      rules: [
        {
          rule: "!has(self.extraClientContainers) || size(self.extraClientContainers) == 0 || self.mode == 'IntraPod'",
          message: 'extraClientContainers is only supported with mode=IntraPod',
        },
        {
          rule: "!has(self.extraClientPods) || size(self.extraClientPods) == 0 || self.mode == 'InterPod'",
          message: 'extraClientPods is only supported with mode=InterPod',
        },
        {
          rule: '!has(self.extraClientPods) || size(self.extraClientPods) == 0',
          message: 'extraClientPods is reserved for inter-pod GMS and is not implemented yet',
        },
      ],
    },
  );
}

function failover(): JSONSchemaProps {
  return obj({
    mode: enumStr(GMS_MODES, 'IntraPod'),
    numShadows: int32({ min: 1, max: 1, default: 1 }),
  });
}

function checkpoint(): JSONSchemaProps {
  return obj(
    {
      enabled: bool(),
      checkpointRef: str(),
      startupPolicy: enumStr(['Immediate', 'WaitForCheckpoint'], 'Immediate'),
      deletionPolicy: enumStr(['Delete', 'Retain'], 'Delete'),
      targetContainerName: str({ default: MAIN_CONTAINER_NAME }),
      job: obj({ gmsClientContainers: arr(str()), podTemplate: podTemplateSpec() }),
      // Deprecated in v1beta1; kept so older manifests are not pruned.
      mode: enumStr(['Auto', 'Manual']),
      identity: checkpointIdentity(),
    },
    {
      required: ['enabled'],
      rules: [
        {
          rule: '!has(self.checkpointRef) || !has(self.job)',
          message: CHECKPOINT_JOB_RULE,
        },
      ],
    },
  );
}

/** Fields of a component, shared by the DGD list item and the DCD spec. */
export function componentProperties(): Properties {
  return {
    name: componentName(),
    type: {
      ...enumStr([...COMPONENT_TYPES]),
      'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'type is immutable after it is set' }],
    },
    providerOverride: providerOverride(),
    globalDynamoNamespace: bool(),
    podTemplate: podTemplateSpec(),
    replicas: int32({ min: 0 }),
    multinode: obj({ nodeCount: int32({ min: 2, default: 2 }) }),
    roles: arr(preserveUnknown({ name: str() }, { required: ['name'] }), { listType: 'map', mapKeys: ['name'] }),
    ...componentFieldSchemas(),
    modelRef: modelRef(),
    // Presence is the opt-in, so the block has no fields.
    scalingAdapter: obj({}),
    eppConfig: eppConfig(),
    compilationCache: obj({ pvcName: str({ minLength: 1 }), mountPath: str() }, { required: ['pvcName'] }),
    topologyConstraint: componentTopologyConstraint(),
    experimental: obj({ gpuMemoryService: gpuMemoryService(), failover: failover(), checkpoint: checkpoint() }),
  };
}

/** Rules across a component's own fields (placed on the object that holds them). */
export const COMPONENT_RULES: ValidationRule[] = [
  {
    rule: "!has(self.eppConfig) || (has(self.type) && self.type == 'epp')",
    message: 'eppConfig may only be set when type is epp',
  },
  ...componentFieldRules().map(({ rule: { rule, message } }) => ({ rule, message })),
];

/** One item of DGD `spec.components`; `name` is the list-map key, so it is required. */
export function componentSpec(): JSONSchemaProps {
  const rules = [...COMPONENT_RULES, ...componentTransitionRules('DynamoGraphDeployment')];
  return withRequired(obj(componentProperties(), { rules }), ['name']);
}

/** DGD `spec.components`: a list keyed by name, with the graph-wide component rules. */
export function componentList(): JSONSchemaProps {
  return arr(componentSpec(), {
    maxItems: MAX_COMPONENTS,
    listType: 'map',
    mapKeys: ['name'],
    rules: [
      {
        rule: "self.filter(c, has(c.type) && c.type == 'epp').size() <= 1",
        message: 'at most one component may have type epp',
      },
      {
        rule: 'self.all(c, self.filter(d, d.name.lowerAscii() == c.name.lowerAscii()).size() == 1)',
        message: 'component names must be unique case-insensitively',
      },
    ],
  });
}

/**
 * DCD v1beta1 `spec`: the component fields inline plus `backendFramework`. `name` stays optional
 * here: upstream's defaulting webhook fills it from metadata.name for standalone DCDs, and we
 * ship no webhook (our renderer always sets it).
 */
export function componentDeploymentSpec(): JSONSchemaProps {
  const rules = [
    ...COMPONENT_RULES,
    BACKEND_FRAMEWORK_FROZEN,
    ...componentTransitionRules('DynamoComponentDeployment'),
  ];
  return obj({ backendFramework: backendFramework(), ...componentProperties() }, { rules });
}
