/**
 * jest globalSetup for the Argo CD suite: Argo CD, its CRDs, Redis (test/infra/build.sh argo) and
 * kustomize (what the repo server runs on our layer directories), then the same test cluster as
 * the cluster suite.
 */
import clusterSetup from '../cluster/global-setup';
import { buildTestBinaries } from '../cluster/harness';

export default async function globalSetup(): Promise<void> {
  const bins = buildTestBinaries('argo', 'kustomize');
  for (const name of ['ARGOCD', 'ARGOCD_ASSETS', 'REDIS_SERVER', 'REDIS_LD_LIBRARY_PATH', 'KUSTOMIZE']) {
    if (!bins[name]) throw new Error(`build.sh printed no ${name}: ${JSON.stringify(bins)}`);
    process.env[`DYNAMO_IAC_${name}`] = bins[name];
  }
  await clusterSetup();
}
