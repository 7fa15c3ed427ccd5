/**
 * DynamoCrds: the nvidia.com CustomResourceDefinitions. Graph components that
 * emit their record take it in `dependsOn`, so the CRDs exist first.
 * DynamoPlatform owns one unless given `crds: false`.
 */
import * as pulumi from '@pulumi/pulumi';
import { DynamoVersion } from '../api/settings';
import { dynamoVersionProblem } from '../api/settings-check';
import { releaseCrdManifests } from '../platform/release-crds';
import { kubernetesResource } from './resources';

export interface DynamoCrdsArgs {
  /**
   * The Dynamo release whose CRDs to install (1.7 has no DynamoCheckpoint and adds the search's
   * DynamoGraphDeploymentRun and DynamoGraphDeploymentCandidate). Match the graphs'
   * `dynamoVersion` setting.
   * @default '1.7'
   */
  readonly dynamoVersion?: DynamoVersion;
}

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

  constructor(name: string, args: DynamoCrdsArgs = {}, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:Crds', name, {}, opts);
    const problem = dynamoVersionProblem(args.dynamoVersion);
    if (problem !== undefined)
      throw new pulumi.ResourceError(`DynamoCrds "${name}": invalid input:\n  dynamoVersion: ${problem}`, this, true);
    const crds = releaseCrdManifests(args.dynamoVersion);
    for (const crd of crds)
      kubernetesResource(`${name}/${crd.metadata.name}`, crd, crd, { parent: this, dependsOn: opts?.dependsOn });
    this.crdNames = pulumi.output(crds.map((c) => c.metadata.name));
    this.registerOutputs({ crdNames: this.crdNames });
  }
}
