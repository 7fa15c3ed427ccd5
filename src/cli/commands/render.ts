/** What `dynamo-iac render` does (its options and help are a row of ../commands.ts). */
import { inputsOf, writeObjectsToDir, writeYamlStream } from '../output';
import { renderFiles, RenderedFiles } from '../../pipeline/files';
import { PipelineFlags, renderFilesOptions } from '../pipeline';
import { CliError, EXIT_OK, EXIT_USAGE, oneLine, reportProblems } from '../report';

export interface RenderCommandOptions extends PipelineFlags {
  readonly output?: string;
  readonly force?: boolean;
  readonly layout: 'flat' | 'gitops';
}

type Destination = 'stdout' | RenderCommandOptions['layout'];
type Writer = (rendered: RenderedFiles, files: readonly string[], options: RenderCommandOptions, dir: string) => void;

/** Where rendered objects go: stdout without `-o`, else a directory in the `--layout` asked for. */
const WRITERS: Readonly<Record<Destination, Writer>> = {
  stdout: ({ objects }) => writeYamlStream(objects),
  flat: ({ objects }, files, options, dir) => {
    const written = writeObjectsToDir(objects, dir, { force: options.force, inputs: inputsOf(files, options) });
    process.stderr.write(`wrote ${written} files to ${oneLine(dir)}\n`);
  },
  gitops: ({ objects, graphs }, files, options, dir) => {
    // Only this layout needs the GitOps writer (and with it the Flux and platform code).
    const { splitByGraph } = require('../../gitops/graphs') as typeof import('../../gitops/graphs');
    const { writeLayout } = require('./gitops') as typeof import('./gitops');
    const split = splitByGraph(graphs ?? [], objects);
    writeLayout({ graphs: split.graphs, shared: split.shared }, dir, options.force, inputsOf(files, options));
  },
};

export async function run(files: string[], options: RenderCommandOptions): Promise<number> {
  if (options.layout === 'gitops' && options.output === undefined)
    throw new CliError('--layout gitops needs -o <dir>', EXIT_USAGE);
  const request = renderFilesOptions(options);
  const rendered = await renderFiles(files, request);
  const code = reportProblems(rendered.problems);
  if (code !== EXIT_OK) return code;
  const destination: Destination = options.output === undefined ? 'stdout' : options.layout;
  WRITERS[destination](rendered, files, options, options.output ?? '-');
  return EXIT_OK;
}
