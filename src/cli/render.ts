/**
 * `dynamo-iac render`: manifests in, Kubernetes YAML out (stdout or `-o DIR`). The command's
 * options and help only; what it does (run-render.ts) is loaded when it runs, so `--help` and
 * the other commands do not pay for the render core.
 */
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_LOCK_FILE } from '../plan/lock-names';
import { NO_NAMESPACE_DIR } from './output';
import type { RenderCommandOptions } from './run-render';

export function renderCommand(): Command {
  return new Command('render')
    .description(
      'Render Dynamo manifests (DynamoGraphDeployment, DynamoComponentDeployment, DynamoGraphDeploymentRequest, DynamoModel, DynamoCheckpoint) into Kubernetes objects',
    )
    .argument('<file...>', 'YAML or JSON manifests (multi-document allowed); - reads stdin')
    .option(
      '-o, --output <dir>',
      `write one file per object: <dir>/<namespace>/<kind>-<name>.yaml (${NO_NAMESPACE_DIR}/ for objects without a namespace)`,
    )
    .option(
      '--force',
      'with -o: replace a <dir> that holds files dynamo-iac wrote (--layout gitops: take over a graphs/ dynamo-iac did not write)',
    )
    .option(
      '--layout <layout>',
      'with -o: flat (<dir>/<namespace>/<kind>-<name>.yaml) or gitops (<dir>/graphs/<namespace>/<graph>/, kustomization.yaml per directory)',
      (v: string) => {
        if (v !== 'flat' && v !== 'gitops') throw new InvalidArgumentError('expected flat or gitops');
        return v;
      },
      'flat',
    )
    .option('-n, --namespace <ns>', 'namespace for inputs without metadata.namespace', 'default')
    .option('--settings <file>', 'platform settings (YAML or JSON PlatformSettings)')
    .option(
      '--lock <file>',
      'plan lock that DynamoGraphDeploymentRequests render from (written by dynamo-iac plan)',
      DEFAULT_LOCK_FILE,
    )
    .option(
      '--no-graph-record',
      'leave out the DynamoGraphDeployment / DynamoComponentDeployment records (clusters without the nvidia.com CRDs)',
    )
    .addHelpText(
      'after',
      `
Output is multi-document YAML with sorted keys: the same input always gives the same bytes.
With -o, everything is rendered before anything is written, into a temporary
directory next to <dir> (.<dir>.dynamo-iac.tx) that is renamed into place, so a failure
leaves no half-written <dir> behind, and a killed run is finished by the next.
An existing empty <dir> is replaced; a non-empty one only with --force, and only when
every file in it is one dynamo-iac writes (<namespace>/<kind>-<name>.yaml): other files
are listed and nothing is written. A <dir> that is or holds the working directory, a
.git or an input file is always refused: -o never deletes what it did not write.
With --layout gitops only <dir>/graphs/ is written, file by file: unchanged files are kept
as they are, files no longer rendered are removed and listed, the rest of <dir> is left
alone. \`dynamo-iac gitops\` writes the whole repository (crds/, platform/, graphs/, flux/).

Examples:
  dynamo-iac render graph.yaml > rendered.yaml
  dynamo-iac render -n inference agg.yaml disagg.yaml
  cat graph.yaml | dynamo-iac render -
  dynamo-iac render --settings platform.yaml -o manifests/ --force graphs/*.yaml
  dynamo-iac render -o deploy/ --layout gitops graphs/*.yaml`,
    )
    .action(async (files: string[], options: RenderCommandOptions) => {
      const { render } = require('./run-render') as typeof import('./run-render');
      process.exitCode = await render(files, options);
    });
}
