/** What `dynamo-iac crds` does: the CustomResourceDefinitions rendered graphs need in the cluster. */
import { releaseCrdManifests } from '../../platform/release-crds';
import { writeYamlStream } from '../output';
import { dynamoVersionFlag } from '../pipeline';
import { EXIT_OK } from '../report';

export function run(_files: string[], opts: { dynamoVersion?: string }): number {
  writeYamlStream(releaseCrdManifests(dynamoVersionFlag(opts.dynamoVersion)));
  return EXIT_OK;
}
