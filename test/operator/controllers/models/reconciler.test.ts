/**
 * The DynamoModel reconciler against a scripted API (and a real HTTP server standing in for the
 * workers' LoRA API): finalizer, discovery from EndpointSlices, load / unload, status and events.
 */
import * as http from 'http';
import { AddressInfo } from 'net';
import { DynamoModel, EndpointSlice } from '../../../../src/operator/controllers/kinds';
import { DEFAULT_MODEL_ENDPOINTS } from '../../../../src/operator/controllers/models/endpoint-config';
import { DynamoModelReconciler, MODEL_FINALIZER } from '../../../../src/operator/controllers/models/reconciler';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import { shortHash } from '../../../../src/render';
import { cacheOf, eventsOf, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const BASE = 'Qwen/Qwen3-0.6B';

let server: http.Server;
let port: number;
const requests: string[] = [];
let failing = new Set<string>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(failing.has(req.method ?? '') ? 500 : 200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  requests.length = 0;
  failing = new Set();
});

function model(spec: DynamoModel['spec'], opts: { finalizers?: string[]; deleting?: boolean } = {}): DynamoModel {
  return {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoModel',
    metadata: {
      name: 'm',
      namespace: NS,
      generation: 1,
      resourceVersion: '5',
      finalizers: opts.finalizers ?? [MODEL_FINALIZER],
      ...(opts.deleting ? { deletionTimestamp: '2026-11-23T10:00:00Z' } : {}),
    },
    spec,
  };
}
const lora = {
  modelName: 'support-lora',
  baseModelName: BASE,
  modelType: 'lora' as const,
  source: { uri: 'hf://org/support-lora' },
};

/** The model Service's slice: `pods` behind it, each reached at the test server (its port published as `system`). */
function slice(...pods: string[]): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      name: 's',
      namespace: NS,
      labels: { 'nvidia.com/dynamo-base-model-hash': shortHash(BASE), 'kubernetes.io/service-name': 'dynamo-model-x' },
    },
    endpoints: pods.map((p, i) => ({
      addresses: [`10.0.0.${i + 1}`],
      targetRef: { kind: 'Pod', name: p, uid: `uid-${p}` },
    })),
    ports: [{ name: 'system', port }],
  };
}

function setup(models: DynamoModel[], slices: EndpointSlice[] = []) {
  const api = new ScriptedApi();
  for (const m of models) api.objects.set(`${NS}/${m.metadata.name}`, m);
  const ctx = reconcilerContext(api);
  const endpoints = {
    ...DEFAULT_MODEL_ENDPOINTS,
    port: 'endpointslice' as const,
    hostOverride: '127.0.0.1',
    requestTimeoutMs: 2_000,
    batchTimeoutMs: 5_000,
    retryAfterMs: 1_000,
  };
  const caches = { models: cacheOf(RESOURCES.dynamoModel, models), slices: cacheOf(RESOURCES.endpointSlice, slices) };
  return { api, caches, reconciler: new DynamoModelReconciler({ ...ctx, ...caches, endpoints }) };
}

test('a new model gets the finalizer (as a compare-and-swap on its resourceVersion), then its status', async () => {
  const { api, reconciler } = setup([model(lora, { finalizers: [] })]);
  await reconciler.reconcile(`${NS}/m`);
  expect(api.writes()).toEqual(['mergePatch DynamoModel ml/m', 'mergePatch DynamoModel ml/m/status']);
  expect(api.bodies('mergePatch')[0]).toEqual({ metadata: { finalizers: [MODEL_FINALIZER], resourceVersion: '5' } });
  expect(api.bodies('mergePatch')[1]).toMatchObject({
    status: { endpoints: null, readyEndpoints: 0, totalEndpoints: 0 },
  });
  expect(eventsOf(api)).toEqual([['NoEndpointsFound', `No endpoint slices found for base model ${BASE}`, 'm']]);
});

test('LoRA: loaded into every pod behind the base model; all ready is EndpointsReady', async () => {
  const { api, reconciler } = setup([model(lora)], [slice('p1', 'p2')]);
  expect(await reconciler.reconcile(`${NS}/m`)).toBeUndefined();
  expect(requests).toEqual([
    'POST /v1/loras {"lora_name":"support-lora","source":{"uri":"hf://org/support-lora"}}',
    'POST /v1/loras {"lora_name":"support-lora","source":{"uri":"hf://org/support-lora"}}',
  ]);
  expect(api.bodies('mergePatch')[0]).toMatchObject({
    status: {
      readyEndpoints: 2,
      totalEndpoints: 2,
      endpoints: [
        { address: `http://127.0.0.1:${port}`, podName: 'p1', ready: true },
        { address: `http://127.0.0.1:${port}`, podName: 'p2', ready: true },
      ],
    },
  });
  expect(eventsOf(api)).toEqual([['EndpointsReady', `All 2 endpoints ready for base model ${BASE}`, 'm']]);
});

test('LoRA: a failed load is PartialEndpointFailure, and the model is looked at again after the retry delay', async () => {
  failing.add('POST');
  const { api, reconciler } = setup([model(lora)], [slice('p1')]);
  expect(await reconciler.reconcile(`${NS}/m`)).toEqual({ requeueAfterMs: 1_000 });
  expect(api.bodies('mergePatch')[0]).toMatchObject({ status: { readyEndpoints: 0, totalEndpoints: 1 } });
  expect(eventsOf(api).map(([reason]) => reason)).toEqual(['PartialEndpointFailure', 'NotReady']);
});

test('a base model makes no HTTP call: its endpoints are discovered', async () => {
  const { api, reconciler } = setup([model({ modelName: BASE, baseModelName: BASE })], [slice('p1')]);
  await reconciler.reconcile(`${NS}/m`);
  expect(requests).toEqual([]);
  expect(eventsOf(api)).toEqual([['EndpointsDiscovered', `Discovered 1 endpoints for base model ${BASE}`, 'm']]);
});

test('an invalid spec is reported (Valid=False, ValidationFailed) and nothing is loaded', async () => {
  const { api, reconciler } = setup([model({ ...lora, source: undefined })], [slice('p1')]);
  await reconciler.reconcile(`${NS}/m`);
  expect(requests).toEqual([]);
  expect(api.bodies('mergePatch')[0]).toMatchObject({
    status: { conditions: [expect.objectContaining({ type: 'Valid', status: 'False', reason: 'ValidationFailed' })] },
  });
  expect(eventsOf(api).map(([reason]) => reason)).toEqual(['ValidationFailed']);
});

test('deletion unloads from every pod and removes the finalizer; a failed unload never blocks it', async () => {
  for (const fail of [false, true]) {
    if (fail) failing.add('DELETE');
    requests.length = 0;
    const { api, reconciler } = setup([model(lora, { deleting: true })], [slice('p1')]);
    await reconciler.reconcile(`${NS}/m`);
    expect(requests).toEqual(['DELETE /v1/loras/support-lora ']);
    expect(api.bodies('mergePatch')).toEqual([{ metadata: { finalizers: [], resourceVersion: '5' } }]);
    expect(eventsOf(api).map(([reason]) => reason)).toEqual([fail ? 'LoRAUnloadFailed' : 'LoRAUnloaded']);
  }
});
