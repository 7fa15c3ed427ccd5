/**
 * KubeApi over @kubernetes/client-node against a scripted HTTP server: the requests it sends
 * (paths, queries, content types, bodies, credentials), how it reads answers and errors, and its
 * watches — including a line that is not JSON, an ERROR event, a refused watch and a handler
 * that throws, none of which may become an uncaught exception.
 */
import * as fs from 'fs';
import * as http from 'http';
import { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import { KubeApi } from '../../../../src/operator/runtime/kube/api';
import { ApiError, isAlreadyExists, isNotFound } from '../../../../src/operator/runtime/kube/errors';
import { loadKubeConfig, withOverrides } from '../../../../src/operator/runtime/kube/kubeconfig';
import { ServerObject, WatchEvent } from '../../../../src/operator/runtime/kube/objects';
import { fakeDateOnly } from '../../../fake-date';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
/** `silent`: not even the headers (a server that hangs). */
type Reply = { status?: number; body?: unknown; lines?: string[]; hold?: boolean; silent?: boolean };

let server: http.Server;
let dir: string;
const seen: Seen[] = [];
let replies: Array<(req: Seen) => Reply | undefined> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const s = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(s);
      const reply = replies.map((r) => r(s)).find(Boolean) ?? {
        status: 404,
        body: { kind: 'Status', reason: 'NotFound', message: 'not scripted' },
      };
      if (reply.silent) return;
      res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' });
      if (reply.lines) {
        // As the API server does: the headers at once, then an event per line.
        res.flushHeaders();
        for (const l of reply.lines) res.write(`${l}\n`);
        if (!reply.hold) res.end();
        return;
      }
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-api-test-'));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  seen.length = 0;
  replies = [];
});

/** A kubeconfig for the scripted server (plain HTTP, which client-node allows only with TLS verification off). */
function kubeconfig(user: object, name = 'kubeconfig'): string {
  const file = path.join(dir, name);
  const server0 = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fs.writeFileSync(
    file,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [
        { name: 'c', cluster: { server: server0, 'insecure-skip-tls-verify': true } },
        { name: 'other', cluster: { server: 'http://127.0.0.1:1', 'insecure-skip-tls-verify': true } },
      ],
      users: [{ name: 'u', user }],
      contexts: [
        { name: 'main', context: { cluster: 'c', user: 'u' } },
        { name: 'elsewhere', context: { cluster: 'other', user: 'u' } },
      ],
      'current-context': 'elsewhere',
    }),
  );
  return file;
}
const api = (user: object = { token: 't0k3n' }) =>
  new KubeApi(loadKubeConfig({ kubeconfig: kubeconfig(user), context: 'main' }));
const reply = (method: string, url: string | RegExp, r: Reply) =>
  replies.push((s) =>
    s.method === method && (typeof url === 'string' ? s.url === url : url.test(s.url)) ? r : undefined,
  );
const deployment = (name: string, rv: string): ServerObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: 'ns', resourceVersion: rv },
});
const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

test('reads: JSON as the server sent it, kind set on list items, selectors in the query, the bearer token sent', async () => {
  reply('GET', /^\/apis\/apps\/v1\/namespaces\/ns\/deployments\?/, {
    body: {
      metadata: { resourceVersion: '9' },
      items: [{ metadata: { name: 'a', creationTimestamp: '2026-01-01T00:00:00Z' }, spec: { futureField: 1 } }],
    },
  });
  const list = await api().list(RESOURCES.deployment, 'ns', { labelSelector: 'a=b' });
  expect(list.items).toEqual([
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'a', creationTimestamp: '2026-01-01T00:00:00Z' },
      spec: { futureField: 1 },
    },
  ]);
  expect(list.metadata.resourceVersion).toBe('9');
  expect(seen[0].url).toBe('/apis/apps/v1/namespaces/ns/deployments?labelSelector=a%3Db');
  expect(seen[0].headers.authorization).toBe('Bearer t0k3n');
  expect(seen[0].headers['user-agent']).toMatch(/^kubernetes-client-javascript\//);
});

