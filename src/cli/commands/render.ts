/** What `dynamo-iac render` does (its options and help are a row of ../commands.ts). */
import { inputsOf, writeObjectsToDir, writeYamlStream } from '../output';
import { PipelineOptions, runPipeline } from '../pipeline';
import { CliError, EXIT_OK, EXIT_USAGE, oneLine, reportProblems } from '../report';

export interface RenderCommandOptions extends PipelineOptions {
  readonly output?: string;
  readonly force?: boolean;
  readonly layout: 'flat' | 'gitops';
}

export async function run(files: string[], options: RenderCommandOptions): Promise<number> {
  if (options.layout === 'gitops' && options.output === undefined)
    throw new CliError('--layout gitops needs -o <dir>', EXIT_USAGE);
  const { objects, problems, graphs } = await runPipeline(files, options);
  const code = reportProblems(problems);
  if (code !== EXIT_OK) return code;
  if (options.layout === 'gitops') {
    // Only this layout needs the GitOps writer (and with it the Flux and platform code).
    const { splitByGraph } = require('../../gitops/graphs') as typeof import('../../gitops/graphs');
    const { writeLayout } = require('./gitops') as typeof import('./gitops');
    const split = splitByGraph(graphs ?? [], objects);
    writeLayout(
      { graphs: split.graphs, shared: split.shared },
      options.output!,
      options.force,
      inputsOf(files, options),
    );
  } else if (options.output === undefined) {
    writeYamlStream(objects);
  } else {
    const written = writeObjectsToDir(objects, options.output, {
      force: options.force,
      inputs: inputsOf(files, options),
    });
    process.stderr.write(`wrote ${written} files to ${oneLine(options.output)}\n`);
  }
  return EXIT_OK;
}
