/** `dynamo-iac render`: manifests in, Kubernetes YAML out (stdout or `-o DIR`). */
import { Command, InvalidArgumentError } from 'commander';
import { splitByGraph } from '../gitops/graphs';
import { writeLayout } from './gitops';
import { writeObjectsToDir, NO_NAMESPACE_DIR, toYamlStream } from './output';
import { PipelineOptions, runPipeline } from './pipeline';
import { CliError, EXIT_OK, EXIT_USAGE, reportProblems } from './report';
import { DEFAULT_LOCK_FILE } from '../plan/lock';

interface RenderOptions extends PipelineOptions {
  readonly output?: string;
  readonly force?: boolean;
  readonly layout: 'flat' | 'gitops';
}

export function renderCommand(): Command {
  return new Command('render')
    .description('Render DynamoGraphDeployment / DynamoComponentDeployment manifests into Kubernetes objects')
    .argument('<file...>', 'YAML or JSON manifests (multi-document allowed); - reads stdin')
    .option('-o, --output <dir>', `write one file per object: <dir>/<namespace>/<kind>-<name>.yaml (${NO_NAMESPACE_DIR}/ for objects without a namespace)`)
    .option('--force', 'with -o: replace <dir> even if it already holds files (--layout gitops: take over a graphs/ dynamo-iac did not write)')
    .option('--layout <layout>', 'with -o: flat (<dir>/<namespace>/<kind>-<name>.yaml) or gitops (<dir>/graphs/<namespace>/<graph>/, kustomization.yaml per directory)', (v: string) => {
      if (v !== 'flat' && v !== 'gitops') throw new InvalidArgumentError('expected flat or gitops');
      return v;
    }, 'flat')
    .option('-n, --namespace <ns>', 'namespace for inputs without metadata.namespace', 'default')
    .option('--settings <file>', 'platform settings (YAML or JSON PlatformSettings)')
    .option('--lock <file>', 'plan lock that DynamoGraphDeploymentRequests render from (written by dynamo-iac plan)', DEFAULT_LOCK_FILE)
    .option('--no-graph-record', 'leave out the DynamoGraphDeployment / DynamoComponentDeployment records (clusters without the nvidia.com CRDs)')
    .addHelpText('after', `
Output is multi-document YAML with sorted keys: the same input always gives the same bytes.
With -o, everything is rendered before anything is written, into a temporary
directory next to <dir> that is renamed into place, so a failure leaves no <dir> behind.
An existing empty <dir> is replaced; a non-empty one only with --force (replaced as a whole).
With --layout gitops only <dir>/graphs/ is written, file by file: unchanged files are kept
as they are, files no longer rendered are removed and listed, the rest of <dir> is left
alone. \`dynamo-iac gitops\` writes the whole repository (crds/, platform/, graphs/, flux/).

Examples:
  dynamo-iac render graph.yaml > rendered.yaml
  dynamo-iac render -n inference agg.yaml disagg.yaml
  cat graph.yaml | dynamo-iac render -
  dynamo-iac render --settings platform.yaml -o manifests/ --force graphs/*.yaml
  dynamo-iac render -o deploy/ --layout gitops graphs/*.yaml`)
    .action(async (files: string[], options: RenderOptions) => {
      process.exitCode = await render(files, options);
    });
}

async function render(files: string[], options: RenderOptions): Promise<number> {
  if (options.layout === 'gitops' && options.output === undefined) throw new CliError('--layout gitops needs -o <dir>', EXIT_USAGE);
  const { objects, problems, rendered } = await runPipeline(files, options);
  const code = reportProblems(problems);
  if (code !== EXIT_OK) return code;
  if (options.layout === 'gitops') {
    const split = splitByGraph(rendered!.graphs, objects, rendered!.settings, { includeGraphRecord: options.graphRecord ?? true });
    writeLayout({ graphs: split.graphs, shared: split.shared }, options.output!, options.force);
  } else if (options.output === undefined) {
    process.stdout.write(toYamlStream(objects));
  } else {
    const written = writeObjectsToDir(objects, options.output, { force: options.force });
    process.stderr.write(`wrote ${written} files to ${options.output}\n`);
  }
  return EXIT_OK;
}
