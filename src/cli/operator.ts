/** `dynamo-iac operator`: runs the runtime operator in the foreground (src/operator). */
import { Command } from 'commander';
import { CliError, EXIT_INVALID } from './report';

export function operatorCommand(): Command {
  return new Command('operator')
    .description(
      'Run the runtime operator (--kubeconfig, KUBECONFIG, in-cluster config or ~/.kube/config) until SIGTERM',
    )
    .option(
      '--kubeconfig <file>',
      'kubeconfig file (default: KUBECONFIG, then the in-cluster service account, then ~/.kube/config)',
    )
    .option('--context <name>', 'kubeconfig context (default: its current context)')
    .option('--scope <scope>', 'cluster (default) or namespace')
    .option('--namespace <ns>', 'namespace to manage in namespace scope; holds the leases (default: $POD_NAMESPACE)')
    .option('--identity <name>', 'leader-election identity (default: $POD_NAME or the host name)')
    .option('--http-port <port>', '/metrics, /healthz and /readyz port (default 8080)')
    .option('--leader-elect <bool>', 'true (default) or false')
    .option('--lease-duration <d>', 'namespace-scope lease duration (default 30s)')
    .option('--lease-renew-interval <d>', 'namespace-scope lease renew interval (default 10s)')
    .option(
      '--model-endpoint-port <port>',
      'LoRA API port on model workers (default 9090), or "endpointslice" for the port the slices publish',
    )
    .option('--checkpoint-pvc-name <name>', 'PVC checkpoint Jobs write to (default snapshot-pvc)')
    .option('--checkpoint-base-path <path>', 'where checkpoint artifacts go on that PVC (default /checkpoints)')
    .action(async (opts: Record<string, string>) => {
      // Flags are passed on as written: one parser (src/operator/config.ts) decides their meaning.
      const argv = Object.entries(opts).flatMap(([k, v]) => [
        `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
        v,
      ]);
      // The operator's dependencies are optional peers: a library install has none of them.
      const { missingOperatorDependencies, missingOperatorDependenciesLine } =
        require('../operator/dependencies') as typeof import('../operator/dependencies');
      const missing = missingOperatorDependencies();
      if (missing.length > 0) throw new CliError(missingOperatorDependenciesLine(missing)!, EXIT_INVALID);
      // Loaded here so render/validate do not pay for the operator's dependencies.
      const { operatorMain } = require('../operator/main') as typeof import('../operator/main');
      process.exitCode = await operatorMain(argv);
    });
}
