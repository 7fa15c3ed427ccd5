/**
 * What we emit is what the API server stores: every CRD of `dynamo-iac crds`, and every platform
 * object (`dynamo-iac platform` with each option on), read back with no field lost or rewritten
 * (server-side normalisation, e.g. an empty `properties: {}` dropped from a CRD schema, shows up
 * here), and re-applying a CRD is a no-op (same resourceVersion). Pulumi diffs its inputs against
 * the stored object, so any such difference became an update on every `pulumi up`.
 *
 * Plain JSON requests (test/pulumi-e2e/kube-rest.ts): client-node's typed serializer would drop
 * schema keys it does not model and change what is applied.
 */
import { crdManifests } from '../../src/crds';
import { renderPlatform } from '../../src/platform/platform';
import { KubeRest, Obj } from '../pulumi-e2e/kube-rest';
import { thirdPartyCrds } from './crds/third-party';
import { lostOrChanged } from './read-back';

const FIELD_MANAGER = 'dynamo-iac-reapply-test';
let kube: KubeRest;

beforeAll(() => {
  kube = KubeRest.fromKubeconfig(process.env.DYNAMO_IAC_TEST_KUBECONFIG!);
});

const apply = (o: Obj, dryRun = false) => kube.apply(o, FIELD_MANAGER, { dryRun });
const read = async (o: Obj) => (await kube.get(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace))!;
const label = (o: Obj) => `${o.kind} ${o.metadata.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`;
const established = (crd: Obj) =>
  kube.waitFor(
    crd.apiVersion,
    crd.kind,
    crd.metadata.name,
    undefined,
    (o: any) => o?.status?.conditions?.some((c: any) => c.type === 'Established' && c.status === 'True'),
    `${label(crd)} Established`,
  );

describe.each(crdManifests().map((c) => [c.metadata.name, c as Obj] as const))('CRD %s', (_name, crd) => {
  test('reads back exactly as written, and applying it again changes nothing', async () => {
    await apply(crd);
    await established(crd);
    const first = await read(crd);
    expect(lostOrChanged(crd, first)).toEqual([]);
    const again = await apply(crd);
    expect(again.metadata.resourceVersion).toBe(first.metadata.resourceVersion);
  });
});

test('every platform object, with every option on, reads back exactly as written', async () => {
  const ns = `reapply-${Date.now().toString(36)}`;
  // The ServiceMonitor needs its (stand-in) CRD.
  for (const crd of thirdPartyCrds().filter(
    (c) => (c.spec as { group: string }).group === 'monitoring.coreos.com',
  ) as Obj[]) {
    await apply(crd);
    await established(crd);
  }
  await apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  const options = {
    version: '0.0.0',
    crds: false,
    monitoring: true,
    activatorPort: 8090,
    nats: true,
    etcd: true,
    checkpointAgent: { image: 'registry.example/agent:1' },
    imagePullPolicy: 'IfNotPresent' as const,
  };
  // Namespace scope with its opt-ins: the Namespace (it exists: labels added) and the node reader (named after ns).
  const namespaceScope = renderPlatform({
    ...options,
    namespace: ns,
    scope: 'namespace',
    createNamespace: true,
    readNodes: true,
  }) as Obj[];
  // Cluster scope differs only by its cluster-wide RBAC: dry-run those (their names are fixed, shared with other tests).
  const clusterWide = (renderPlatform({ ...options, namespace: ns, scope: 'cluster' }) as Obj[]).filter((o) =>
    o.kind.startsWith('Cluster'),
  );
  expect(clusterWide.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
    'ClusterRole/dynamo-checkpoint-agent',
    'ClusterRole/dynamo-iac-operator',
    'ClusterRole/dynamo-planner',
    'ClusterRole/epp-cluster-role',
    'ClusterRoleBinding/dynamo-checkpoint-agent',
    'ClusterRoleBinding/dynamo-iac-operator',
  ]);
  const problems: string[] = [];
  for (const o of namespaceScope) {
    const stored = await apply(o);
    problems.push(...lostOrChanged(o, stored).map((p) => `${label(o)}: ${p}`));
  }
  for (const o of clusterWide) problems.push(...lostOrChanged(o, await apply(o, true)).map((p) => `${label(o)}: ${p}`));
  expect(problems).toEqual([]);
  expect(namespaceScope.length).toBeGreaterThan(15);
});
