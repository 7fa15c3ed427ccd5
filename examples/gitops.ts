/**
 * What turns the example app into a deployable GitOps repository: the runtime operator
 * (crds/ + platform/) and the Flux objects that sync the layers (flux/). CI pushes dist/ as
 * an OCI artifact (`flux push artifact oci://ghcr.io/example/dynamo-deploy:latest --path=dist`),
 * which the OCIRepository below follows. docs/gitops-flux.md walks through it.
 */
import { ApiObject, App, Chart } from 'cdk8s';
import { DynamoFluxSync, DynamoPlatform, namespaceObjects } from '../src';
import { EXAMPLE_NAMESPACE, EXAMPLE_SETTINGS } from './graphs/platform';

export const EXAMPLE_PLATFORM_NAMESPACE = 'dynamo-system';

export function addExampleGitOps<T extends App>(app: T): T {
  // The namespaces Flux applies into; never pruned (see namespaceObjects).
  const namespaces = new Chart(app, 'namespaces');
  for (const ns of namespaceObjects([EXAMPLE_NAMESPACE, EXAMPLE_PLATFORM_NAMESPACE])) new ApiObject(namespaces, ns.metadata.name, ns);
  // Its namespace is one of the above (never pruned), so the platform leaves it out.
  new DynamoPlatform(new Chart(app, 'platform'), 'dynamo', {
    namespace: EXAMPLE_PLATFORM_NAMESPACE,
    createNamespace: false,
    // The release the example graphs render for: its CRDs.
    dynamoVersion: EXAMPLE_SETTINGS.dynamoVersion,
  });
  new DynamoFluxSync(new Chart(app, 'flux'), 'sync', {
    source: { name: 'dynamo-examples', url: 'oci://ghcr.io/example/dynamo-deploy', ref: 'latest' },
  });
  return app;
}
