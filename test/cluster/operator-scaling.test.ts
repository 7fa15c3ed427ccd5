/**
 * Scaling adapters against the real API server, with the operator's reconcile loop running
 * in-process: the adapter appears, `/scale` writes move the workload, a Flux-style re-apply of
 * the rendered output does not undo a scale (the ownership contract), and a direct edit of the
 * workload's replicas is put back.
 */
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { Operator } from '../../src/operator/operator';
import { KubeClient, ServerObject, uniqueName } from './kube';
import { ADAPTER, ADAPTER_KIND, installOperatorCrds, operatorApi, rendered, startOperator } from './operator-harness';

const LWS = 'leaderworkerset.x-k8s.io/v1';

let kube: KubeClient;
let api: KubeApi;
let operator: Operator;
let ns: string;

const applyAll = async (objs: ServerObject[]) => {
  const out: ServerObject[] = [];
  for (const o of objs) out.push(await kube.apply(o));
  return out;
};
const scale = (name: string, replicas: number) =>
  kube.request(
    'PATCH',
    `/apis/${ADAPTER}/namespaces/${ns}/dynamographdeploymentscalingadapters/${name}/scale`,
    { spec: { replicas } },
    'application/merge-patch+json',
  );
const replicasOf = (o: ServerObject | undefined) => (o as any)?.spec?.replicas;

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  ns = uniqueName('op-scale');
  await kube.createNamespace(ns);
  api = operatorApi();
  operator = await startOperator(api);
  await applyAll(rendered(ns));
});

afterAll(async () => {
  await operator?.stop();
  api?.close();
  kube.close();
});

test('the rendered adapter-managed workloads carry no replicas', () => {
  const objs = rendered(ns);
  expect(objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'sg-decode')!.spec).not.toHaveProperty(
    'replicas',
  );
  expect(objs.find((o) => o.kind === 'LeaderWorkerSet' && o.metadata.name === 'sg-prefill-0')!.spec).not.toHaveProperty(
    'replicas',
  );
});

test('an adapter appears per opted-in component, with upstream name, labels, dgdRef and starting replicas', async () => {
  const decode = await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', ns, (o) => (o as any)?.status?.replicas === 2, {
    what: 'adapter status',
  });
  expect(decode!.metadata.labels).toEqual({
    'nvidia.com/dynamo-graph-deployment-name': 'sg',
    'nvidia.com/dynamo-component': 'decode',
  });
  expect((decode as any).spec).toEqual({ replicas: 2, dgdRef: { name: 'sg', serviceName: 'decode' } });
  expect((decode as any).status.selector).toBe(
    'nvidia.com/dynamo-component=decode,nvidia.com/dynamo-graph-deployment-name=sg',
  );
  expect((decode!.metadata as any).ownerReferences).toEqual([
    expect.objectContaining({ kind: 'DynamoGraphDeployment', name: 'sg', controller: true }),
  ]);
  const prefill = await kube.waitFor(
    ADAPTER,
    ADAPTER_KIND,
    'sg-prefill',
    ns,
    (o) => (o as any)?.status?.replicas === 1,
    { what: 'adapter status' },
  );
  expect((prefill as any).spec.dgdRef).toEqual({ name: 'sg', serviceName: 'prefill' });
  expect(await kube.get(ADAPTER, ADAPTER_KIND, 'sg-frontend', ns)).toBeUndefined();
  // The workloads start from the adapter's replicas.
  await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', ns, (o) => replicasOf(o) === 2, { what: 'replicas 2' });
});

