/** jest globalTeardown for the cluster suite: stops the cluster from global-setup.ts. */
import './global-setup';

export default async function globalTeardown(): Promise<void> {
  const cluster = globalThis.__DYNAMO_IAC_TEST_CLUSTER__;
  globalThis.__DYNAMO_IAC_TEST_CLUSTER__ = undefined;
  if (cluster) {
    const t = Date.now();
    await cluster.stop();
    process.stderr.write(`[test-cluster] stopped in ${((Date.now() - t) / 1000).toFixed(1)}s\n`);
  }
}
