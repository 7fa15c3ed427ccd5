/**
 * The Go struct layouts the worker hash serialises, as Go's encoding/json sees them: field order
 * (declaration order), the JSON name, the Go type and whether `omitempty` is set. Upstream hashes
 * `json.Marshal` of Go structs, so the bytes depend on these and not on the order a manifest
 * lists its keys. One table per type, all here.
 *
 * Coverage: the k8s.io/api core/v1 types a worker's pod template uses in practice (pod template,
 * pod spec, containers, env, resources, ports, probes, volumes and mounts, security contexts,
 * tolerations) and the Dynamo types of the hash input. Anything else (affinity, topology spread,
 * DNS config, lifecycle hooks, the experimental GMS / failover / checkpoint blocks, volume
 * sources other than the common ones) is typed `any`: its keys are written sorted and nothing
 * is omitted, which matches Go only where those keys happen to be in that order and non-empty.
 * A field a table does not list is written after the listed ones, in sorted order.
 */

import { ComponentFieldValue, componentFieldsInWorkerHash } from '../crds/component-fields';

/**
 * A Go type: `string`, `int`, `bool`, `quantity` (resource.Quantity), `intOrString`, `time`
 * (metav1.Time), `any` (unknown: sorted keys), `[]T`, `map[T]` (string keys), `*T` (pointer),
 * or the name of a struct listed here (`goStruct`).
 */
export type GoType = string;

export interface GoField {
  readonly json: string;
  readonly type: GoType;
  /** The tag has `omitempty`. */
  readonly omitEmpty: boolean;
}

/** `name:type` is `omitempty`; `name!:type` is not. */
function struct(...fields: string[]): readonly GoField[] {
  return fields.map((f) => {
    const [name, type] = f.split(':');
    const always = name.endsWith('!');
    return { json: always ? name.slice(0, -1) : name, type, omitEmpty: !always };
  });
}

/** Embedded structs (`json:",inline"`) are spread into their parent, as encoding/json flattens them. */
const VOLUME_SOURCE = [
  'hostPath:*HostPathVolumeSource',
  'emptyDir:*EmptyDirVolumeSource',
  'gcePersistentDisk:*any',
  'awsElasticBlockStore:*any',
  'gitRepo:*any',
  'secret:*SecretVolumeSource',
  'nfs:*any',
  'iscsi:*any',
  'glusterfs:*any',
  'persistentVolumeClaim:*PersistentVolumeClaimVolumeSource',
  'rbd:*any',
  'flexVolume:*any',
  'cinder:*any',
  'cephfs:*any',
  'flocker:*any',
  'downwardAPI:*any',
  'fc:*any',
  'azureFile:*any',
  'configMap:*ConfigMapVolumeSource',
  'vsphereVolume:*any',
  'quobyte:*any',
  'azureDisk:*any',
  'photonPersistentDisk:*any',
  'projected:*any',
  'portworxVolume:*any',
  'scaleIO:*any',
  'storageos:*any',
  'csi:*any',
  'ephemeral:*any',
  'image:*any',
];
const PROBE_HANDLER = ['exec:*ExecAction', 'httpGet:*HTTPGetAction', 'tcpSocket:*TCPSocketAction', 'grpc:*any'];

/**
 * Upstream's optional fields are pointers: unset is left out, a zero value is written. A
 * `container` field is hashed as the container's name (the container itself is in the pod template).
 */
const COMPONENT_FIELD_GO_TYPES: Readonly<Record<ComponentFieldValue, GoType>> = {
  quantity: '*quantity',
  string: '*string',
  boolean: '*bool',
  int32: '*int',
  container: '*string',
};

/** `fields` with each hashed component field placed after the field its declaration names. */
function withHashedComponentFields(fields: readonly GoField[]): readonly GoField[] {
  const out = [...fields];
  for (const f of componentFieldsInWorkerHash()) {
    const at = out.findIndex((g) => g.json === f.after);
    if (at < 0)
      throw new Error(`component field ${f.name}: workerHash.after names no field of the hash input: ${f.after}`);
    out.splice(at + 1, 0, { json: f.name, type: COMPONENT_FIELD_GO_TYPES[f.value], omitEmpty: true });
  }
  return out;
}

