import * as http from 'http';
import { AddressInfo } from 'net';
import { parseOperatorArgs } from '../../../../src/operator/config';
import { EndpointSlice } from '../../../../src/operator/controllers/kinds';
import { extractCandidates } from '../../../../src/operator/controllers/models/discovery';
import { EndpointClient, joinUrl } from '../../../../src/operator/controllers/models/endpoint-client';
import { setCondition } from '../../../../src/operator/runtime/conditions';
import { modelStatus, noEndpointsStatus } from '../../../../src/operator/controllers/models/model-status';

type Endpoints = NonNullable<EndpointSlice['endpoints']>;
const slice = (
  name: string,
  endpoints: Endpoints,
  ports: EndpointSlice['ports'] = [{ name: 'system', port: 9090 }],
  service = 'dynamo-model-fb68f5a6',
): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: {
    name,
    namespace: 'ml',
    labels: { 'nvidia.com/dynamo-base-model-hash': 'fb68f5a6', 'kubernetes.io/service-name': service },
  },
  addressType: 'IPv4',
  endpoints,
  ports,
});
const pod = (name: string, ...addresses: string[]) => ({
  addresses,
  targetRef: { kind: 'Pod', name, uid: `uid-${name}` },
});

describe('endpoint discovery from EndpointSlices', () => {
  test('one candidate per pod, at its first address and the system port; non-pod endpoints skipped', () => {
    const d = extractCandidates([
      slice('b', [pod('p2', '10.0.0.2'), pod('p1', '10.0.0.9')]),
      slice('a', [
        pod('p1', '10.0.0.1', '10.0.0.7'),
        { addresses: ['10.0.0.3'], targetRef: { kind: 'Node', name: 'n' } },
        { addresses: ['10.0.0.4'] },
        pod('p0'),
      ]),
    ]);
    expect(d.candidates).toEqual([
      { address: 'http://10.0.0.1:9090', podName: 'p1' },
      { address: 'http://10.0.0.2:9090', podName: 'p2' },
    ]);
    expect(d.serviceNames).toEqual(['dynamo-model-fb68f5a6']);
  });

  test('IPv6 addresses are bracketed; the slice port and a host override are honoured when asked for', () => {
    expect(extractCandidates([slice('a', [pod('p', 'fd00::1')])]).candidates[0].address).toBe('http://[fd00::1]:9090');
    const s = slice(
      'a',
      [pod('p', '10.0.0.1')],
      [
        { name: 'http', port: 8000 },
        { name: 'system', port: 19090 },
      ],
    );
    expect(extractCandidates([s], 'endpointslice').candidates[0].address).toBe('http://10.0.0.1:19090');
    expect(extractCandidates([s], 'endpointslice', '127.0.0.1').candidates[0].address).toBe('http://127.0.0.1:19090');
    expect(extractCandidates([s], 9000).candidates[0].address).toBe('http://10.0.0.1:9000');
  });
});

describe('DynamoModel status', () => {
  const base = { baseModelName: 'Qwen/Qwen3-0.6B', generation: 2, serviceNames: ['svc'], previous: [], now: 'T1' };
  const ep = (ready: boolean) => ({ address: 'http://10.0.0.1:9090', podName: 'p', ready });

  test('LoRA: all ready, some ready, none discovered', () => {
    const all = modelStatus({ ...base, lora: true, endpoints: [ep(true), ep(true)] });
    expect(all.status).toMatchObject({ readyEndpoints: 2, totalEndpoints: 2 });
    expect(all.status.conditions).toEqual([
      {
        type: 'ServicesFound',
        status: 'True',
        reason: 'ServicesFound',
        message: 'Found 1 service(s)',
        observedGeneration: 2,
        lastTransitionTime: 'T1',
      },
      {
        type: 'EndpointsReady',
        status: 'True',
        reason: 'AllEndpointsReady',
        message: 'All 2 endpoint(s) are ready',
        observedGeneration: 2,
        lastTransitionTime: 'T1',
      },
    ]);
    expect(all.event).toEqual({
      type: 'Normal',
      reason: 'EndpointsReady',
      message: 'All 2 endpoints ready for base model Qwen/Qwen3-0.6B',
    });
    const some = modelStatus({ ...base, lora: true, endpoints: [ep(true), ep(false)] });
    expect((some.status.conditions as any[])[1]).toMatchObject({
      status: 'False',
      reason: 'NotReady',
      message: 'Found 1 ready endpoint(s) out of 2 total',
    });
    expect(some.event).toEqual({
      type: 'Warning',
      reason: 'NotReady',
      message: 'Only 1 of 2 endpoints ready for base model Qwen/Qwen3-0.6B',
    });
  });

  test('base model: discovered endpoints are enough; no services is its own condition', () => {
    const r = modelStatus({ ...base, serviceNames: [], lora: false, endpoints: [ep(false)] });
    expect(r.status.conditions).toEqual([
      expect.objectContaining({
        type: 'ServicesFound',
        status: 'False',
        reason: 'NoServicesFound',
        message: 'No services associated with endpoint slices',
      }),
      expect.objectContaining({
        type: 'EndpointsReady',
        status: 'True',
        reason: 'EndpointsDiscovered',
        message: 'Found 1 endpoint(s) for base model',
      }),
    ]);
    expect(r.event).toEqual({
      type: 'Normal',
      reason: 'EndpointsDiscovered',
      message: 'Discovered 1 endpoints for base model Qwen/Qwen3-0.6B',
    });
  });

  test('no slices: zeroed status, the endpoint list removed, NoEndpointsFound', () => {
    const r = noEndpointsStatus('b', 1, [], 'T');
    expect(r.status).toMatchObject({ endpoints: null, readyEndpoints: 0, totalEndpoints: 0 });
    expect(r.event).toEqual({
      type: 'Warning',
      reason: 'NoEndpointsFound',
      message: 'No endpoint slices found for base model b',
    });
  });

  test('lastTransitionTime moves only when a condition changes status', () => {
    const first = setCondition([], { type: 'X', status: 'True', reason: 'A', message: 'm' }, 'T1');
    expect(
      setCondition(first, { type: 'X', status: 'True', reason: 'B', message: 'n' }, 'T2')[0].lastTransitionTime,
    ).toBe('T1');
    expect(
      setCondition(first, { type: 'X', status: 'False', reason: 'B', message: 'n' }, 'T2')[0].lastTransitionTime,
    ).toBe('T2');
  });
});

