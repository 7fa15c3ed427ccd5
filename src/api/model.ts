/**
 * The one internal model that every input version converts to and every front
 * end renders from. v1alpha1 and v1beta1 inputs that mean the same thing
 * produce the same model, so they render byte-identical output.
 *
 * Values here are already normalised (defaults that depend on nothing are NOT
 * applied here: the render core applies them, so there is one place that
 * decides a default).
 */
import { componentFieldsOfValue, type ComponentFieldName, type DeclaredField } from '../crds/component-fields';
import type { ComponentType } from '../crds/vocabulary';
import { Container, EnvVar, JsonObject, ResourceRequirements } from './k8s-types';

export { BACKEND_FRAMEWORKS, COMPONENT_TYPES } from '../crds/vocabulary';
export type { BackendFramework } from '../crds/vocabulary';
/** A component type with its own defaults (the model's `type` is any string: others render with the "default" rules). */
export type KnownComponentType = ComponentType;

/** The engine components: what GMS, failover, checkpoints and KV-transfer topology apply to. */
export const WORKER_COMPONENT_TYPES: readonly string[] = ['worker', 'prefill', 'decode'];
/** The disaggregated worker roles: v1beta1 types, v1alpha1 `subComponentType` values of a `worker`. */
export const DISAGG_ROLES: readonly string[] = ['prefill', 'decode'];
export const isWorkerComponent = (type: string) => WORKER_COMPONENT_TYPES.includes(type);

/** Nodes per replica: `multinode.nodeCount`, else 1. */
export const nodeCountOf = (component: ComponentModel): number => component.multinode?.nodeCount ?? 1;

/** A replica spanning several nodes is a leader and workers (LeaderWorkerSets, or a Grove scaling group). */
export const isMultinode = (component: ComponentModel): boolean => nodeCountOf(component) > 1;

export type ApiVersion = 'nvidia.com/v1alpha1' | 'nvidia.com/v1beta1';

/**
 * What renders a graph's multinode components: `lws` = upstream's component path (one
 * LeaderWorkerSet per multinode component, Deployments for the rest); `grove` = one Grove
 * PodCliqueSet for the whole graph.
 */
export const ORCHESTRATORS = ['lws', 'grove'] as const;
export type Orchestrator = (typeof ORCHESTRATORS)[number];

/** @internal */
export interface PvcModel {
  readonly name: string;
  readonly create: boolean;
  readonly storageClass?: string;
  readonly size?: string;
  readonly volumeAccessMode?: string;
}

/** @internal */
export interface VolumeMountModel {
  /** Name of a PVC (from `spec.pvcs` or any claim the user owns). */
  readonly name: string;
  readonly mountPoint?: string;
  readonly useAsCompilationCache: boolean;
}

/** @internal */
export interface IngressModel {
  readonly enabled: boolean;
  readonly host?: string;
  readonly hostPrefix?: string;
  readonly hostSuffix?: string;
  readonly useVirtualService?: boolean;
  readonly virtualServiceGateway?: string;
  readonly ingressControllerClassName?: string;
  readonly tlsSecretName?: string;
  readonly annotations?: Record<string, string>;
  readonly labels?: Record<string, string>;
}

/** The host an enabled ingress serves: `<hostPrefix><host>.<hostSuffix>` (suffix `local` when unset). */
export function ingressHost(ing: Pick<IngressModel, 'host' | 'hostPrefix' | 'hostSuffix'>): string {
  return `${ing.hostPrefix ?? ''}${ing.host}.${ing.hostSuffix || 'local'}`;
}

/** @internal */
export interface EppConfigModel {
  readonly configMapRef?: { readonly name: string; readonly key?: string };
  readonly config?: JsonObject;
}

/** A `container` component field as read: the injected container's own settings. @internal */
export interface InjectedContainerModel {
  readonly image?: string;
  readonly args?: string[];
  readonly envFromSecret?: string;
  readonly env?: EnvVar[];
}

/** The model type of each value kind of the declared component fields (`crds/component-fields.ts`). */
interface ComponentFieldModels {
  quantity: string;
  string: string;
  boolean: boolean;
  int32: number;
  container: InjectedContainerModel;
}

/** The model type of the declared component fields: `null` where a zero disables the field. @internal */
export type ComponentFieldsModel = {
  readonly [K in ComponentFieldName]?:
    ComponentFieldModels[DeclaredField<K>['value']] | (DeclaredField<K> extends { zeroDisables: true } ? null : never);
};

