/**
 * DynamoCrds: the nvidia.com CustomResourceDefinitions. Graph components that
 * emit their record take it in `dependsOn`, so the CRDs exist first.
 * DynamoPlatform owns one unless given `crds: false`.
 */
import * as pulumi from '@pulumi/pulumi';
import { crdManifests } from '../crds';
import { kubernetesResource } from './resources';

/**
 * Only the nvidia.com CustomResourceDefinitions, for a stack that installs them apart from the
 * platform (`DynamoPlatform({ crds: false })`). Destroying it deletes every record of those kinds.
 *
 * @example
 * const crds = new DynamoCrds('dynamo-crds');
 */
export class DynamoCrds extends pulumi.ComponentResource {
  /** `metadata.name` of every CRD, e.g. `dynamographdeployments.nvidia.com`. */
  public readonly crdNames: pulumi.Output<string[]>;

  constructor(name: string, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:Crds', name, {}, opts);
    const crds = crdManifests();
    for (const crd of crds)
      kubernetesResource(`${name}/${crd.metadata.name}`, crd, crd, { parent: this, dependsOn: opts?.dependsOn });
    this.crdNames = pulumi.output(crds.map((c) => c.metadata.name));
    this.registerOutputs({ crdNames: this.crdNames });
  }
}
