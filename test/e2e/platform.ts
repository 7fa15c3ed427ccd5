/**
 * The platform on the real node: `dynamo-iac platform` output applied as a user applies it, and
 * the operator pod it runs, waited for until Ready.
 */
import { applyYaml, cliOk, kube, OPERATOR_IMAGE, poll, waitPodsReady } from './node';
import { podSecurityLabels } from '../cluster/kube';

export const OPERATOR_NAMESPACE = 'dynamo-system';
export const OPERATOR_SELECTOR = 'app.kubernetes.io/name=dynamo-iac-operator';

/** `dynamo-iac platform` for the locally built operator image. */
export function renderPlatform(scope: 'cluster' | 'namespace', namespace: string, ...extra: string[]): string {
  return cliOk('platform', '--scope', scope, '--namespace', namespace, '--image', OPERATOR_IMAGE, ...extra);
}

/** The namespace first, enforcing `restricted`, so the operator pod is admitted under that level. */
export async function restrictedNamespace(name: string): Promise<void> {
  await kube().createNamespace(name, podSecurityLabels('restricted'));
}

/** Cluster scope renders its Namespace, enforcing `restricted` itself: applied on a fresh cluster as it is. */
export async function installClusterPlatform(): Promise<void> {
  applyYaml(renderPlatform('cluster', OPERATOR_NAMESPACE));
  await waitCrdsEstablished();
  await waitPodsReady(OPERATOR_NAMESPACE, OPERATOR_SELECTOR, 1);
}

/** Every nvidia.com CRD Established (discovery serves the kinds). */
export async function waitCrdsEstablished(): Promise<void> {
  const k = kube();
  const crds = await k.list('apiextensions.k8s.io/v1', 'CustomResourceDefinition');
  for (const crd of crds.filter((c) => c.metadata.name.endsWith('.nvidia.com')))
    await k.waitForCondition(
      'apiextensions.k8s.io/v1',
      'CustomResourceDefinition',
      crd.metadata.name,
      undefined,
      'Established',
    );
  await poll('nvidia.com kinds in discovery', () =>
    k.resource('nvidia.com/v1alpha1', 'DynamoWorkerMetadata').then(
      () => true,
      () => undefined,
    ),
  );
}
