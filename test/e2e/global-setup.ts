/**
 * jest globalSetup for the real-node suite: the platform as a user installs it on a fresh cluster: `dynamo-iac platform --scope cluster` applied with `kubectl
 * apply --server-side` into a namespace that enforces the `restricted` Pod Security level, with
 * the operator image built from the Dockerfile's recipe (test/node/images). Every test file relies
 * on its CRDs (the DynamoWorkerMetadata CRD the runtime registers workers with among them) and on
 * its operator.
 */
import './setup-env';
import { OPERATOR_NAMESPACE, installClusterPlatform } from './platform';

export default async function globalSetup(): Promise<void> {
  const t = Date.now();
  await installClusterPlatform();
  process.stderr.write(
    `\n[e2e] platform (cluster scope) in ${OPERATOR_NAMESPACE}: operator Ready in ${((Date.now() - t) / 1000).toFixed(1)} s\n`,
  );
}
