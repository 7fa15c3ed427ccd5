/**
 * CLI: start a throw-away test cluster and keep it running until Ctrl-C.
 *
 *   npx ts-node --project test/tsconfig.json test/cluster/start.ts
 *
 * Prints the kubeconfig path (use it with kubectl or `KubeClient`); on Ctrl-C
 * both servers are stopped and the temp dir is removed
 * (set DYNAMO_IAC_KEEP_CLUSTER_DIR=1 to keep logs and certs).
 */
import { startTestCluster } from './harness';

async function main(): Promise<void> {
  const cluster = await startTestCluster();
  process.stdout.write(
    [
      `server:     ${cluster.server}`,
      `version:    ${cluster.kubernetesVersion}`,
      `kubeconfig: ${cluster.kubeconfigPath}`,
      `logs:       ${cluster.dir}/{etcd,kube-apiserver}.log`,
      '',
      `export KUBECONFIG=${cluster.kubeconfigPath}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = (sig: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${sig}: stopping test cluster…\n`);
    cluster.stop().then(
      () => process.exit(0),
      (err) => {
        process.stderr.write(`${err}\n`);
        process.exit(1);
      },
    );
  };
  // Registered after startTestCluster, so a graceful stop runs instead of the
  // harness's kill-on-signal fallback.
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Keep the event loop alive.
  setInterval(() => undefined, 1 << 30);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : err}\n`);
  process.exit(1);
});
