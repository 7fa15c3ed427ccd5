/**
 * The DynamoModel controller against the real API server, with stand-in model workers: small
 * HTTP servers on 127.0.0.1 that speak the `/v1/loras` API (one fails, one never answers).
 * There is no EndpointSlice controller in the test cluster, so the test writes the slices
 * itself, the way Kubernetes would for the rendered model Service (its labels copied). The API
 * server refuses loopback addresses in slices, so they hold pod-like IPs and the operator runs
 * with `models.hostOverride: '127.0.0.1'`; each stand-in listens on its own port, so there is
 * one slice per stand-in and the operator uses the slice's port (`models.port: 'endpointslice'`).
 */
import type { ValidatedGraph } from '../../src/api/validated-graph';
import * as http from 'http';
import { AddressInfo } from 'net';
import { loadGraph, resolveSettings } from '../../src/api';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { DEFAULT_MODEL_ENDPOINTS } from '../../src/operator/controllers/models/endpoint-config';
import { Operator } from '../../src/operator/operator';
import { modelServiceName, renderGraph } from '../../src/render';
import { KubeClient, ServerObject, poll, uniqueName, until } from './kube';
import { installOperatorCrds, operatorApi, startOperator, testConfig } from './operator-harness';

const DM = 'nvidia.com/v1alpha1';
const BASE = 'Qwen/Qwen3-0.6B';
const SERVICE = modelServiceName(BASE);

interface Call {
  method: string;
  url: string;
  contentType?: string;
  body: any;
}

/** A stand-in worker: records every call; `mode` decides the answer. */
class Worker {
  readonly calls: Call[] = [];
  mode: 'ok' | 'fail' | 'hang' = 'ok';
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      this.calls.push({
        method: req.method!,
        url: req.url!,
        contentType: req.headers['content-type'],
        body: text ? JSON.parse(text) : undefined,
      });
      if (this.mode === 'hang') return; // never answers: the operator's request timeout must end it
      res.writeHead(this.mode === 'ok' ? 200 : 500, { 'Content-Type': 'application/json' });
      res.end(this.mode === 'ok' ? '{"status":"ok"}' : '{"error":"adapter download failed"}');
    });
  });

  /** The pod IP written into the slice; the operator connects to 127.0.0.1 instead (hostOverride). */
  constructor(
    readonly pod: string,
    readonly podIP: string,
  ) {}

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  callsOf(method: string): Call[] {
    return this.calls.filter((c) => c.method === method);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

let kube: KubeClient;
let api: KubeApi;
let operator: Operator;
let ns: string;
let hash: string;
const workers: Record<string, Worker> = {};

/** The EndpointSlice Kubernetes would write for the model Service, one per stand-in worker. */
function sliceFor(w: Worker, service = SERVICE, baseHash = () => hash): ServerObject {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name: `${service}-${w.pod}`,
      namespace: ns,
      labels: {
        'nvidia.com/dynamo-base-model-hash': baseHash(),
        'nvidia.com/managed-by': 'dynamo-operator',
        'kubernetes.io/service-name': service,
      },
    },
    addressType: 'IPv4',
    endpoints: [
      { addresses: [w.podIP], conditions: { ready: true }, targetRef: { kind: 'Pod', name: w.pod, namespace: ns } },
    ],
    ports: [{ name: 'system', port: w.port, protocol: 'TCP' }],
  } as ServerObject;
}

function loraModel(name: string, uri: string, baseModelName = BASE): ServerObject {
  return {
    apiVersion: DM,
    kind: 'DynamoModel',
    metadata: { name, namespace: ns },
    spec: { modelName: name, baseModelName, modelType: 'lora', source: { uri } },
  } as ServerObject;
}

const status = (o: ServerObject | undefined) => (o as any)?.status;
const condition = (o: ServerObject | undefined, type: string) =>
  status(o)?.conditions?.find((c: any) => c.type === type);
const waitModel = (name: string, pred: (o: any) => boolean, what: string) =>
  kube.waitFor(DM, 'DynamoModel', name, ns, (o) => pred(o), { what, timeoutMs: 60_000 });

const waitUntil = (what: string, pred: () => boolean) => until(what, pred, { timeoutMs: 60_000, intervalMs: 100 });

