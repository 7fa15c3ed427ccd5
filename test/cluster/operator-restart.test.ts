/**
 * The API server going away mid-run, as in a control-plane restart. The operator talks to the
 * API server through a TCP proxy that the test can take down (all connections cut, new ones
 * refused) and bring back on the same port. Changes made while it is down must all be acted on
 * afterwards: watches resume from their resourceVersion, nothing is lost. In namespace scope, an
 * outage longer than the lease allows makes the operator stop with exit code 1 before its
 * namespace-scope lease expires.
 */
import * as net from 'net';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { Operator } from '../../src/operator/operator';
import { runOperator } from '../../src/operator/run';
import { KubeClient, ServerObject, uniqueName } from './kube';
import {
  ADAPTER,
  ADAPTER_KIND,
  apiServerUrl,
  installOperatorCrds,
  operatorApi,
  rendered,
  startOperator,
  testConfig,
  testLogger,
} from './operator-harness';

/** A TCP pass-through to the API server that can be stopped and restarted on the same port. */
class Outage {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: URL) {}

  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port), this.target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

let kube: KubeClient;
let api: KubeApi;
let operator: Operator;
let outage: Outage;
let ns: string;

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  ns = uniqueName('op-restart');
  await kube.createNamespace(ns);
  outage = new Outage(new URL(apiServerUrl()));
  await outage.up();
  api = operatorApi({ server: `https://127.0.0.1:${outage.port}` });
  operator = await startOperator(api);
});
afterAll(async () => {
  await operator?.stop();
  api?.close();
  await outage?.down().catch(() => undefined);
  kube.close();
});

const replicasOf = (o: ServerObject | undefined) => (o as any)?.spec?.replicas;

test('changes made while the API server is unreachable are all acted on once it is back', async () => {
  for (const o of rendered(ns)) await kube.apply(o);
  await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', ns, (o) => replicasOf(o) === 2, { what: 'replicas 2' });
  // The operator must have created the adapters before the outage, or the scale below has nothing to scale.
  for (const adapter of ['sg-prefill', 'sg-decode']) {
    await kube.waitFor(ADAPTER, ADAPTER_KIND, adapter, ns, (o) => (o as any)?.status?.replicas !== undefined, {
      what: `adapter ${adapter}`,
    });
  }

  await outage.down();
  // While the operator cannot reach the server: a scale, a direct edit, and a new graph.
  await kube.request(
    'PATCH',
    `/apis/${ADAPTER}/namespaces/${ns}/dynamographdeploymentscalingadapters/sg-prefill/scale`,
    { spec: { replicas: 4 } },
    'application/merge-patch+json',
  );
  await kube.request(
    'PATCH',
    `/apis/apps/v1/namespaces/${ns}/deployments/sg-decode?fieldManager=kubectl-edit`,
    { spec: { replicas: 7 } },
    'application/merge-patch+json',
  );
  const other = uniqueName('op-restart-2');
  await kube.createNamespace(other);
  for (const o of rendered(other)) await kube.apply(o);
  await new Promise((r) => setTimeout(r, 1500)); // let the operator's retries fail a few times
  expect(replicasOf(await kube.get('apps/v1', 'Deployment', 'sg-decode', ns))).toBe(7);

  await outage.up();
  await kube.waitFor('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', 'sg-prefill-0', ns, (o) => replicasOf(o) === 4, {
    what: 'LWS scaled after the outage',
    timeoutMs: 90_000,
  });
  await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', ns, (o) => replicasOf(o) === 2, {
    what: 'direct edit put back after the outage',
    timeoutMs: 90_000,
  });
  await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', other, (o) => (o as any)?.status?.replicas === 2, {
    what: 'adapter for the graph created during the outage',
    timeoutMs: 90_000,
  });
});

test('namespace scope: consecutive lease renew failures stop the operator with exit code 1', async () => {
  const scoped = uniqueName('op-restart-ns');
  await kube.createNamespace(scoped);
  const proxy = new Outage(new URL(apiServerUrl()));
  await proxy.up();
  const viaProxy = operatorApi({ server: `https://127.0.0.1:${proxy.port}` });
  const config = testConfig({
    scope: 'namespace',
    namespace: scoped,
    namespaceLease: { durationMs: 6000, renewIntervalMs: 1000 },
  });
  const run = runOperator(viaProxy, config, testLogger());
  const lease = await kube.waitFor<any>(
    'coordination.k8s.io/v1',
    'Lease',
    'dynamo-operator-namespace-scope',
    scoped,
    (l) => !!l,
    { what: 'lease' },
  );
  await proxy.down();
  // floor(6 / 1) − 1 = 5 failed renews end it (the fake-clock unit test proves that this is
  // before the lease expires). The lease could not be deleted: the server was unreachable.
  expect(await run.done).toBe(1);
  const last = await kube.get<any>('coordination.k8s.io/v1', 'Lease', 'dynamo-operator-namespace-scope', scoped);
  expect(last.spec.holderIdentity).toBe(lease!.spec.holderIdentity);
});