/** The `container` fields a component sets, each with its field name. @internal */
export const injectedContainersOf = (c: ComponentFieldsModel): [ComponentFieldName, InjectedContainerModel][] =>
  componentFieldsOfValue('container').flatMap((name) => {
    const container = c[name] as InjectedContainerModel | undefined;
    return container ? [[name, container]] : [];
  });

/**
 * Per-component checkpoint config (v1alpha1 `checkpoint`, v1beta1 `experimental.checkpoint`).
 * Only `checkpointRef` renders; the other fields are kept so validation can explain why not.
 * @internal
 */
export interface ComponentCheckpointModel {
  readonly enabled: boolean;
  /** Name of a DynamoCheckpoint in the graph's namespace. */
  readonly checkpointRef?: string;
  /** Container restored from the checkpoint. @default 'main' */
  readonly targetContainerName?: string;
  /** An inline identity (v1alpha1 Auto mode): a DGD-managed automatic checkpoint. */
  readonly hasIdentity: boolean;
  /** v1beta1 `job`: the automatic checkpoint's Job template. */
  readonly hasJob: boolean;
  /** `Immediate` | `WaitForCheckpoint` as written (unset = Immediate). */
  readonly startupPolicy?: string;
  /** `Delete` | `Retain` as written: automatic checkpoints only. */
  readonly deletionPolicy?: string;
  /** Deprecated `Auto` | `Manual` as written. */
  readonly mode?: string;
}

/** GMS / failover mode when unset: one pod shares its GPUs between containers (the other is `InterPod`). */
export const DEFAULT_GMS_MODE = 'IntraPod';

/**
 * GPU Memory Service (v1alpha1 `gpuMemoryService` with `enabled: true`, v1beta1 `experimental.gpuMemoryService`).
 * @internal
 */
export interface GpuMemoryServiceModel {
  /** As written; unset means IntraPod. */
  readonly mode?: string;
  /** DRA DeviceClass the GPUs are claimed from. @default 'gpu.nvidia.com' */
  readonly deviceClassName?: string;
  /** Containers of the pod wired as GMS clients besides `main`. */
  readonly extraClientContainers: string[];
  /** `extraClientPods` entries (reserved upstream; refused by CEL). */
  readonly extraClientPods: number;
}

/**
 * Active/standby engines sharing GPU memory (v1alpha1 `failover` with `enabled: true`, v1beta1 `experimental.failover`).
 * @internal
 */
export interface FailoverModel {
  /** As written; unset means IntraPod. */
  readonly mode?: string;
  readonly numShadows?: number;
}

/**
 * v1beta1 `roles[]`: explicit leader / worker roles of a multinode component.
 * @internal
 */
export interface ComponentRoleModel {
  readonly name: string;
  readonly replicas?: number;
  readonly hasPodTemplate: boolean;
  readonly hasProviderOverride: boolean;
}

/**
 * `spec.experimental.kvTransferPolicy`: topology-aware KV-cache transfer between prefill and decode.
 * @internal
 */
export interface KvTransferPolicyModel {
  readonly labelKey?: string;
  readonly clusterTopologyName?: string;
  readonly domain?: string;
  /** As written; unset means `required`. */
  readonly enforcement?: string;
  readonly preferredWeight?: number;
}

/**
 * A component. The declared component fields come from their declarations
 * (`crds/component-fields.ts`): unset = the render's default, `null` = disabled.
 * @internal
 */
