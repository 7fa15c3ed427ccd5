/**
 * The Dynamo platform for every Pulumi language: plain-data args mapped onto the TypeScript
 * `DynamoPlatform` (the runtime operator's install and the nvidia.com CRDs).
 */
import * as pulumi from '@pulumi/pulumi';
import { DynamoPlatform as Platform, DynamoPlatformArgs as PlatformArgs } from '../platform';
import { ReadinessArgs } from './common';
import { defined } from './main-container';

/** NATS (JetStream) for Dynamo's runtime; set (even empty) to install it. */
export interface NatsOptions {
  /** NATS server image. @default 'nats:2.10.21-alpine' */
  image?: string;
  /** JetStream file store size. @default '10Gi' */
  storage?: string;
  /** StorageClass of the JetStream PVC. @default - the cluster's default StorageClass */
  storageClassName?: string;
}

/** etcd for Dynamo's runtime (discovery backend `etcd`); set (even empty) to install it. */
export interface EtcdOptions {
  /** etcd server image. @default 'quay.io/coreos/etcd:v3.5.18' */
  image?: string;
  /** Members; 1, or an odd number for a quorum. @default 1 */
  replicas?: number;
  /** Data volume size of each member. @default '1Gi' */
  storage?: string;
  /** StorageClass of the members' PVCs. @default - the cluster's default StorageClass */
  storageClassName?: string;
}

/** PVC and mount path of checkpoint artifacts. */
export interface CheckpointStorage {
  /** PVC holding the checkpoint artifacts. @default 'snapshot-pvc' */
  pvcName?: string;
  /** Absolute path the PVC is mounted at. @default '/checkpoints' */
  basePath?: string;
}

/** The privileged checkpoint node agent. */
export interface CheckpointAgent {
  image: string;
  /** Namespace of the agent, created with Pod Security `privileged`. @default - its own namespace */
  namespace?: string;
  /** Container runtime socket on the nodes. @default - containerd's socket */
  runtimeSocket?: string;
}

export interface DynamoPlatformArgs extends ReadinessArgs {
  /** Namespace of the operator; in namespace scope also the one namespace it manages. */
  namespace: string;
  /** `cluster` or `namespace`. @default 'cluster' */
  scope?: string;
  /** Render the Namespace `namespace`. @default - true in cluster scope, false in namespace scope */
  createNamespace?: boolean;
  /** Operator image. @default - the release image of this package version */
  image?: string;
  /** `Always`, `IfNotPresent` or `Never`. @default - Kubernetes' own default, written out */
  imagePullPolicy?: string;
  /** Secrets to pull the operator image with. @default - none */
  imagePullSecrets?: string[];
  /** Include the nvidia.com CustomResourceDefinitions. @default - true in cluster scope, false in namespace scope */
  crds?: boolean;
  /** The Dynamo release whose CRDs to include (`1.6` or `1.7`: no DynamoCheckpoint, the search's Run and Candidate). @default '1.7' */
  dynamoVersion?: string;
  /** Let the operator get Nodes (topology labels). @default - true in cluster scope, false in namespace scope */
  readNodes?: boolean;
  /** A ServiceMonitor and a Grafana dashboard ConfigMap. @default false */
  monitoring?: boolean;
  /** Operator replicas. @default 1 */
  replicas?: number;
  /** Run scale to zero's activator on this port, with a Service `dynamo-iac-operator-activator`. @default - no activator */
  activatorPort?: number;
  /** Install NATS next to the operator. @default - not installed */
  nats?: NatsOptions;
  /** Install etcd next to the operator. @default - not installed */
  etcd?: EtcdOptions;
  /** Where checkpoint artifacts live. @default - 'snapshot-pvc' at '/checkpoints' */
  checkpointStorage?: CheckpointStorage;
  /** Install the privileged checkpoint node agent. @default - no agent */
  checkpointAgent?: CheckpointAgent;
}

/**
 * The runtime operator's install (CRDs, RBAC, Deployment, Service): graphs that emit their record
 * take it in `dependsOn`.
 *
 * @example
 * # Python
 * platform = dynamo.DynamoPlatform("dynamo", namespace="dynamo-system")
 */
export class DynamoPlatform extends pulumi.ComponentResource {
  /** `<Kind>/<name>` of every object besides the CRDs, in apply order. */
  public readonly objectNames: pulumi.Output<string[]>;
  /** `metadata.name` of every CRD (empty without them). */
  public readonly crdNames: pulumi.Output<string[]>;

  constructor(name: string, args: DynamoPlatformArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:DynamoPlatform', name, {}, opts);
    const platform = new Platform(name, defined(args ?? {}) as unknown as PlatformArgs, {
      parent: this,
      dependsOn: opts?.dependsOn,
    });
    this.objectNames = platform.objectNames;
    this.crdNames = platform.crds?.crdNames ?? pulumi.output([]);
    this.registerOutputs({ objectNames: this.objectNames, crdNames: this.crdNames });
  }
}