test("writes: server-side apply as the operator's field manager, merge patches of subresources, deletes with a uid precondition", async () => {
  replies.push(() => ({ body: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' } } }));
  const a = api();
  await a.apply(RESOURCES.deployment, {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', namespace: 'ns' },
    spec: { replicas: 3 },
  });
  await a.apply(
    RESOURCES.deployment,
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'ns' } },
    { fieldManager: 'kustomize-controller', dryRun: true },
  );
  await a.mergePatch(RESOURCES.adapter, 'ns', 'x', { spec: { replicas: 2 } }, 'scale');
  await a.create(RESOURCES.deployment, deployment('d', ''), { fieldValidation: 'Strict' });
  await a.delete(RESOURCES.adapter, 'ns', 'x', { uid: 'u1' });
  expect(seen.map((s) => [s.method, s.url, s.headers['content-type']])).toEqual([
    [
      'PATCH',
      '/apis/apps/v1/namespaces/ns/deployments/d?fieldManager=dynamo-iac-operator&force=true',
      'application/apply-patch+yaml',
    ],
    [
      'PATCH',
      '/apis/apps/v1/namespaces/ns/deployments/d?dryRun=All&fieldManager=kustomize-controller&force=true',
      'application/apply-patch+yaml',
    ],
    [
      'PATCH',
      '/apis/nvidia.com/v1alpha1/namespaces/ns/dynamographdeploymentscalingadapters/x/scale?fieldManager=dynamo-iac-operator',
      'application/merge-patch+json',
    ],
    ['POST', '/apis/apps/v1/namespaces/ns/deployments?fieldValidation=Strict', 'application/json'],
    ['DELETE', '/apis/nvidia.com/v1alpha1/namespaces/ns/dynamographdeploymentscalingadapters/x', 'application/json'],
  ]);
  expect(JSON.parse(seen[0].body)).toEqual({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', namespace: 'ns' },
    spec: { replicas: 3 },
  });
  expect(JSON.parse(seen[4].body)).toEqual({
    apiVersion: 'v1',
    kind: 'DeleteOptions',
    propagationPolicy: 'Background',
    preconditions: { uid: 'u1' },
  });
});

test('errors: the Status reason and message, classified for retries and metrics', async () => {
  reply('GET', /deployments\/gone$/, {
    status: 404,
    body: { kind: 'Status', code: 404, reason: 'NotFound', message: 'deployments.apps "gone" not found' },
  });
  reply('POST', /deployments/, {
    status: 409,
    body: { kind: 'Status', code: 409, reason: 'AlreadyExists', message: 'exists' },
  });
  reply('GET', /deployments\/teapot$/, { status: 418, body: undefined });
  const a = api();
  const missing = await a.get(RESOURCES.deployment, 'ns', 'gone').catch((e: unknown) => e);
  expect(missing).toBeInstanceOf(ApiError);
  expect(isNotFound(missing)).toBe(true);
  expect((missing as ApiError).message).toBe(
    'GET /apis/apps/v1/namespaces/ns/deployments/gone -> 404: deployments.apps "gone" not found',
  );
  expect(isAlreadyExists(await a.create(RESOURCES.deployment, deployment('d', '')).catch((e: unknown) => e))).toBe(
    true,
  );
  await expect(a.get(RESOURCES.deployment, 'ns', 'teapot')).rejects.toMatchObject({ status: 418 });
});

test('served: a group version not served, or without the plural, is false', async () => {
  reply('GET', '/apis/grove.io/v1alpha1', {
    body: {
      resources: [
        { name: 'podcliques', kind: 'PodClique', namespaced: true, verbs: [] },
        { name: 'podcliques/scale', kind: 'Scale', namespaced: true, verbs: [] },
      ],
    },
  });
  const a = api();
  expect(await a.served(RESOURCES.podClique)).toBe(true);
  expect(await a.served(RESOURCES.podCliqueSet)).toBe(false);
  expect(await a.served(RESOURCES.leaderWorkerSet)).toBe(false);
});

test('impersonation and another server, as the tests put a proxy or a ServiceAccount in between', async () => {
  reply('GET', /./, { body: { metadata: { resourceVersion: '1' }, items: [] } });
  const kc = withOverrides(loadKubeConfig({ kubeconfig: kubeconfig({ token: 't' }), context: 'main' }), {
    impersonate: 'system:serviceaccount:ns:op',
  });
  await new KubeApi(kc).list(RESOURCES.deployment, 'ns');
  expect(seen[0].headers['impersonate-user']).toBe('system:serviceaccount:ns:op');
});

describe('watch', () => {
  test('events in order; a line that is not JSON is skipped; an ERROR event is delivered; the end resolves', async () => {
    reply('GET', /watch=true/, {
      lines: [
        JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'a', resourceVersion: '2' } } }),
        '{"type": "MODIFIED", "object": {"metadata": {"name": "a"', // cut off
        'not json at all',
        JSON.stringify({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '5' } } }),
        JSON.stringify({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } }),
      ],
    });
    const events: Array<WatchEvent<ServerObject>> = [];
    const handle = api().watch<ServerObject>(
      RESOURCES.deployment,
      'ns',
      { resourceVersion: '1', timeoutSeconds: 60, labelSelector: 'x' },
      (e) => events.push(e),
    );
    await expect(handle.done).resolves.toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['ADDED', 'BOOKMARK', 'ERROR']);
    expect(events[0].object).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'a' } });
    expect(seen[0].url).toBe(
      '/apis/apps/v1/namespaces/ns/deployments?watch=true&allowWatchBookmarks=true&resourceVersion=1&timeoutSeconds=60&labelSelector=x',
    );
  });

  test('a handler that throws ends the watch with that error (the informer resumes); nothing escapes', async () => {
    reply('GET', /watch=true/, {
      lines: [
        JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'a' } } }),
        JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'b' } } }),
      ],
      hold: true,
    });
    const seenNames: string[] = [];
    const handle = api().watch<ServerObject>(
      RESOURCES.deployment,
      'ns',
      { resourceVersion: '1', timeoutSeconds: 60 },
      (e) => {
        seenNames.push(e.object.metadata.name);
        throw new Error('handler bug');
      },
    );
    await expect(handle.done).rejects.toThrow('handler bug');
    expect(seenNames).toEqual(['a']);
  });

  test('a refused watch rejects with the status as an ApiError', async () => {
    reply('GET', /watch=true/, { status: 403, body: { kind: 'Status', reason: 'Forbidden' } });
    const handle = api().watch(
      RESOURCES.deployment,
      'ns',
      { resourceVersion: '1', timeoutSeconds: 60 },
      () => undefined,
    );
    await expect(handle.done).rejects.toMatchObject({ status: 403 });
  });

  test('abort ends a watch quietly, even one the server has not answered yet', async () => {
    replies.push((s) => (s.url.includes('watch=true') ? { lines: [], hold: true, silent: true } : undefined));
    const handle = api().watch(
      RESOURCES.deployment,
      'ns',
      { resourceVersion: '1', timeoutSeconds: 60 },
      () => undefined,
    );
    await flush();
    handle.abort();
    await expect(handle.done).resolves.toBeUndefined();
  });

  test('abort ends an open watch quietly; close() aborts what is still running', async () => {
    reply('GET', /watch=true/, { lines: [], hold: true });
    const a = api();
    const first = a.watch(RESOURCES.deployment, 'ns', { resourceVersion: '1', timeoutSeconds: 60 }, () => undefined);
    const second = a.watch(RESOURCES.deployment, 'ns', { resourceVersion: '1', timeoutSeconds: 60 }, () => undefined);
    await flush();
    first.abort();
    await expect(first.done).resolves.toBeUndefined();
    a.close();
    await expect(second.done).resolves.toBeUndefined();
  });
});

