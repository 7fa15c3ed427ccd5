/** What `dynamo-iac gitops` does (its options and help are a row of ../commands.ts): render, then the GitOps writer (../gitops-tree.ts). */
import { DestinationFlags, renderAndWrite } from '../destinations';
import { CliError, EXIT_USAGE } from '../report';

/** commander's values for `gitops` (../commands.ts fills in the defaults). */
export interface GitOpsOptions extends DestinationFlags {
  readonly output: string;
  readonly force?: boolean;
}

export async function run(files: string[], options: GitOpsOptions): Promise<number> {
  if (options.fluxUrl !== undefined && options.argocdUrl !== undefined) {
    throw new CliError(
      '--flux-url and --argocd-url: choose one GitOps engine; two engines applying one repository fight over every object',
      EXIT_USAGE,
    );
  }
  if (new Set(options.platformNamespace ?? []).size > 1 && options.scope !== 'namespace') {
    throw new CliError(
      '--platform-namespace: more than one needs --scope namespace (cluster scope runs one operator for the whole cluster)',
      EXIT_USAGE,
    );
  }
  return renderAndWrite(files, options, 'gitops', options.output);
}
