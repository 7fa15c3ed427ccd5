/** What `dynamo-iac operator` does: runs the runtime operator in the foreground (src/operator). */
import { missingOperatorDependencies, missingOperatorDependenciesLine } from '../../operator/dependencies';
import { CliError, EXIT_INVALID } from '../report';

export async function run(_files: string[], options: Record<string, string>): Promise<number> {
  // Flags are passed on as written: one parser (src/operator/config.ts) decides their meaning.
  const argv = Object.entries(options).flatMap(([k, v]) => [
    `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
    v,
  ]);
  // The operator's dependencies are optional peers: a library install has none of them.
  const missing = missingOperatorDependencies();
  if (missing.length > 0) throw new CliError(missingOperatorDependenciesLine(missing)!, EXIT_INVALID);
  // Loaded only now: operator/main needs those dependencies.
  const { operatorMain } = require('../../operator/main') as typeof import('../../operator/main');
  return operatorMain(argv);
}