test('a rotated token file is read again after a minute, as client-go does (in-cluster credentials work this way)', async () => {
  const tokenFile = path.join(dir, 'token');
  fs.writeFileSync(tokenFile, 'first');
  reply('GET', /./, { body: { metadata: { resourceVersion: '1' }, items: [] } });
  fakeDateOnly();
  try {
    // The user in-cluster loading makes: client-node's token-file authenticator.
    const a = api({ 'auth-provider': { name: 'tokenFile', config: { tokenFile } } });
    await a.list(RESOURCES.deployment, 'ns');
    fs.writeFileSync(tokenFile, 'second');
    jest.setSystemTime(Date.now() + 30_000);
    await a.list(RESOURCES.deployment, 'ns');
    jest.setSystemTime(Date.now() + 31_000);
    await a.list(RESOURCES.deployment, 'ns');
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer first', 'Bearer first', 'Bearer second']);
  } finally {
    jest.useRealTimers();
  }
});

test('kubeconfig: an unknown context is a clear error; KUBECONFIG lists are merged', () => {
  const file = kubeconfig({ token: 't' });
  expect(() => loadKubeConfig({ kubeconfig: file, context: 'nope' })).toThrow(
    'context "nope" is not in the kubeconfig (contexts: main, elsewhere)',
  );
  const second = path.join(dir, 'second');
  fs.writeFileSync(
    second,
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [{ name: 'x', cluster: { server: 'https://x' } }],
      users: [{ name: 'ux', user: {} }],
      contexts: [{ name: 'third', context: { cluster: 'x', user: 'ux' } }],
    }),
  );
  const saved = process.env.KUBECONFIG;
  process.env.KUBECONFIG = [file, second].join(path.delimiter);
  try {
    expect(loadKubeConfig({ context: 'third' }).getCurrentCluster()?.server).toBe('https://x');
  } finally {
    if (saved === undefined) delete process.env.KUBECONFIG;
    else process.env.KUBECONFIG = saved;
  }
});