async function waitForEvent(involved: string, reason: string, message?: string | RegExp): Promise<any> {
  const events = () => kube.list<any>('v1', 'Event', { namespace: ns });
  return poll(
    `a ${reason} event on ${involved}`,
    async () =>
      (await events()).find(
        (e) =>
          e.involvedObject?.name === involved &&
          e.reason === reason &&
          (message === undefined || (typeof message === 'string' ? e.message === message : message.test(e.message))),
      ),
    {
      timeoutMs: 60_000,
      context: async () =>
        `saw ${JSON.stringify((await events()).map((e) => [e.involvedObject?.name, e.reason, e.message]))}`,
    },
  );
}

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  ns = uniqueName('op-models');
  await kube.createNamespace(ns);
  for (const [i, pod] of ['decode-0', 'decode-1', 'decode-2', 'decode-3'].entries()) {
    workers[pod] = new Worker(pod, `10.244.0.${10 + i}`);
    await workers[pod].start();
  }
  api = operatorApi();
  operator = await startOperator(
    api,
    testConfig({
      // Short timeouts so the hanging worker costs seconds; generous enough for a loaded machine.
      models: {
        ...DEFAULT_MODEL_ENDPOINTS,
        port: 'endpointslice',
        hostOverride: '127.0.0.1',
        requestTimeoutMs: 5_000,
        batchTimeoutMs: 20_000,
        retryAfterMs: 1_000,
      },
    }),
  );
  // The rendered graph: its model Service is what the slices belong to.
  const { model, problems } = loadGraph({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'lora-graph', namespace: ns },
    spec: {
      backendFramework: 'vllm',
      components: [
        {
          name: 'Frontend',
          type: 'frontend',
          podTemplate: { spec: { containers: [{ name: 'main', image: 'registry.example/vllm-runtime:1' }] } },
        },
        {
          name: 'decode',
          type: 'worker',
          replicas: 2,
          modelRef: { name: BASE },
          podTemplate: {
            spec: {
              containers: [
                {
                  name: 'main',
                  image: 'registry.example/vllm-runtime:1',
                  command: ['python3'],
                  args: ['-m', 'dynamo.vllm', '--model', BASE],
                },
              ],
            },
          },
        },
      ],
    },
  });
  if (problems.length) throw new Error(JSON.stringify(problems));
  for (const o of renderGraph(model as ValidatedGraph, resolveSettings({}))) await kube.apply(o as ServerObject);
});

afterAll(async () => {
  await operator?.stop();
  api?.close();
  for (const w of Object.values(workers)) await w.stop();
  kube.close();
});

test('the rendered model Service carries the hash label its EndpointSlices inherit', async () => {
  const svc = await kube.get<any>('v1', 'Service', SERVICE, ns);
  hash = svc.metadata.labels['nvidia.com/dynamo-base-model-hash'];
  expect(hash).toBe('fb68f5a6');
  expect(svc.spec.selector).toEqual({ 'nvidia.com/dynamo-base-model-hash': hash });
  expect(svc.spec.clusterIP).toBe('None');
  const [dep] = await kube.list<any>('apps/v1', 'Deployment', {
    namespace: ns,
    labelSelector: 'nvidia.com/dynamo-graph-deployment-name=lora-graph,nvidia.com/dynamo-component=decode',
  });
  expect(dep.spec.template.metadata.labels['nvidia.com/dynamo-base-model-hash']).toBe(hash);
});

test('a model without endpoints: zeroed status, NoEndpointsFound, upstream conditions', async () => {
  await kube.apply(loraModel('early-lora', 'hf://org/early', 'not/served-yet'));
  const m = await waitModel(
    'early-lora',
    (o) => condition(o, 'EndpointsReady')?.reason === 'NoEndpoints',
    'NoEndpoints',
  );
  expect(status(m)).toMatchObject({ readyEndpoints: 0, totalEndpoints: 0 });
  expect(condition(m, 'ServicesFound')).toMatchObject({
    status: 'False',
    reason: 'NoServicesFound',
    message: 'No endpoint slices found for base model not/served-yet',
  });
  expect(m!.metadata.finalizers).toEqual(['nvidia.com/finalizer']);
  await waitForEvent('early-lora', 'NoEndpointsFound', 'No endpoint slices found for base model not/served-yet');
  // Deleting it needs no HTTP call and is not held up.
  await kube.delete(DM, 'DynamoModel', 'early-lora', ns);
  await waitModel('early-lora', (o) => o === undefined, 'deleted');
});

