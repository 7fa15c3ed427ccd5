/** `dynamo-iac gitops` options for an in-process run: the CLI's own defaults, then the test's. */
import { gitopsCommand } from '../../src/cli/gitops';
import type { GitOpsOptions } from '../../src/cli/run-gitops';

export function gitopsOptions(options: Partial<GitOpsOptions> & { readonly output: string }): GitOpsOptions {
  return { ...(gitopsCommand().opts() as GitOpsOptions), ...options };
}
