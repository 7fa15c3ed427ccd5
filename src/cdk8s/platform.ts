/**
 * DynamoPlatform: what the runtime operator needs in the cluster (CRDs, RBAC, the operator
 * Deployment, its metrics Service, optionally a ServiceMonitor and a Grafana dashboard), rendered by the same pure
 * function as `dynamo-iac platform`.
 */
import { Construct } from 'constructs';
import { CheckpointAgentOptions } from '../render/checkpoint-agent';
import { renderPlatform } from '../render/platform';
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
  constructor(scope: Construct, id: string, props: DynamoPlatformProps) {
    super(scope, id);
    const conflicts = addObjects(this, renderPlatform({ ...props, version: packageVersion() }));
    if (conflicts.length) this.node.addValidation({ validate: () => conflicts });
  }
}

function packageVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../../package.json').version;
}