test('LoRA load on existing endpoints: upstream request, per-endpoint readiness, partial failure requeues', async () => {
  workers['decode-1'].mode = 'fail';
  await kube.apply(sliceFor(workers['decode-0']));
  await kube.apply(sliceFor(workers['decode-1']));
  await kube.apply(loraModel('support-lora', 'hf://example-org/support-lora@v1'));

  const m = await waitModel('support-lora', (o) => status(o)?.totalEndpoints === 2, '2 endpoints');
  const addr = (w: Worker) => `http://127.0.0.1:${w.port}`;
  expect(status(m).readyEndpoints).toBe(1);
  expect(status(m).endpoints).toEqual([
    { address: addr(workers['decode-0']), podName: 'decode-0', ready: true },
    { address: addr(workers['decode-1']), podName: 'decode-1', ready: false },
  ]);
  expect(condition(m, 'EndpointsReady')).toMatchObject({
    status: 'False',
    reason: 'NotReady',
    message: 'Found 1 ready endpoint(s) out of 2 total',
  });
  expect(condition(m, 'ServicesFound')).toMatchObject({
    status: 'True',
    reason: 'ServicesFound',
    message: 'Found 1 service(s)',
  });
  const post = workers['decode-0'].callsOf('POST')[0];
  expect(post).toEqual({
    method: 'POST',
    url: '/v1/loras',
    contentType: 'application/json',
    body: { lora_name: 'support-lora', source: { uri: 'hf://example-org/support-lora@v1' } },
  });
  await waitForEvent(
    'support-lora',
    'PartialEndpointFailure',
    /Some endpoints failed to load LoRA: 1 task\(s\) failed .*status 500/,
  );
  await waitForEvent('support-lora', 'NotReady', `Only 1 of 2 endpoints ready for base model ${BASE}`);

  // The failed endpoint is retried without any change in the cluster (requeue after a partial failure).
  const before = workers['decode-1'].callsOf('POST').length;
  await waitUntil('a retry of the failed endpoint', () => workers['decode-1'].callsOf('POST').length > before);
  workers['decode-1'].mode = 'ok';
  const ready = await waitModel('support-lora', (o) => status(o)?.readyEndpoints === 2, 'both ready');
  expect(condition(ready, 'EndpointsReady')).toMatchObject({
    status: 'True',
    reason: 'AllEndpointsReady',
    message: 'All 2 endpoint(s) are ready',
  });
  await waitForEvent('support-lora', 'EndpointsReady', `All 2 endpoints ready for base model ${BASE}`);
});

test('a pod that appears later gets the adapter', async () => {
  await kube.apply(sliceFor(workers['decode-2']));
  await waitUntil('decode-2 loaded', () => workers['decode-2'].callsOf('POST').length > 0);
  expect(workers['decode-2'].callsOf('POST')[0].body).toEqual({
    lora_name: 'support-lora',
    source: { uri: 'hf://example-org/support-lora@v1' },
  });
  await waitModel(
    'support-lora',
    (o) => status(o)?.totalEndpoints === 3 && status(o)?.readyEndpoints === 3,
    '3 of 3 ready',
  );
});

test('an endpoint that never answers times out and is reported not ready; the others stay ready', async () => {
  workers['decode-3'].mode = 'hang';
  await kube.apply(sliceFor(workers['decode-3']));
  const m = await waitModel('support-lora', (o) => status(o)?.totalEndpoints === 4, '4 endpoints');
  expect(status(m).endpoints.map((e: any) => [e.podName, e.ready])).toEqual([
    ['decode-0', true],
    ['decode-1', true],
    ['decode-2', true],
    ['decode-3', false],
  ]);
  await waitForEvent('support-lora', 'PartialEndpointFailure', /timed out/);
  // The pod goes away: its slice is removed and the model is whole again.
  await kube.delete('discovery.k8s.io/v1', 'EndpointSlice', `${SERVICE}-decode-3`, ns);
  await waitModel(
    'support-lora',
    (o) => status(o)?.totalEndpoints === 3 && status(o)?.readyEndpoints === 3,
    'back to 3 of 3',
  );
});

test('changing source.uri reloads the adapter everywhere', async () => {
  const seen = Object.fromEntries(
    ['decode-0', 'decode-1', 'decode-2'].map((p) => [p, workers[p].callsOf('POST').length]),
  );
  await kube.apply(loraModel('support-lora', 's3://adapters/support-lora/v2'));
  for (const p of Object.keys(seen)) {
    await waitUntil(`${p} reloaded`, () =>
      workers[p]
        .callsOf('POST')
        .slice(seen[p])
        .some((c) => c.body.source.uri === 's3://adapters/support-lora/v2'),
    );
  }
});

