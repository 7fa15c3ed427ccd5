/**
 * What turns the example app into a deployable GitOps repository: the runtime operator
 * (crds/ + platform/) and the Flux objects that sync the layers (flux/). CI pushes dist/ as
 * an OCI artifact (`flux push artifact oci://ghcr.io/example/dynamo-deploy:latest --path=dist`),
 * which the OCIRepository below follows. docs/gitops-flux.md walks through it.
 */
import { App, Chart } from 'cdk8s';
import { DynamoFluxSync, DynamoPlatform } from '../src';

export const EXAMPLE_PLATFORM_NAMESPACE = 'dynamo-system';

export function addExampleGitOps<T extends App>(app: T): T {
  new DynamoPlatform(new Chart(app, 'platform'), 'dynamo', { namespace: EXAMPLE_PLATFORM_NAMESPACE });
  new DynamoFluxSync(new Chart(app, 'flux'), 'sync', {
    source: { name: 'dynamo-examples', url: 'oci://ghcr.io/example/dynamo-deploy', ref: 'latest' },
  });
  return app;
}
