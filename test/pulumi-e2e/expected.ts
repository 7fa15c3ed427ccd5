/**
 * What the example Pulumi program must leave in the cluster, from the cdk8s side (one shared
 * expectation): the example app's charts, the GitOps example's platform chart (CRDs included),
 * and the two namespaces the program creates.
 */
import { Testing } from 'cdk8s';
import { buildExampleApp } from '../../examples/app';
import { addExampleGitOps, EXAMPLE_PLATFORM_NAMESPACE } from '../../examples/gitops';
import { EXAMPLE_NAMESPACE } from '../../examples/graphs/platform';
import { thirdPartyCrds } from '../cluster/crds/third-party';
import { KubeRest, Obj } from './kube-rest';

export const keyOf = (o: Pick<Obj, 'apiVersion' | 'kind' | 'metadata'>) =>
  `${o.apiVersion} ${o.kind} ${o.metadata.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`;

export function expectedObjects(): Obj[] {
  const namespaces = [EXAMPLE_NAMESPACE, EXAMPLE_PLATFORM_NAMESPACE].map((name) => ({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name },
  }));
  const platform = addExampleGitOps(Testing.app()).charts.find((c) => c.node.id === 'platform')!;
  const graphs = buildExampleApp(Testing.app()).charts;
  const all = [...namespaces, ...Testing.synth(platform), ...graphs.flatMap((c) => Testing.synth(c))] as Obj[];
  const byKey = new Map(all.map((o) => [keyOf(o), o]));
  if (byKey.size !== all.length) throw new Error('the cdk8s side renders an object twice');
  return all;
}

export { withoutPulumiAnnotations } from '../pulumi/without-pulumi-annotations';

/** Installs the test-only stand-ins of the named third-party CRDs and waits until each is Established. */
export async function installStandInCrds(kube: KubeRest, names: readonly string[]): Promise<void> {
  const crds = (thirdPartyCrds() as Obj[]).filter((c) => names.includes(c.metadata.name));
  if (crds.length !== names.length) throw new Error(`no stand-in for some of ${names.join(', ')}`);
  for (const crd of crds) {
    await kube.apply(crd, 'dynamo-iac-e2e');
    await kube.waitFor(
      crd.apiVersion,
      crd.kind,
      crd.metadata.name,
      undefined,
      (o: any) => o?.status?.conditions?.some((c: any) => c.type === 'Established' && c.status === 'True'),
      `${crd.metadata.name} Established`,
    );
  }
}

/**
 * A worker component's Deployment name in the cluster: a worker generation is named with the worker
 * hash the rendered graph record declares (`<graph>-<lower(component)>-<hash>`), so tests ask the record.
 */
export async function workerDeploymentName(
  kube: KubeRest,
  graph: string,
  component: string,
  namespace: string,
): Promise<string> {
  const record = await kube.get('nvidia.com/v1beta1', 'DynamoGraphDeployment', graph, namespace);
  const hash = record?.metadata.annotations?.['nvidia.com/current-worker-hash'];
  return `${graph}-${component.toLowerCase()}${hash ? `-${hash}` : ''}`;
}
