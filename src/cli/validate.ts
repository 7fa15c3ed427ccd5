/** `dynamo-iac validate`: the checks of `render`, without output. */
import { Command } from 'commander';
import { GRAPH_KINDS } from '../api/load';
import { PipelineOptions, runPipeline } from './pipeline';
import { EXIT_OK, reportProblems } from './report';
import { DEFAULT_LOCK_FILE } from '../plan/lock';

export function validateCommand(): Command {
  return new Command('validate')
    .description('Check manifests the way render does, without printing objects')
    .argument('<file...>', 'YAML or JSON manifests (multi-document allowed); - reads stdin')
    .option('-n, --namespace <ns>', 'namespace for inputs without metadata.namespace', 'default')
    .option('--settings <file>', 'platform settings (YAML or JSON PlatformSettings); some rules depend on them')
    .option('--lock <file>', 'plan lock that DynamoGraphDeploymentRequests render from (written by dynamo-iac plan)', DEFAULT_LOCK_FILE)
    .addHelpText('after', `
Prints one line per problem on stderr (<file>: <field path>: <message>) and, on
success, a one-line summary on stderr. stdout stays empty.

Examples:
  dynamo-iac validate graphs/*.yaml
  dynamo-iac validate --settings platform.yaml graph.yaml`)
    .action(async (files: string[], options: PipelineOptions) => {
      process.exitCode = await validate(files, options);
    });
}

async function validate(files: string[], options: PipelineOptions): Promise<number> {
  const { objects, problems } = await runPipeline(files, { ...options, graphRecord: true });
  const code = reportProblems(problems);
  if (code === EXIT_OK) {
    // Each graph renders exactly one record of its own kind, so records count graphs.
    const graphs = objects.filter((o) => (GRAPH_KINDS as readonly string[]).includes(o.kind)).length;
    const count = (kind: string, one: string, many: string) => {
      const n = objects.filter((o) => o.kind === kind).length;
      return n ? `, ${n} ${n === 1 ? one : many}` : '';
    };
    const records = count('DynamoModel', 'model', 'models') + count('DynamoCheckpoint', 'checkpoint', 'checkpoints')
      + count('DynamoGraphDeploymentRequest', 'request', 'requests');
    process.stderr.write(`${graphs} ${graphs === 1 ? 'graph' : 'graphs'}${records} valid\n`);
  }
  return code;
}