export interface ComponentModel extends ComponentFieldsModel {
  /** Name exactly as the user wrote it (v1alpha1 map key / v1beta1 `name`). */
  readonly name: string;
  /** `frontend` | `worker` | `prefill` | `decode` | `planner` | `epp` | anything else ("default" rules). */
  readonly type: string;
  readonly subComponentType?: string;
  /** `undefined` = not set by the user (upstream treats it as 1). */
  readonly replicas?: number;
  readonly globalDynamoNamespace: boolean;
  /** Deprecated upstream field; kept only so validation can warn about it. */
  readonly deprecatedDynamoNamespace?: string;
  /** Deprecated upstream field; kept only so validation can warn about it. */
  readonly deprecatedAutoscaling?: boolean;
  /** Component `labels` / `annotations` (go onto the workload, Service and pods). */
  readonly labels: Record<string, string>;
  readonly annotations: Record<string, string>;
  /** `extraPodMetadata` (pod template only). */
  readonly podLabels: Record<string, string>;
  readonly podAnnotations: Record<string, string>;
  /** Pod spec overlay without the main container (`extraPodSpec` / `podTemplate.spec`). */
  readonly podSpec: JsonObject;
  /** Main container overlay (`extraPodSpec.mainContainer` / the `main` container), deep-merged over defaults. */
  readonly mainContainer?: Container;
  /** Component env (v1alpha1 `envs`, v1beta1 `main` container env): wins over everything but nothing below. */
  readonly env: EnvVar[];
  readonly envFromSecret?: string;
  /** Kubernetes resource requirements already in Kubernetes form (`gpu` mapped to its resource name). */
  readonly resources?: ResourceRequirements;
  /** Probes that replace the defaults entirely (v1alpha1 service-level probes). */
  readonly livenessProbe?: JsonObject;
  readonly readinessProbe?: JsonObject;
  readonly volumeMounts: VolumeMountModel[];
  readonly ingress?: IngressModel;
  readonly modelRef?: { readonly name: string; readonly revision?: string };
  readonly multinode?: { readonly nodeCount: number };
  readonly scalingAdapter: boolean;
  readonly eppConfig?: EppConfigModel;
  readonly topologyConstraint?: { readonly packDomain?: string };
  readonly checkpoint?: ComponentCheckpointModel;
  readonly gpuMemoryService?: GpuMemoryServiceModel;
  readonly failover?: FailoverModel;
  readonly roles?: ComponentRoleModel[];
  /** Fields validation refuses with a reason (present = set by the user). */
  readonly providerOverride?: boolean;
}

/** @internal */
export interface RestartModel {
  readonly id?: string;
  readonly strategy?: { readonly type?: string; readonly order?: string[] };
}

/**
 * Whether the rendered pod templates carry the restart: a Parallel restart rolls every component
 * at once, which the rendered `nvidia.com/restartAt` annotation does by itself; a Sequential one
 * (the default) is stepped through by the runtime operator, which then owns the annotation.
 */
export const restartInRenderedOutput = (restart: RestartModel | undefined): boolean =>
  !!restart?.id && restart.strategy?.type === 'Parallel';

/** @internal */
export interface GraphModel {
  readonly kind: 'DynamoGraphDeployment' | 'DynamoComponentDeployment';
  /** The version the input was written in (the graph record is emitted in it). */
  readonly apiVersion: ApiVersion;
  readonly name: string;
  readonly namespace: string;
  /** DGD `metadata.labels` / `metadata.annotations`. */
  readonly metadataLabels: Record<string, string>;
  readonly metadataAnnotations: Record<string, string>;
  /** DGD `spec.labels` / `spec.annotations`: low-priority defaults for every component. */
  readonly labels: Record<string, string>;
  readonly annotations: Record<string, string>;
  readonly backendFramework?: string;
  /** DGD `spec.envs` / `spec.env`. */
  readonly env: EnvVar[];
  readonly pvcs: PvcModel[];
  readonly components: ComponentModel[];
  readonly restart?: RestartModel;
  readonly topologyConstraint?: { readonly topologyProfile?: string; readonly packDomain?: string };
  /** Grove: the PodCliqueSet's PriorityClass. */
  readonly priorityClassName?: string;
  readonly kvTransferPolicy?: KvTransferPolicyModel;
  /** Fields validation refuses with a reason (present = set by the user). */
  readonly providerOverride?: boolean;
  readonly componentGroups?: boolean;
  /** The manifest as the user wrote it, for the graph record. */
  readonly source: JsonObject;
  /**
   * Orchestrator chosen explicitly by a front end (cdk8s props, CLI flag). Unset = upstream's
   * rule: Grove when the platform has it and `nvidia.com/enable-grove` is not "false"
   * (see `effectiveOrchestrator`).
   */
  readonly orchestrator?: Orchestrator;
  /**
   * Deprecated, no effect (warned about): LeaderWorkerSet gang-schedules its groups itself, as
   * upstream's one-LeaderWorkerSet layout expects.
   */
  readonly gangScheduling?: boolean;
  /**
   * Grove path: schedule pods with kai-scheduler and label them with the queue from the
   * `nvidia.com/kai-scheduler-queue` annotation (default `dynamo`). `undefined` = off.
   */
  readonly kaiScheduler?: boolean;
}
