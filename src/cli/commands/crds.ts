/** What `dynamo-iac crds` does: the CustomResourceDefinitions rendered graphs need in the cluster. */
import { crdManifests } from '../../crds';
import { writeYamlStream } from '../output';
import { EXIT_OK } from '../report';

export function run(): number {
  writeYamlStream(crdManifests());
  return EXIT_OK;
}
