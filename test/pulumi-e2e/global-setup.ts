/**
 * jest globalSetup for the real-Pulumi suite: builds (when missing) the Pulumi CLI, the Node.js
 * language host and the Kubernetes provider (and the YAML and Python language hosts), then starts the test cluster (test/cluster's setup).
 * Test files find the binaries in env DYNAMO_IAC_PULUMI_BINARIES (JSON: PULUMI, ...).
 */
import { buildTestBinaries } from '../cluster/harness';
import clusterSetup from '../cluster/global-setup';

export default async function globalSetup(): Promise<void> {
  process.env.DYNAMO_IAC_PULUMI_BINARIES = JSON.stringify(buildTestBinaries('pulumi', 'pulumilangs'));
  await clusterSetup();
}
