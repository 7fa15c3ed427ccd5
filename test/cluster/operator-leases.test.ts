/**
 * The namespace-scope Lease protocol against the real API server, both directions:
 * our namespace-scoped operator holds `dynamo-operator-namespace-scope` as upstream's does
 * (so an upstream cluster-wide operator backs off), and our cluster-wide operator leaves a
 * namespace alone while an upstream namespace-restricted operator's Lease there is live,
 * resuming on expiry (by a timer: nothing else happens in the namespace) and on deletion.
 */
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { microTime } from '../../src/operator/runtime/micro-time';
import { Operator } from '../../src/operator/operator';
import { KubeClient, ServerObject, uniqueName, until } from './kube';
import {
  ADAPTER,
  ADAPTER_KIND,
  installOperatorCrds,
  operatorApi,
  rendered,
  startOperator,
  testConfig,
} from './operator-harness';

const LEASE = 'coordination.k8s.io/v1';
const LEASE_NAME = 'dynamo-operator-namespace-scope';

let kube: KubeClient;
let api: KubeApi;

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  api = operatorApi();
});
afterAll(() => {
  api?.close();
  kube.close();
});

const applyAll = async (objs: ServerObject[]) => {
  for (const o of objs) await kube.apply(o);
};
const replicasOf = (o: ServerObject | undefined) => (o as any)?.spec?.replicas;

describe('namespace scope holds the lease like upstream', () => {
  let ns: string;
  let op: Operator;
  beforeAll(async () => {
    ns = uniqueName('op-lease-ns');
    await kube.createNamespace(ns);
    op = await startOperator(
      api,
      testConfig({
        scope: 'namespace',
        namespace: ns,
        version: '9.8.7',
        namespaceLease: { durationMs: 3000, renewIntervalMs: 1000 },
      }),
    );
  });
  afterAll(() => op?.stop());

  test('creates it with upstream holder identity and duration, and renews it', async () => {
    const lease = await kube.get<any>(LEASE, 'Lease', LEASE_NAME, ns);
    expect(lease.spec).toMatchObject({
      holderIdentity: 'namespace-restricted-operator-9.8.7',
      leaseDurationSeconds: 3,
    });
    expect(lease.spec.acquireTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    await kube.waitFor<any>(LEASE, 'Lease', LEASE_NAME, ns, (l) => !!l && l.spec.renewTime !== lease.spec.renewTime, {
      what: 'a renew',
    });
  });

  test('re-creates the lease after someone deletes it', async () => {
    await kube.delete(LEASE, 'Lease', LEASE_NAME, ns);
    const back = await kube.waitFor<any>(LEASE, 'Lease', LEASE_NAME, ns, (l) => !!l, { what: 'lease re-created' });
    expect(back!.spec.holderIdentity).toBe('namespace-restricted-operator-9.8.7');
  });

  test('acts in its own namespace', async () => {
    await applyAll(rendered(ns));
    await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', ns, (o) => (o as any)?.status?.replicas === 2, {
      what: 'adapter',
    });
  });

  test('deletes the lease on shutdown', async () => {
    await op.stop();
    expect(await kube.get(LEASE, 'Lease', LEASE_NAME, ns)).toBeUndefined();
  });
});

describe('cluster scope leaves a namespace alone while an upstream namespace-scope lease is live', () => {
  let held: string;
  let free: string;
  let op: Operator;
  const upstreamLease = (durationSeconds: number) => ({
    apiVersion: LEASE,
    kind: 'Lease',
    metadata: { name: LEASE_NAME, namespace: held },
    spec: {
      holderIdentity: 'namespace-restricted-operator-0.9.0',
      leaseDurationSeconds: durationSeconds,
      acquireTime: microTime(Date.now()),
      renewTime: microTime(Date.now()),
    },
  });

  beforeAll(async () => {
    held = uniqueName('op-lease-held');
    free = uniqueName('op-lease-free');
    await kube.createNamespace(held);
    await kube.createNamespace(free);
    op = await startOperator(api);
  });
  afterAll(() => op?.stop());

  test('a live lease keeps it out; expiry lets it in without any other event', async () => {
    // Written the way an upstream namespace-restricted operator would, with a short duration.
    await kube.apply(upstreamLease(4), { fieldManager: 'dynamo-operator' });
    await applyAll(rendered(held));
    await applyAll(rendered(free));
    // The free namespace is handled, which means the held one was seen and skipped.
    await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', free, (o) => !!o, { what: 'adapter in the free namespace' });
    expect(await kube.get(ADAPTER, ADAPTER_KIND, 'sg-decode', held)).toBeUndefined();
    // The lease is never renewed: after it expires the operator catches up on the namespace.
    await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', held, (o) => (o as any)?.status?.replicas === 2, {
      what: 'adapter after expiry',
      timeoutMs: 60_000,
    });
  });

  test('a renewed lease keeps it out again; deleting the lease lets it in', async () => {
    await kube.apply(upstreamLease(300), { fieldManager: 'dynamo-operator' });
    // Wait until the operator has seen the lease: a scale in the free namespace goes through after it.
    await kube.waitFor<any>(LEASE, 'Lease', LEASE_NAME, held, (l) => l?.spec.leaseDurationSeconds === 300);
    const scale = (ns: string) =>
      kube.request(
        'PATCH',
        `/apis/${ADAPTER}/namespaces/${ns}/dynamographdeploymentscalingadapters/sg-decode/scale`,
        { spec: { replicas: 4 } },
        'application/merge-patch+json',
      );
    await until('the operator to see the renewed lease', () => !op.allows(held), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    await scale(held);
    await scale(free);
    await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', free, (o) => replicasOf(o) === 4, {
      what: 'free namespace scaled',
    });
    expect(replicasOf(await kube.get('apps/v1', 'Deployment', 'sg-decode', held))).toBe(2);
    await kube.delete(LEASE, 'Lease', LEASE_NAME, held);
    await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', held, (o) => replicasOf(o) === 4, {
      what: 'held namespace scaled after the lease was deleted',
    });
  });
});
