/**
 * DynamoPlatform: what the runtime operator needs in the cluster (CRDs, RBAC, the operator
 * Deployment, its metrics Service, optionally a ServiceMonitor, a Grafana dashboard, NATS and etcd), rendered by the same pure
 * function as `dynamo-iac platform`.
 */
import { Construct } from 'constructs';
import { KubeObject } from '../api/k8s-types';
import { packageVersion } from '../package-version';
import { PlatformOptions, renderPlatform } from '../render/platform';
import { addObjects } from './object-registry';

/** What `renderPlatform` takes; the version is this package's own. */
export type DynamoPlatformProps = Omit<PlatformOptions, 'version'>;

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
