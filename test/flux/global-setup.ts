/**
 * jest globalSetup for the Flux suite: Flux's kustomize-controller and CRDs (built or copied once
 * by test/infra/build.sh flux), then the same test cluster as the cluster suite.
 */
import clusterSetup from '../cluster/global-setup';
import { buildTestBinaries } from '../cluster/harness';

export default async function globalSetup(): Promise<void> {
  const flux = buildTestBinaries('flux');
  if (!flux.KUSTOMIZE_CONTROLLER || !flux.FLUX_CRDS)
    throw new Error(`build.sh printed no Flux paths: ${JSON.stringify(flux)}`);
  process.env.DYNAMO_IAC_KUSTOMIZE_CONTROLLER = flux.KUSTOMIZE_CONTROLLER;
  process.env.FLUX_CRDS = flux.FLUX_CRDS;
  await clusterSetup();
}