test('modelType and baseModelName are immutable in the API server, with upstream messages', async () => {
  // A merge patch carries no resourceVersion: the operator's status writes cannot turn the
  // server's verdict into a 409 conflict before the immutability rules are checked.
  const update = (spec: object) =>
    kube.request(
      'PATCH',
      `/apis/${DM}/namespaces/${ns}/dynamomodels/support-lora`,
      { spec },
      'application/merge-patch+json',
    );
  await expect(update({ modelType: 'adapter' })).rejects.toThrow(
    /spec\.modelType is immutable and cannot be changed after creation/,
  );
  await expect(update({ baseModelName: 'other/base' })).rejects.toThrow(
    /spec\.baseModelName is immutable and cannot be changed after creation/,
  );
});

test('deleting the model unloads the adapter from every endpoint, then the object goes', async () => {
  await kube.delete(DM, 'DynamoModel', 'support-lora', ns);
  await waitModel('support-lora', (o) => o === undefined, 'deleted');
  for (const p of ['decode-0', 'decode-1', 'decode-2']) {
    // At least once (a finalizer write that loses a race is retried, unloading again).
    const urls = workers[p].callsOf('DELETE').map((c) => c.url);
    expect(urls.length).toBeGreaterThan(0);
    expect(new Set(urls)).toEqual(new Set(['/v1/loras/support-lora']));
  }
  expect(workers['decode-3'].callsOf('DELETE')).toEqual([]); // its slice was gone
  await waitForEvent('support-lora', 'LoRAUnloaded', 'Unloaded LoRA from 3 endpoint(s)');
});

test('a failed unload is reported and does not block the deletion', async () => {
  await kube.apply(loraModel('sticky-lora', 'hf://org/sticky'));
  await waitModel('sticky-lora', (o) => status(o)?.readyEndpoints === 3, '3 ready');
  workers['decode-1'].mode = 'fail';
  await kube.delete(DM, 'DynamoModel', 'sticky-lora', ns);
  await waitModel('sticky-lora', (o) => o === undefined, 'deleted despite the failure');
  await waitForEvent(
    'sticky-lora',
    'LoRAUnloadFailed',
    /Failed to unload LoRA from some endpoints: 1 task\(s\) failed .*status 500/,
  );
  expect(workers['decode-1'].callsOf('DELETE').map((c) => c.url)).toContain('/v1/loras/sticky-lora');
  workers['decode-1'].mode = 'ok';
});

test('a base model makes no HTTP calls: endpoints discovered, none ready', async () => {
  const calls = Object.values(workers).reduce((n, w) => n + w.calls.length, 0);
  await kube.apply({
    apiVersion: DM,
    kind: 'DynamoModel',
    metadata: { name: 'qwen-base', namespace: ns },
    spec: { modelName: BASE, baseModelName: BASE },
  } as ServerObject);
  const m = await waitModel('qwen-base', (o) => status(o)?.totalEndpoints === 3, '3 endpoints');
  expect(status(m).readyEndpoints).toBe(0);
  expect(condition(m, 'EndpointsReady')).toMatchObject({
    status: 'True',
    reason: 'EndpointsDiscovered',
    message: 'Found 3 endpoint(s) for base model',
  });
  await waitForEvent('qwen-base', 'EndpointsDiscovered', `Discovered 3 endpoints for base model ${BASE}`);
  expect(Object.values(workers).reduce((n, w) => n + w.calls.length, 0)).toBe(calls);
  await kube.delete(DM, 'DynamoModel', 'qwen-base', ns);
  await waitModel('qwen-base', (o) => o === undefined, 'deleted');
  expect(Object.values(workers).reduce((n, w) => n + w.calls.length, 0)).toBe(calls);
});

test('reconciles are counted under resource_type DynamoModel', async () => {
  const text = await operator.metrics.registry.getSingleMetricAsString('dynamo_operator_reconcile_total');
  expect(text).toMatch(
    new RegExp(
      `dynamo_operator_reconcile_total\\{resource_type="DynamoModel",namespace="${ns}",result="requeue"\\} [1-9]`,
    ),
  );
  expect(text).toMatch(
    new RegExp(
      `dynamo_operator_reconcile_total\\{resource_type="DynamoModel",namespace="${ns}",result="success"\\} [1-9]`,
    ),
  );
});