describe('LoRA endpoint client', () => {
  let server: http.Server;
  let inFlight = 0;
  let maxInFlight = 0;
  const seen: string[] = [];
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      const finish = (status: number, headers: Record<string, string> = {}) => {
        inFlight--;
        res.writeHead(status, headers);
        res.end();
      };
      if (req.url?.startsWith('/hang')) return; // never answers
      if (req.url?.startsWith('/redirect')) return finish(307, { Location: '/v1/loras' });
      setTimeout(() => finish(200), 20);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  test('never more requests in flight than the parallelism bound; results in input order', async () => {
    const client = new EndpointClient({ parallelism: 3, requestTimeoutMs: 10_000, batchTimeoutMs: 30_000 });
    const addresses = Array.from({ length: 12 }, (_, i) => `${base}/w${i}`);
    const results = await client.loadLoRA(addresses, 'l', 'hf://o/l');
    expect(results.map((r) => [r.address, r.error])).toEqual(addresses.map((a) => [a, undefined]));
    expect(maxInFlight).toBeLessThanOrEqual(3);
    expect(seen).toContain('POST /w11/v1/loras');
  });

  test('a redirect is a failure, not followed; a request that hangs times out; the name is escaped', async () => {
    const client = new EndpointClient({ parallelism: 2, requestTimeoutMs: 300, batchTimeoutMs: 30_000 });
    const [redirect, hang] = await client.loadLoRA([`${base}/redirect`, `${base}/hang`], 'l', 'hf://o/l');
    expect(redirect.error).toMatch(/^load LoRA failed with status 307/);
    expect(hang.error).toMatch(/timed out after 300 ms/);
    const [unload] = await client.unloadLoRA([base], 'my lora');
    expect(unload.error).toBeUndefined();
    expect(seen).toContain('DELETE /v1/loras/my%20lora');
    expect(joinUrl('http://h:1/', 'v1', 'loras')).toBe('http://h:1/v1/loras');
  });

  test('the batch deadline fails what has not finished or started', async () => {
    const client = new EndpointClient({ parallelism: 1, requestTimeoutMs: 10_000, batchTimeoutMs: 300 });
    const results = await client.loadLoRA([`${base}/hang1`, `${base}/hang2`], 'l', 'hf://o/l');
    expect(results[0].error).toMatch(/batch timed out/);
    expect(results[1].error).toMatch(/batch timed out/);
  });
});

describe('operator flags', () => {
  test('--model-endpoint-port takes a port or endpointslice; upstream defaults otherwise', () => {
    expect(parseOperatorArgs([], {}).models).toEqual({
      port: 9090,
      parallelism: 10,
      requestTimeoutMs: 15_000,
      batchTimeoutMs: 30_000,
      retryAfterMs: 30_000,
    });
    expect(parseOperatorArgs(['--model-endpoint-port', '19090'], {}).models.port).toBe(19090);
    expect(parseOperatorArgs(['--model-endpoint-port=endpointslice'], {}).models.port).toBe('endpointslice');
    expect(() => parseOperatorArgs(['--model-endpoint-port', 'x'], {})).toThrow(
      '--model-endpoint-port must be a port number or "endpointslice", got "x"',
    );
  });
});
