/**
 * DynamoPlatform: what the runtime operator needs in the cluster (CRDs, RBAC, the operator
 * Deployment, its metrics Service, optionally a ServiceMonitor, a Grafana dashboard, NATS and etcd), rendered by the same pure
 * function as `dynamo-iac platform`.
 */
import { Construct } from 'constructs';
import { KubeObject } from '../api/k8s-types';
import { CheckpointAgentOptions } from '../render/checkpoint-agent';
import { renderPlatform } from '../render/platform';
import { EtcdOptions, NatsOptions } from '../render/platform-infra';
import { addObjects } from './object-registry';

export interface DynamoPlatformProps {
  /** Namespace of the operator; in namespace scope the one namespace it manages. */
  readonly namespace: string;
  /**
   * `namespace` renders no cluster-scoped RBAC and holds upstream's namespace-scope lease.
   * @default 'cluster'
   */
  readonly scope?: 'cluster' | 'namespace';
  /** @default - the release image of this package version */
  readonly image?: string;
  /** Set false when the CRDs are installed elsewhere. @default true */
  readonly crds?: boolean;
  /** Add a Prometheus Operator ServiceMonitor and a Grafana dashboard ConfigMap. @default false */
  readonly monitoring?: boolean;
  /** @default 1 */
  readonly replicas?: number;
  /**
   * NATS (JetStream) for Dynamo's runtime, as upstream's platform chart installs it: a
   * StatefulSet `dynamo-platform-nats` with a PVC, and its Services. `true` for the defaults.
   * @default - not installed
   */
  readonly nats?: boolean | NatsOptions;
  /**
   * etcd for Dynamo's runtime (discovery backend `etcd`): a StatefulSet `dynamo-platform-etcd`
   * with a PVC, and its Services. `true` for the defaults.
   * @default - not installed
   */
  readonly etcd?: boolean | EtcdOptions;
  /** PVC and mount path of checkpoint artifacts (match the graphs' `checkpointStorage` setting). @default - 'snapshot-pvc' at '/checkpoints' */
  readonly checkpointStorage?: { readonly pvcName?: string; readonly basePath?: string };
  /**
   * Deploy the privileged checkpoint node agent. It runs in its own namespace, created with Pod
   * Security `privileged`; the operator's namespace keeps `restricted`.
   * @default - no agent
   */
  readonly checkpointAgent?: CheckpointAgentOptions;
}

export class DynamoPlatform extends Construct {
  /** Every object rendered, in apply order (what the GitOps layout and DynamoFluxSync read). */
  public readonly objects: readonly KubeObject[];

  constructor(scope: Construct, id: string, props: DynamoPlatformProps) {
    super(scope, id);
    this.objects = renderPlatform({ ...props, version: packageVersion() });
    const conflicts = addObjects(this, [...this.objects]);
    if (conflicts.length) this.node.addValidation({ validate: () => conflicts });
  }
}

function packageVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../../package.json').version;
}
