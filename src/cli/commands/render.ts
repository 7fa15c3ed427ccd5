/** What `dynamo-iac render` does (its options and help are a row of ../commands.ts). */
import { inputsOf, writeObjectsToDir, writeYamlStream } from '../output';
import { renderFiles } from '../../pipeline/files';
import { PipelineFlags, renderFilesOptions } from '../pipeline';
import { CliError, EXIT_OK, EXIT_USAGE, oneLine, reportProblems } from '../report';

export interface RenderCommandOptions extends PipelineFlags {
  readonly output?: string;
  readonly force?: boolean;
  readonly layout: 'flat' | 'gitops';
}

export async function run(files: string[], options: RenderCommandOptions): Promise<number> {
  if (options.layout === 'gitops' && options.output === undefined)
    throw new CliError('--layout gitops needs -o <dir>', EXIT_USAGE);
  const request = renderFilesOptions(options);
  const { objects, problems, graphs } = await renderFiles(files, request);
  const code = reportProblems(problems);
  if (code !== EXIT_OK) return code;
  if (options.output === undefined) {
    writeYamlStream(objects);
  } else if (options.layout === 'flat') {
    const written = writeObjectsToDir(objects, options.output, {
      force: options.force,
      inputs: inputsOf(files, options),
    });
    process.stderr.write(`wrote ${written} files to ${oneLine(options.output)}\n`);
  } else {
    // Only this layout needs the GitOps writer (and with it the Flux and platform code).
    const { splitByGraph } = require('../../gitops/graphs') as typeof import('../../gitops/graphs');
    const { writeLayout } = require('./gitops') as typeof import('./gitops');
    const split = splitByGraph(graphs ?? [], objects);
    writeLayout(
      { graphs: split.graphs, shared: split.shared },
      options.output,
      options.force,
      inputsOf(files, options),
    );
  }
  return EXIT_OK;
}
