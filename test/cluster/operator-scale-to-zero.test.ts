/**
 * Scale to zero against the real API server, with the operator (controllers and activator)
 * in-process: an opted-in graph idles to zero through its scaling adapter (adapter, worker
 * Deployment, `ScaledToZero` condition, event), a request through the activator at zero scales
 * it back up and is answered, concurrent requests share one activation, and a Flux-style
 * re-apply of the rendered output does not bring the workers back. No kubelet here: a loopback
 * stand-in frontend lists the model while the worker Deployment asks for a replica (the real
 * node's e2e is where pods and the real frontend run).
 */
import { loadGraph, resolveSettings } from '../../src/api';
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { RESOURCES } from '../../src/operator/controllers/resources';
import { Operator } from '../../src/operator/operator';
import { OPERATOR_NAME, renderPlatform } from '../../src/platform/platform';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { renderGraph } from '../../src/render';
import { post, StandInFrontend } from '../operator/activator/stand-in-frontend';
import { KubeClient, ServerObject, uniqueName } from './kube';
import { ADAPTER, ADAPTER_KIND, installOperatorCrds, operatorApi, startOperator, testConfig } from './operator-harness';

const MODEL = 'mock-model';
const DGD = 'nvidia.com/v1beta1';
let kube: KubeClient;
let api: KubeApi;
let operator: Operator;
let ns: string;
let frontend: StandInFrontend;
let activatorUrl: string;
let worker: NodeJS.Timeout;
let objects: ServerObject[];

function graphDoc(namespace: string, workerArgs: string[] = ['-m', 'dynamo.vllm']) {
  const main = { name: 'main', image: 'registry.example/vllm-runtime:1.6.1' };
  return {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: {
      name: 'agg',
      namespace,
      annotations: { 'dynamo-iac.io/scale-to-zero-after': '3s', 'dynamo-iac.io/activation-timeout': '30s' },
    },
    spec: {
      backendFramework: 'vllm',
      components: [
        { name: 'Frontend', type: 'frontend', replicas: 1, podTemplate: { spec: { containers: [main] } } },
        {
          name: 'decode',
          type: 'worker',
          replicas: 1,
          scalingAdapter: {},
          podTemplate: {
            spec: { containers: [{ ...main, command: ['python3'], args: workerArgs }] },
          },
        },
      ],
    },
  };
}

const decodeDeployments = () =>
  kube.list('apps/v1', 'Deployment', { namespace: ns, labelSelector: 'nvidia.com/dynamo-component=decode' });
const decodeReplicas = async () =>
  (await decodeDeployments()).reduce((n, d) => n + (((d as any).spec?.replicas as number | undefined) ?? 1), 0);
const adapterReplicas = async () => ((await kube.get(ADAPTER, ADAPTER_KIND, 'agg-decode', ns)) as any)?.spec?.replicas;
const condition = async () =>
  (((await kube.get(DGD, 'DynamoGraphDeployment', 'agg', ns)) as any)?.status?.conditions ?? []).find(
    (c: any) => c.type === 'ScaledToZero',
  );
const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const atZero = () =>
  until('the graph at zero', async () => (await adapterReplicas()) === 0 && (await decodeReplicas()) === 0);

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  ns = uniqueName('op-s2z');
  await kube.createNamespace(ns);
  frontend = new StandInFrontend();
  const base = await frontend.start();
  // The worker stand-in: registers the model while a decode Deployment asks for a pod.
  worker = setInterval(() => {
    void decodeReplicas().then(
      (n) => (n > 0 ? frontend.models.add(MODEL) : frontend.models.delete(MODEL)),
      () => undefined,
    );
  }, 200);
  api = operatorApi();
  let listening: (port: number) => void = () => undefined;
  const port = new Promise<number>((r) => (listening = r));
  operator = await startOperator(
    api,
    testConfig({
      activator: { port: 0, host: '127.0.0.1', pollMs: 100, frontendUrl: () => base, onListening: listening },
    }),
  );
  activatorUrl = `http://127.0.0.1:${await port}/${ns}/agg/v1/chat/completions`;
  objects = render(graphDoc(ns));
  for (const o of objects) await kube.apply(o);
}, 60_000);

afterAll(async () => {
  clearInterval(worker);
  await operator?.stop();
  await frontend?.stop();
  api?.close();
  kube?.close();
});

function render(doc: object): ServerObject[] {
  const { model, problems } = loadGraph(doc);
  if (problems.length) throw new Error(JSON.stringify(problems));
  return renderGraph(model as ValidatedGraph, resolveSettings({})) as ServerObject[];
}

const activations = async () =>
  Number(
    /activations_total\{[^}]*\} (\d+)/.exec(
      await operator.metrics.registry.getSingleMetricAsString('dynamo_iac_activator_activations_total'),
    )?.[1] ?? 0,
  );

const chat = (extra: object = {}) => ({
  model: MODEL,
  messages: [{ role: 'user', content: 'hi' }],
  max_tokens: 4,
  ...extra,
});

