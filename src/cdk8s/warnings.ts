/**
 * Warnings (deprecated fields, a component whose name says a type it does not have) on a
 * construct: kept as node metadata for tools, and printed on stderr when the app synthesizes, so
 * `cdk8s synth` shows them as the CLI does (`[construct path] field path: warning: message`).
 */
import { Construct } from 'constructs';
import { Problem, problemLine } from '../api/problems';

export const WARNING_METADATA = 'dynamo-iac:warning';

export function addWarnings(scope: Construct, problems: readonly Problem[]): void {
  const warnings = problems.filter((p) => p.severity === 'warning');
  if (warnings.length === 0) return;
  for (const w of warnings) scope.node.addMetadata(WARNING_METADATA, `${w.path}: ${w.message}`);
  // Printed at the first validation (cdk8s may validate more than once per synth); never fails it.
  let printed = false;
  scope.node.addValidation({
    validate: () => {
      if (printed) return [];
      printed = true;
      for (const w of warnings) process.stderr.write(`[${scope.node.path}] ${problemLine(w)}\n`);
      return [];
    },
  });
}
