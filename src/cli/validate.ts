/**
 * `dynamo-iac validate`: the checks of `render`, without output. The command's options and help
 * only; run-validate.ts, loaded when it runs, does the work.
 */
import { Command } from 'commander';
import { DEFAULT_LOCK_FILE } from '../plan/lock-names';
import type { PipelineOptions } from './pipeline';

export function validateCommand(): Command {
  return new Command('validate')
    .description('Check manifests the way render does, without printing objects')
    .argument('<file...>', 'YAML or JSON manifests (multi-document allowed); - reads stdin')
    .option('-n, --namespace <ns>', 'namespace for inputs without metadata.namespace', 'default')
    .option('--settings <file>', 'platform settings (YAML or JSON PlatformSettings); some rules depend on them')
    .option(
      '--lock <file>',
      'plan lock that DynamoGraphDeploymentRequests render from (written by dynamo-iac plan)',
      DEFAULT_LOCK_FILE,
    )
    .addHelpText(
      'after',
      `
Prints one line per problem on stderr (<file>: <field path>: <message>) and, on
success, a one-line summary on stderr. stdout stays empty.

A DynamoGraphDeploymentRequest is checked for its shape first; one that passes
but that the lock has no plan for fails with "spec: valid, but not planned: ..."
(exit 1, as render would): run dynamo-iac plan on it.

Examples:
  dynamo-iac validate graphs/*.yaml
  dynamo-iac validate --settings platform.yaml graph.yaml`,
    )
    .action(async (files: string[], options: PipelineOptions) => {
      const { validate } = require('./run-validate') as typeof import('./run-validate');
      process.exitCode = await validate(files, options);
    });
}
