/** `dynamo-iac gitops` options for an in-process run: the CLI's own defaults, then the test's. */
import { COMMANDS } from '../../src/cli/commands';
import type { GitOpsOptions } from '../../src/cli/commands/gitops';
import { command } from '../../src/cli/main';

export function gitopsOptions(options: Partial<GitOpsOptions> & { readonly output: string }): GitOpsOptions {
  return { ...(command(COMMANDS.find((c) => c.name === 'gitops')!).opts() as GitOpsOptions), ...options };
}
