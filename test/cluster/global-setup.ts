/**
 * jest globalSetup for the cluster suite: builds the binaries if missing and
 * starts one test cluster for the whole run. Test files find it through
 * env DYNAMO_IAC_TEST_KUBECONFIG (also KUBECONFIG, for kubectl) — see
 * KubeClient.fromTestEnv() in ./kube.ts.
 */
import { startTestCluster, TestCluster } from './harness';

declare global {
  // Shared with global-teardown.ts (same context in jest).

  var __DYNAMO_IAC_TEST_CLUSTER__: TestCluster | undefined;
}

export default async function globalSetup(): Promise<void> {
  process.stderr.write('\n');
  const cluster = await startTestCluster();
  globalThis.__DYNAMO_IAC_TEST_CLUSTER__ = cluster;
  process.env.DYNAMO_IAC_TEST_KUBECONFIG = cluster.kubeconfigPath;
  process.env.DYNAMO_IAC_TEST_KUBERNETES_VERSION = cluster.kubernetesVersion;
  process.env.KUBECONFIG = cluster.kubeconfigPath;
}
