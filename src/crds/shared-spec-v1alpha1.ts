/**
 * The v1alpha1 SharedSpec: one value of DGD `spec.services`, and inlined into DCD `spec`.
 * The CLASSIC v1alpha1 CRDs carried no CEL rules (its webhooks did the checking); the rules here are
 * LATEST's, and the update webhook's immutability as transition rules (immutability.ts).
 */
import {
  backendFramework,
  checkpointIdentity,
  componentTopologyConstraint,
  GMS_MODES,
  modelRef,
  providerOverride,
  sharedMemory,
} from './common';
import { configMapKeySelector, container, envVars, podSpec, probe, stringMap } from './core';
import { BACKEND_FRAMEWORK_FROZEN, componentTransitionRules } from './immutability';
import { arr, bool, enumStr, int32, JSONSchemaProps, obj, preserveUnknown, Properties, str } from './schema';
import { componentFieldV1alpha1Schemas } from './component-fields';

function resourceItem(): JSONSchemaProps {
  return obj({ cpu: str(), memory: str(), gpu: str(), gpuType: str(), custom: stringMap() });
}

function resources(): JSONSchemaProps {
  return obj({
    requests: resourceItem(),
    limits: resourceItem(),
    claims: arr(obj({ name: str(), request: str() }, { required: ['name'] })),
  });
}

function ingress(): JSONSchemaProps {
  return obj({
    enabled: bool(),
    host: str(),
    useVirtualService: bool(),
    virtualServiceGateway: str(),
    hostPrefix: str(),
    hostSuffix: str(),
    annotations: stringMap(),
    labels: stringMap(),
    tls: obj({ secretName: str() }),
    ingressControllerClassName: str(),
  });
}

function checkpoint(): JSONSchemaProps {
  return obj({
    enabled: bool(false),
    mode: enumStr(['Auto', 'Manual'], 'Auto'),
    checkpointRef: str(),
    identity: checkpointIdentity(),
  });
}

/** Fields of a v1alpha1 service, shared by the DGD map value and the DCD spec. */
export function sharedSpecProperties(): Properties {
  return {
    annotations: stringMap(),
    labels: stringMap(),
    serviceName: str(),
    componentType: str(),
    subComponentType: str(),
    dynamoNamespace: str(),
    globalDynamoNamespace: bool(),
    resources: resources(),
    // Deprecated and ignored upstream; kept open so old manifests are accepted unchanged.
    autoscaling: preserveUnknown({ enabled: bool(), minReplicas: int32(), maxReplicas: int32() }),
    envs: envVars(),
    envFromSecret: str(),
    volumeMounts: arr(
      obj({ name: str(), mountPoint: str(), useAsCompilationCache: bool(false) }, { required: ['name'] }),
    ),
    ingress: ingress(),
    modelRef: modelRef(),
    sharedMemory: sharedMemory(),
    extraPodMetadata: obj({ annotations: stringMap(), labels: stringMap() }),
    extraPodSpec: podSpec({ mainContainer: container() }),
    livenessProbe: probe(),
    readinessProbe: probe(),
    replicas: int32({ min: 0 }),
    multinode: obj({ nodeCount: int32({ min: 2, default: 2 }) }),
    scalingAdapter: obj({ enabled: bool(false) }),
    eppConfig: obj({ configMapRef: configMapKeySelector(), config: preserveUnknown() }),
    checkpoint: checkpoint(),
    ...componentFieldV1alpha1Schemas(),
    topologyConstraint: componentTopologyConstraint(),
    gpuMemoryService: obj(
      {
        enabled: bool(),
        mode: enumStr(GMS_MODES, 'IntraPod'),
        deviceClassName: str({ default: 'gpu.nvidia.com' }),
        extraClientContainers: arr(str({ minLength: 1, maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' }), {
          listType: 'set',
        }),
      },
      {
        rules: [
          {
            rule: "!has(self.extraClientContainers) || size(self.extraClientContainers) == 0 || self.mode == 'IntraPod'",
            message: 'extraClientContainers is only supported with mode=IntraPod',
          },
        ],
      },
    ),
    failover: obj({
      enabled: bool(),
      mode: enumStr(GMS_MODES, 'IntraPod'),
      numShadows: int32({ min: 1, max: 1, default: 1 }),
    }),
    providerOverride: providerOverride(),
  };
}

/** One value of DGD `spec.services` (map values are matched by key, so transition rules apply). */
export function sharedSpec(): JSONSchemaProps {
  return obj(sharedSpecProperties(), { rules: componentTransitionRules('DynamoGraphDeployment') });
}

/** DCD v1alpha1 `spec`: the service fields inline plus `backendFramework`. */
export function componentDeploymentSpecV1alpha1(): JSONSchemaProps {
  const rules = [BACKEND_FRAMEWORK_FROZEN, ...componentTransitionRules('DynamoComponentDeployment')];
  return obj({ backendFramework: backendFramework(), ...sharedSpecProperties() }, { rules });
}