/** Each layout as a function: parsed on first use, so a process parses only the types it hashes. */
const LAYOUTS: Readonly<Record<string, () => readonly GoField[]>> = {
  // --- the hash input (upstream's v1beta1 worker hash, "dgd-worker-rollout-v2", in the revision
  // whose golden test case this package reproduces: no per-worker `type`) ---
  DGDWorkerHashInput: () =>
    struct('version!:string', 'backendFramework:string', 'workers:map[WorkerComponentHashInput]'),
  // The declared component fields it takes come from their declarations (src/crds/component-fields.ts).
  WorkerComponentHashInput: () =>
    withHashedComponentFields(
      struct(
        'globalDynamoNamespace:bool',
        'podTemplate:*PodTemplateSpec',
        'multinode:*MultinodeSpec',
        'compilationCache:*CompilationCacheConfig',
        'experimental:*ExperimentalSpec',
      ),
    ),
  MultinodeSpec: () => struct('nodeCount!:int'),
  CompilationCacheConfig: () => struct('pvcName!:string', 'mountPath:string'),
  ExperimentalSpec: () => struct('gpuMemoryService:*any', 'failover:*any', 'checkpoint:*any'),

  // --- k8s.io/apimachinery meta/v1 ---
  ObjectMeta: () =>
    struct(
      'name:string',
      'generateName:string',
      'namespace:string',
      'selfLink:string',
      'uid:string',
      'resourceVersion:string',
      'generation:int',
      // `omitzero` in current k8s.io/apimachinery: the zero Time is left out (upstream's golden
      // worker hash has `"metadata":{}`), so it is written only when set, like a pointer.
      'creationTimestamp:*time',
      'deletionTimestamp:*time',
      'deletionGracePeriodSeconds:*int',
      'labels:map[string]',
      'annotations:map[string]',
      'ownerReferences:[]any',
      'finalizers:[]string',
      'managedFields:[]any',
    ),

  // --- k8s.io/api core/v1 ---
  PodTemplateSpec: () => struct('metadata:ObjectMeta', 'spec:PodSpec'),
  PodSpec: () =>
    struct(
      'volumes:[]Volume',
      'initContainers:[]Container',
      'containers!:[]Container',
      'ephemeralContainers:[]any',
      'restartPolicy:string',
      'terminationGracePeriodSeconds:*int',
      'activeDeadlineSeconds:*int',
      'dnsPolicy:string',
      'nodeSelector:map[string]',
      'serviceAccountName:string',
      'serviceAccount:string',
      'automountServiceAccountToken:*bool',
      'nodeName:string',
      'hostNetwork:bool',
      'hostPID:bool',
      'hostIPC:bool',
      'shareProcessNamespace:*bool',
      'securityContext:*PodSecurityContext',
      'imagePullSecrets:[]LocalObjectReference',
      'hostname:string',
      'subdomain:string',
      'affinity:*any',
      'schedulerName:string',
      'tolerations:[]Toleration',
      'hostAliases:[]any',
      'priorityClassName:string',
      'priority:*int',
      'dnsConfig:*any',
      'readinessGates:[]any',
      'runtimeClassName:*string',
      'enableServiceLinks:*bool',
      'preemptionPolicy:*string',
      'overhead:map[quantity]',
      'topologySpreadConstraints:[]any',
      'setHostnameAsFQDN:*bool',
      'os:*any',
      'hostUsers:*bool',
      'schedulingGates:[]any',
      'resourceClaims:[]any',
      'resources:*ResourceRequirements',
      'hostnameOverride:*string',
    ),
  Container: () =>
    struct(
      'name!:string',
      'image:string',
      'command:[]string',
      'args:[]string',
      'workingDir:string',
      'ports:[]ContainerPort',
      'envFrom:[]EnvFromSource',
      'env:[]EnvVar',
      // A struct value: always written, `{}` when empty.
      'resources:ResourceRequirements',
      'resizePolicy:[]any',
      'restartPolicy:*string',
      'restartPolicyRules:[]any',
      'volumeMounts:[]VolumeMount',
      'volumeDevices:[]any',
      'livenessProbe:*Probe',
      'readinessProbe:*Probe',
      'startupProbe:*Probe',
      'lifecycle:*any',
      'terminationMessagePath:string',
      'terminationMessagePolicy:string',
      'imagePullPolicy:string',
      'securityContext:*SecurityContext',
      'stdin:bool',
      'stdinOnce:bool',
      'tty:bool',
    ),
  ContainerPort: () => struct('name:string', 'hostPort:int', 'containerPort!:int', 'protocol:string', 'hostIP:string'),
  EnvFromSource: () => struct('prefix:string', 'configMapRef:*LocalRefOptional', 'secretRef:*LocalRefOptional'),
  /** ConfigMapEnvSource / SecretEnvSource: an embedded LocalObjectReference and `optional`. */
  LocalRefOptional: () => struct('name:string', 'optional:*bool'),
  EnvVar: () => struct('name!:string', 'value:string', 'valueFrom:*EnvVarSource'),
  EnvVarSource: () =>
    struct(
      'fieldRef:*ObjectFieldSelector',
      'resourceFieldRef:*ResourceFieldSelector',
      'configMapKeyRef:*KeySelector',
      'secretKeyRef:*KeySelector',
      'fileKeyRef:*any',
    ),
  ObjectFieldSelector: () => struct('apiVersion:string', 'fieldPath!:string'),
  // `divisor` is a struct value: always written ("0" when unset).
  ResourceFieldSelector: () => struct('containerName:string', 'resource!:string', 'divisor:quantity'),
  /** ConfigMapKeySelector / SecretKeySelector. */
  KeySelector: () => struct('name:string', 'key!:string', 'optional:*bool'),
  ResourceRequirements: () => struct('limits:map[quantity]', 'requests:map[quantity]', 'claims:[]any'),
  VolumeMount: () =>
    struct(
      'name!:string',
      'readOnly:bool',
      'recursiveReadOnly:*string',
      'mountPath!:string',
      'subPath:string',
      'mountPropagation:*string',
      'subPathExpr:string',
    ),
  Volume: () => struct('name!:string', ...VOLUME_SOURCE),
  HostPathVolumeSource: () => struct('path!:string', 'type:*string'),
  EmptyDirVolumeSource: () => struct('medium:string', 'sizeLimit:*quantity'),
  PersistentVolumeClaimVolumeSource: () => struct('claimName!:string', 'readOnly:bool'),
  SecretVolumeSource: () => struct('secretName:string', 'items:[]KeyToPath', 'defaultMode:*int', 'optional:*bool'),
  ConfigMapVolumeSource: () => struct('name:string', 'items:[]KeyToPath', 'defaultMode:*int', 'optional:*bool'),
  KeyToPath: () => struct('key!:string', 'path!:string', 'mode:*int'),
  Probe: () =>
    struct(
      ...PROBE_HANDLER,
      'initialDelaySeconds:int',
      'timeoutSeconds:int',
      'periodSeconds:int',
      'successThreshold:int',
      'failureThreshold:int',
      'terminationGracePeriodSeconds:*int',
    ),
  ExecAction: () => struct('command:[]string'),
  HTTPGetAction: () =>
    struct('path:string', 'port!:intOrString', 'host:string', 'scheme:string', 'httpHeaders:[]HTTPHeader'),
  HTTPHeader: () => struct('name!:string', 'value!:string'),
  TCPSocketAction: () => struct('port!:intOrString', 'host:string'),
  SecurityContext: () =>
    struct(
      'capabilities:*Capabilities',
      'privileged:*bool',
      'seLinuxOptions:*any',
      'windowsOptions:*any',
      'runAsUser:*int',
      'runAsGroup:*int',
      'runAsNonRoot:*bool',
      'readOnlyRootFilesystem:*bool',
      'allowPrivilegeEscalation:*bool',
      'procMount:*string',
      'seccompProfile:*any',
      'appArmorProfile:*any',
    ),
  Capabilities: () => struct('add:[]string', 'drop:[]string'),
  PodSecurityContext: () =>
    struct(
      'seLinuxOptions:*any',
      'windowsOptions:*any',
      'runAsUser:*int',
      'runAsGroup:*int',
      'runAsNonRoot:*bool',
      'supplementalGroups:[]int',
      'supplementalGroupsPolicy:*string',
      'fsGroup:*int',
      'sysctls:[]any',
      'fsGroupChangePolicy:*string',
      'seccompProfile:*any',
      'appArmorProfile:*any',
      'seLinuxChangePolicy:*string',
    ),
  Toleration: () => struct('key:string', 'operator:string', 'value:string', 'effect:string', 'tolerationSeconds:*int'),
  LocalObjectReference: () => struct('name:string'),
};

export interface GoStruct {
  readonly fields: readonly GoField[];
  /** The fields' JSON names: a key not among them is written after them, sorted. */
  readonly names: ReadonlySet<string>;
}

const parsed = new Map<string, GoStruct>();

/** The layout of the struct `type`, or undefined when `type` is not a struct listed here. */
export function goStruct(type: GoType): GoStruct | undefined {
  let layout = parsed.get(type);
  if (layout === undefined && Object.prototype.hasOwnProperty.call(LAYOUTS, type)) {
    const fields = LAYOUTS[type]();
    parsed.set(type, (layout = { fields, names: new Set(fields.map((f) => f.json)) }));
  }
  return layout;
}
