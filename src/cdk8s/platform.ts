/**
 * DynamoPlatform: what the runtime operator needs in the cluster (CRDs, RBAC, the operator
 * Deployment, its metrics Service, optionally a ServiceMonitor, a Grafana dashboard, NATS and etcd), rendered by the same pure
 * function as `dynamo-iac platform`.
 */
import { Construct } from 'constructs';
import { KubeObject } from '../api/k8s-types';
import { packageVersion } from '../package-version';
import { PlatformOptions, renderPlatform } from '../platform/platform';
import { platformOptionProblems } from '../platform/platform-options';
import { problemLine } from '../api/problems';
import { propsProblems } from '../pipeline/manifest-source';
import { addObjects } from './object-registry';
import { unpublishedImageWarning } from '../platform/operator-image';
import { mergedSettingsOf } from './settings';
import { addWarnings } from './warnings';
import { isObject } from '../api/read';

/** What `renderPlatform` takes; the version is this package's own. */
export type DynamoPlatformProps = Omit<PlatformOptions, 'version'>;

/**
 * The runtime operator's install: the nvidia.com CRDs, least-privilege RBAC, its Deployment and
 * Service (and optionally a ServiceMonitor, NATS and etcd). The operator image is
 * `ghcr.io/dynamo-iac/dynamo-iac-operator:<package version>` unless `image` says otherwise. Its
 * CRDs are those of the `dynamoVersion` prop's release, else of the `dynamoVersion` the platform
 * settings set on its scope (`setPlatformSettings`), as the graphs there render for.
 *
 * @example
 * new DynamoPlatform(new Chart(app, 'platform'), 'dynamo', { namespace: 'dynamo-system' });
 */
export class DynamoPlatform extends Construct {
  /** Every object rendered, in apply order (what the GitOps layout and DynamoFluxSync read). */
  public readonly objects: readonly KubeObject[];

  constructor(scope: Construct, id: string, props: DynamoPlatformProps) {
    super(scope, id);
    // Called from JavaScript, props can be anything: a problem, not a TypeError.
    const wrong = propsProblems(props);
    // The release the graphs below the same settings render for, unless the props name one.
    const dynamoVersion = isObject(props) ? (props.dynamoVersion ?? mergedSettingsOf(this).dynamoVersion) : undefined;
    const options = { ...props, ...(dynamoVersion === undefined ? {} : { dynamoVersion }), version: packageVersion() };
    const problems = wrong.length ? wrong : platformOptionProblems(options);
    // Bad options render nothing; `app.synth()` reports them with every other construct's problems.
    this.objects = problems.length ? [] : renderPlatform(options);
    const messages = [...problems.map((p) => problemLine(p)), ...addObjects(this, [...this.objects])];
    if (messages.length) this.node.addValidation({ validate: () => messages });
    const image = problems.length ? undefined : unpublishedImageWarning(options, 'the image prop');
    if (image) addWarnings(this, [{ path: 'image', message: image, severity: 'warning' }]);
  }
}