test('the rendered worker Deployment leaves its replicas to the operator', () => {
  const decode = objects.filter(
    (o) => o.kind === 'Deployment' && o.metadata.labels?.['nvidia.com/dynamo-component'] === 'decode',
  );
  expect(decode).toHaveLength(1);
  expect((decode[0] as any).spec).not.toHaveProperty('replicas');
});

test('an idle graph goes to zero: adapter, worker Deployment, ScaledToZero condition and event', async () => {
  await until('the adapter', async () => (await adapterReplicas()) !== undefined);
  await atZero();
  await until('ScaledToZero True', async () => (await condition())?.status === 'True');
  expect(await condition()).toEqual(
    expect.objectContaining({
      status: 'True',
      reason: 'Idle',
      message: 'Workers at zero (agg-decode); the next request scales them up',
    }),
  );
  const events = await kube.list('v1', 'Event', { namespace: ns });
  expect(events.map((e) => (e as any).reason)).toContain('ScaledToZero');
}, 60_000);

test('a Flux-style re-apply of the rendered output does not bring the workers back', async () => {
  await atZero();
  for (const o of objects) await kube.apply(o);
  await new Promise((r) => setTimeout(r, 1500));
  expect(await adapterReplicas()).toBe(0);
  expect(await decodeReplicas()).toBe(0);
}, 60_000);

test('a request at zero scales the workers up and is answered; the condition says Active', async () => {
  await atZero();
  const started = Date.now();
  const res = await post(activatorUrl, chat());
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text).usage.completion_tokens).toBe(4);
  expect(await adapterReplicas()).toBe(1);
  expect(await decodeReplicas()).toBe(1);
  expect(frontend.answered.filter((s) => s === 404)).toEqual([]);
  process.stdout.write(
    `scale to zero (API server, stand-in worker): request at zero answered in ${Date.now() - started} ms\n`,
  );
  // Requests keep the graph active while its status catches up: on a loaded machine the status can
  // take longer than the 3 s idle window, and the graph would be back at zero before it is seen.
  await until('ScaledToZero False', async () => {
    expect((await post(activatorUrl, chat())).status).toBe(200);
    return (await condition())?.status === 'False';
  });
  expect((await condition()).reason).toBe('Active');
  const text = await operator.metrics.registry.getSingleMetricAsString('dynamo_iac_activator_activations_total');
  expect(text).toMatch(new RegExp(`dynamo_iac_activator_activations_total\\{namespace="${ns}",graph="agg"\\} [1-9]`));
}, 60_000);

test('20 concurrent requests at zero: all answered, one scale-up', async () => {
  await atZero();
  const before = frontend.answered.length;
  const activated = await activations();
  const results = await Promise.all(Array.from({ length: 20 }, () => post(activatorUrl, chat({ stream: true }))));
  expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
  expect(results.every((r) => r.text.endsWith('data: [DONE]\n\n'))).toBe(true);
  expect(frontend.answered.slice(before)).toEqual(Array(20).fill(200));
  expect(await adapterReplicas()).toBe(1);
  expect(await activations()).toBe(activated + 1);
}, 60_000);

test('a rollout of a graph at zero creates no pods: the new worker generation starts at 0', async () => {
  await atZero();
  const generations = async () =>
    (await decodeDeployments()).map((d) => [
      d.metadata.labels?.['nvidia.com/dynamo-worker-hash'],
      (d as any).spec?.replicas,
    ]);
  const [[oldHash]] = await generations();
  objects = render(graphDoc(ns, ['-m', 'dynamo.vllm', '--max-model-len', '1024']));
  for (const o of objects) await kube.apply(o);
  await until('the new generation', async () => (await generations()).some(([h]) => h !== oldHash));
  await new Promise((r) => setTimeout(r, 1500));
  for (const [, replicas] of await generations()) expect(replicas).toBe(0);
  expect(await adapterReplicas()).toBe(0);
  // And the next request brings up the new generation, not the old one.
  expect((await post(activatorUrl, chat())).status).toBe(200);
  const now = await generations();
  expect(now.filter(([h]) => h !== oldHash).map(([, r]) => r)).toEqual([1]);
}, 60_000);

test("the platform's rendered RBAC lets the operator write an adapter's /scale, as the activator does", async () => {
  await atZero();
  const sa = operatorApi({ impersonate: `system:serviceaccount:${ns}:${OPERATOR_NAME}` });
  try {
    const write = () => sa.mergePatch(RESOURCES.adapter, ns, 'agg-decode', { spec: { replicas: 0 } }, 'scale');
    // Without the rendered RBAC the account may not: the check below is real.
    await expect(write()).rejects.toMatchObject({ status: 403 });
    const rbac = (renderPlatform({ namespace: ns, scope: 'namespace', version: '0.0.0' }) as ServerObject[]).filter(
      (o) => ['ServiceAccount', 'Role', 'RoleBinding'].includes(o.kind),
    );
    for (const o of rbac) await kube.apply(o);
    await until(
      'the Role to take effect',
      () =>
        write().then(
          () => true,
          () => false,
        ),
      10_000,
    );
    await expect(sa.get(RESOURCES.adapter, ns, 'agg-decode')).resolves.toBeDefined();
  } finally {
    sa.close();
  }
}, 60_000);
