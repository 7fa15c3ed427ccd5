import * as http from 'http';
import { AddressInfo } from 'net';
import { EndpointClient, joinUrl } from '../../../../src/operator/controllers/models/endpoint-client';

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