test('a /scale write moves the Deployment, and the adapter status and a Scaled event follow', async () => {
  await scale('sg-decode', 5);
  const dep = await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', ns, (o) => replicasOf(o) === 5, {
    what: 'replicas 5',
  });
  const owners = (dep!.metadata.managedFields as Array<{ manager: string; fieldsV1?: any }>)
    .filter((m) => m.fieldsV1?.['f:spec']?.['f:replicas'] !== undefined)
    .map((m) => m.manager);
  expect(owners).toEqual(['dynamo-iac-operator']);
  const adapter = await kube.waitFor(
    ADAPTER,
    ADAPTER_KIND,
    'sg-decode',
    ns,
    (o) => (o as any)?.status?.replicas === 5,
    { what: 'adapter status 5' },
  );
  expect(Date.parse((adapter as any).status.lastScaleTime)).not.toBeNaN();
  const scaleView = await kube.request<{ status?: unknown }>(
    'GET',
    `/apis/${ADAPTER}/namespaces/${ns}/dynamographdeploymentscalingadapters/sg-decode/scale`,
  );
  expect(scaleView.status).toEqual({
    replicas: 5,
    selector: 'nvidia.com/dynamo-component=decode,nvidia.com/dynamo-graph-deployment-name=sg',
  });
  await waitForEvent('sg-decode', 'Scaled', 'Scaled component decode from 2 to 5 replicas');
});

test('re-applying the rendered output with server-side apply as kustomize-controller keeps the scale', async () => {
  const reapplied = await applyAll(rendered(ns));
  expect(replicasOf(reapplied.find((o) => o.kind === 'Deployment' && o.metadata.name === 'sg-decode'))).toBe(5);
  expect(replicasOf(await kube.get('apps/v1', 'Deployment', 'sg-decode', ns))).toBe(5);
  // And the non-adapter Deployment is still Flux's: the rendered count.
  expect(replicasOf(await kube.get('apps/v1', 'Deployment', 'sg-frontend', ns))).toBe(1);
});

test('a direct edit of an adapter-managed Deployment replicas is put back', async () => {
  await kube.request(
    'PATCH',
    `/apis/apps/v1/namespaces/${ns}/deployments/sg-decode?fieldManager=kubectl-edit`,
    { spec: { replicas: 1 } },
    'application/merge-patch+json',
  );
  await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', ns, (o) => replicasOf(o) === 5, {
    what: 'replicas put back to 5',
  });
  expect((await kube.get<any>(ADAPTER, ADAPTER_KIND, 'sg-decode', ns))!.spec.replicas).toBe(5);
});

test('multinode: a /scale write sets the LeaderWorkerSet group count, and a re-apply keeps it', async () => {
  await kube.waitFor(LWS, 'LeaderWorkerSet', 'sg-prefill-0', ns, (o) => replicasOf(o) === 1, {
    what: 'LWS replicas 1',
  });
  await scale('sg-prefill', 3);
  await kube.waitFor(LWS, 'LeaderWorkerSet', 'sg-prefill-0', ns, (o) => replicasOf(o) === 3, {
    what: 'LWS replicas 3',
  });
  await applyAll(rendered(ns));
  expect(replicasOf(await kube.get(LWS, 'LeaderWorkerSet', 'sg-prefill-0', ns))).toBe(3);
  await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-prefill', ns, (o) => (o as any)?.status?.replicas === 3, {
    what: 'adapter status 3',
  });
});

test('an adapter whose component no longer opts in is deleted', async () => {
  await applyAll(rendered(ns, { decodeAdapter: false }).filter((o) => o.kind === 'DynamoGraphDeployment'));
  await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', ns, (o) => o === undefined, { what: 'adapter deleted' });
  expect(await kube.get(ADAPTER, ADAPTER_KIND, 'sg-prefill', ns)).toBeDefined();
  await waitForEvent('sg', 'AdapterDeleted', 'Deleted orphaned scaling adapter sg-decode');
});

async function waitForEvent(involved: string, reason: string, message: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const events = await kube.list<any>('v1', 'Event', { namespace: ns });
    if (events.some((e) => e.involvedObject?.name === involved && e.reason === reason && e.message === message)) return;
    if (Date.now() > deadline)
      throw new Error(
        `no ${reason} event on ${involved}; saw ${JSON.stringify(events.map((e) => [e.involvedObject?.name, e.reason, e.message]))}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}
