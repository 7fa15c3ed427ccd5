/**
 * DynamoPlatform for Pulumi: the runtime operator's install, the same objects as the cdk8s
 * DynamoPlatform and `dynamo-iac platform` (one render function), with the nvidia.com CRDs as a
 * child DynamoCrds. Graphs take the platform (or its `crds`) in `dependsOn`, so the CRDs exist
 * before any graph record.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { packageVersion } from '../package-version';
import { problemLine } from '../api/problems';
import { propsProblems } from '../pipeline/manifest-source';
import { PlatformOptions, renderPlatform } from '../platform/platform';
import { platformOptionProblems, scopeDefaults } from '../platform/platform-options';
import { unpublishedImageWarning } from '../platform/operator-image';
import { DynamoCrds } from './crds';
import { ReadinessOptions, withReadiness } from './readiness';
import { kubernetesResource } from './resources';

/** What `renderPlatform` takes (the version is this package's own), and the readiness options. */
export interface DynamoPlatformArgs extends Omit<PlatformOptions, 'version'>, ReadinessOptions {}

/**
 * The runtime operator's install (CRDs, RBAC, Deployment, Service) as a Pulumi ComponentResource.
 * Graphs depend on it: their records need the CRDs.
 *
 * @example
 * const platform = new DynamoPlatform('dynamo', { namespace: 'dynamo-system' });
 * new DynamoGraphDeployment('qwen', { namespace: 'inference', spec }, { dependsOn: [platform] });
 */
export class DynamoPlatform extends pulumi.ComponentResource {
  /** The CRDs (undefined with `crds: false`, and by default in namespace scope). */
  public readonly crds?: DynamoCrds;
  /** `<Kind>/<name>` of every object besides the CRDs, in apply order. */
  public readonly objectNames: pulumi.Output<string[]>;

  constructor(name: string, args: DynamoPlatformArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:Platform', name, {}, opts);
    // Called from JavaScript, args can be anything: a problem on this resource, not a TypeError.
    const wrong = propsProblems(args, 'args');
    const { awaitWorkloads, awaitGraphStatus, awaitTimeoutSeconds, ...options } = wrong.length ? ({} as never) : args;
    const readiness = { awaitWorkloads, awaitGraphStatus, awaitTimeoutSeconds };
    const problems = wrong.length ? wrong : platformOptionProblems({ ...options, version: packageVersion() });
    if (problems.length) {
      const lines = problems.map((p) => `  ${problemLine(p)}`).join('\n');
      // hideStack: the problem is in the caller's args, not in this library.
      throw new pulumi.ResourceError(`DynamoPlatform "${name}": invalid input:\n${lines}`, this, true);
    }
    const image = unpublishedImageWarning({ ...options, version: packageVersion() }, 'the image arg');
    if (image) pulumi.log.warn(image, this);
    const dependsOn = opts?.dependsOn;
    if (scopeDefaults(options).crds)
      this.crds = new DynamoCrds(`${name}-crds`, { dynamoVersion: options.dynamoVersion }, { parent: this, dependsOn });
    const objects = renderPlatform({ ...options, crds: false, version: packageVersion() });
    // A namespace the platform renders (the checkpoint agent's) is created before what goes into
    // it: those objects take their namespace from its output.
    const namespaces = new Map<string, pulumi.Output<string>>();
    for (const o of objects.filter((x) => x.kind === 'Namespace')) {
      const ns = kubernetesResource(`${name}/${o.metadata.name}`, o, withReadiness(o, readiness), {
        parent: this,
        dependsOn,
      }) as k8s.core.v1.Namespace;
      namespaces.set(o.metadata.name, ns.metadata.name);
    }
    for (const o of objects.filter((x) => x.kind !== 'Namespace')) {
      const object = withReadiness(o, readiness);
      const namespace = o.metadata.namespace === undefined ? undefined : namespaces.get(o.metadata.namespace);
      const args = namespace ? { ...object, metadata: { ...object.metadata, namespace } } : object;
      kubernetesResource(`${name}/${o.metadata.name}`, object, args, { parent: this, dependsOn });
    }
    this.objectNames = pulumi.output(objects.map((o) => `${o.kind}/${o.metadata.name}`));
    this.registerOutputs({ objectNames: this.objectNames });
  }
}
