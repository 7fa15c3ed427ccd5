/** What `dynamo-iac render` does (its options and help are a row of ../commands.ts). */
import { renderAndWrite } from '../destinations';
import { PipelineFlags } from '../pipeline';
import { CliError, EXIT_USAGE } from '../report';

export interface RenderCommandOptions extends PipelineFlags {
  readonly output?: string;
  readonly force?: boolean;
  readonly layout: 'flat' | 'gitops';
}

export async function run(files: string[], options: RenderCommandOptions): Promise<number> {
  if (options.layout === 'gitops' && options.output === undefined)
    throw new CliError('--layout gitops needs -o <dir>', EXIT_USAGE);
  const destination = options.output === undefined ? 'stdout' : options.layout;
  return renderAndWrite(files, options, destination, options.output ?? '-');
}
