/** `dynamo-iac crds`: the CustomResourceDefinitions rendered graphs need in the cluster. */
import { Command } from 'commander';
import { writeYamlStream } from './output';

export function crdsCommand(): Command {
  return new Command('crds')
    .description('Print the nvidia.com CustomResourceDefinitions as multi-document YAML')
    .addHelpText(
      'after',
      `
Apply them before rendered graphs that include the DynamoGraphDeployment records.

Example:
  dynamo-iac crds | kubectl apply --server-side -f -`,
    )
    .action(() => {
      const { crdManifests } = require('../crds') as typeof import('../crds');
      writeYamlStream(crdManifests());
    });
}
