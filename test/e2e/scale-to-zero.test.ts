/**
 * Scale to zero on the real node (docs/scale-to-zero.md): the platform with its activator on
 * (`dynamo-iac platform --activator-port`, applied as a user applies it), graphs opted in with the
 * annotations, clients through the activator's Service. An aggregated graph idles down to zero
 * worker pods; a request at zero (streamed) is held while the worker comes back and is answered
 * with the tokens asked for; 20 concurrent requests at zero are all answered; requests with idle
 * gaps longer than the window never fail; deployed through Flux's real kustomize-controller, a
 * commit Flux applies at zero does not bring the worker back and Flux calls the layer healthy; so
 * does a `pulumi up` of an update at zero, and an Argo CD sync (whose health check calls the graph
 * at zero Healthy); a request the graph cannot answer gets 503 with Retry-After at the bound. A disaggregated
 * graph takes prefill and decode both to zero and back. Reported for the CI log: the time from a
 * request at zero to its first token, and the operator's memory and CPU at idle.
 */
import * as fs from 'fs';
import { stringify, parse } from 'yaml';
import {
  applyYaml,
  chat,
  pulumiStack,
  cliOk,
  deleteNamespace,
  describePods,
  expectServed,
  graphFile,
  isReady,
  kube,
  kubectl,
  Live,
  postChat,
  namespace,
  pods,
  poll,
  report,
  serviceUrl,
  tempDir,
  waitPodsReady,
  waitServing,
} from './node';
import { ARGOCD_NAMESPACE, ArgoOnNode } from './argo';
import { FLUX_NAMESPACE, FluxOnNode } from './flux';
import { OPERATOR_NAMESPACE, OPERATOR_SELECTOR, renderPlatform } from './platform';

const FLUX_KUSTOMIZATION = { apiVersion: 'kustomize.toolkit.fluxcd.io/v1' };

const ACTIVATOR_PORT = '8090';
const DGD_API = 'nvidia.com/v1beta1';
/** Short enough for a quick test, long enough that a request's own gaps never look idle. */
const IDLE = '15s';
/** A worker pod starts and registers well within this on the test node; the 503 case waits it out. */
const BOUND = '60s';

/** A fixture opted in to scale to zero, its workers given a scaling adapter. */
function optedIn(text: string, workerNames: string[], v1alpha1 = false): string {
  const doc = parse(text);
  doc.metadata.annotations = {
    'dynamo-iac.io/scale-to-zero-after': IDLE,
    'dynamo-iac.io/activation-timeout': BOUND,
  };
  for (const name of workerNames) {
    if (v1alpha1) doc.spec.services[name].scalingAdapter = { enabled: true };
    else doc.spec.components.find((c: { name: string }) => c.name === name).scalingAdapter = {};
  }
  return stringify(doc);
}

/** agg.yaml opted in, in `ns`, with an activation timeout of its own (a change a commit can carry). */
const optedInAgg = (dir: string, ns: string, activationTimeout = BOUND) =>
  graphFile(dir, 'agg.yaml', ns, (t) =>
    optedIn(t, ['Worker']).replace(`activation-timeout: ${BOUND}`, `activation-timeout: ${activationTimeout}`),
  );

/** A streamed chat completion: the time to its first content chunk and the tokens it counted. */
async function streamed(
  base: string,
  maxTokens = 8,
): Promise<{ status: number; firstTokenMs: number; chunks: number }> {
  const start = Date.now();
  const res = await postChat(base, { content: 'Say hello after a nap.', maxTokens, stream: true, timeoutMs: 180_000 });
  let firstTokenMs = -1;
  let chunks = 0;
  let buffered = '';
  const decoder = new TextDecoder();
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(bytes, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines.filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')) {
      const delta = JSON.parse(line.slice('data: '.length)).choices?.[0]?.delta?.content;
      if (!delta) continue;
      if (firstTokenMs < 0) firstTokenMs = Date.now() - start;
      chunks++;
    }
  }
  return { status: res.status, firstTokenMs, chunks };
}

/** The worker pods of one component that are not being deleted. */
const workerPods = async (ns: string, component: string) =>
  (await pods(ns, `nvidia.com/dynamo-component=${component}`)).filter((p) => !p.metadata.deletionTimestamp);

const scaledToZero = async (ns: string, graph: string) => {
  const dgd = await kube().get<Live>(DGD_API, 'DynamoGraphDeployment', graph, ns);
  return (dgd?.status?.conditions ?? []).find((c: { type: string }) => c.type === 'ScaledToZero');
};

/** Waits until the graph's workers are gone and its status says so; returns how long that took. */
async function idleToZero(ns: string, graph: string, workers: string[]): Promise<number> {
  const start = Date.now();
  await poll(
    `${graph}: every worker pod gone and ScaledToZero True`,
    async () => {
      for (const w of workers) if ((await workerPods(ns, w)).length > 0) return undefined;
      return (await scaledToZero(ns, graph))?.status === 'True' ? true : undefined;
    },
    { timeoutMs: 180_000, intervalMs: 1000, context: () => describePods(ns) },
  );
  return Date.now() - start;
}

/** The operator's resident memory and CPU seconds, from its own /metrics. */
async function operatorProcess(): Promise<{ rssMiB: number; cpuSeconds: number }> {
  const base = await serviceUrl(OPERATOR_NAMESPACE, 'dynamo-iac-operator-metrics');
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) =>
    Number(/^(\S+) (\S+)$/m.exec(text.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2]);
  return { rssMiB: value('process_resident_memory_bytes') / 2 ** 20, cpuSeconds: value('process_cpu_seconds_total') };
}

/** Waits until the operator runs as one Ready pod, with or without the activator's flag. */
async function operatorRolledOut(withActivator: boolean): Promise<void> {
  await poll(
    `the operator pod ${withActivator ? 'with' : 'without'} --activator-port, alone`,
    async () => {
      const current = (await pods(OPERATOR_NAMESPACE, OPERATOR_SELECTOR)).filter((p) => !p.metadata.deletionTimestamp);
      const args = JSON.stringify(current[0]?.spec.containers[0].args ?? []);
      return current.length === 1 && isReady(current[0]) && args.includes('--activator-port') === withActivator
        ? true
        : undefined;
    },
    { timeoutMs: 180_000, intervalMs: 1000, context: () => describePods(OPERATOR_NAMESPACE) },
  );
}

describe('scale to zero on the real node', () => {
  let dir: string;
  let activator: string;

  beforeAll(async () => {
    dir = tempDir('scale-to-zero');
    // The platform as installed, with the activator turned on (the operator rolls to a new pod).
    applyYaml(renderPlatform('cluster', OPERATOR_NAMESPACE, '--activator-port', ACTIVATOR_PORT));
    await operatorRolledOut(true);
    activator = await serviceUrl(OPERATOR_NAMESPACE, 'dynamo-iac-operator-activator');
  });
  afterAll(async () => {
    // The platform as the global setup installed it, for the suites after this one.
    applyYaml(renderPlatform('cluster', OPERATOR_NAMESPACE));
    await operatorRolledOut(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('aggregated: idles to zero; a request at zero, 20 at once, and requests across idle gaps are all answered; a re-apply keeps it at zero; past the bound a 503', async () => {
    const ns = await namespace('e2e-s2z-agg');
    // Deployed as a GitOps user deploys it: `dynamo-iac gitops` in Git, Flux's real kustomize-controller.
    const flux = await FluxOnNode.install();
    const graph = (activationTimeout: string) => optedInAgg(dir, ns, activationTimeout);
    try {
      flux.writeGraphs(graph(BOUND));
      await flux.sync('graphs');
      const base = `${activator}/${ns}/mock-agg`;
      // Warm first: the activator passes requests through while the worker serves.
      expectServed((await waitServing(base, ns)).completion);

      // A model the graph never serves is held like one at zero, then refused at the bound.
      const typo = postChat(base, { model: 'no-such-model', maxTokens: 1, timeoutMs: 180_000 });

      report(
        'scale to zero (aggregated): last request -> worker pods gone',
        `${(await idleToZero(ns, 'mock-agg', ['Worker'])) / 1000} s`,
      );
      const idle = await operatorProcess();
      await new Promise((r) => setTimeout(r, 10_000));
      const later = await operatorProcess();
      report(
        'scale to zero: the operator (controllers + activator) at idle',
        `${later.rssMiB.toFixed(0)} MiB resident, ${(((later.cpuSeconds - idle.cpuSeconds) / 10) * 1000).toFixed(1)} ms CPU per second`,
      );

      // A commit Flux applies while the graph is at zero (the graph's own record changes) brings no
      // worker back, and Flux's health check calls the layer healthy at zero.
      const reconciled = async () =>
        (await kube().get<Live>(FLUX_KUSTOMIZATION.apiVersion, 'Kustomization', 'dynamo-graphs', FLUX_NAMESPACE))
          ?.status;
      const before = (await reconciled())?.lastAppliedRevision;
      flux.writeGraphs(graph('61s'));
      await flux.sync('activation timeout 61s');
      await poll(
        'Flux applied the new commit and the graphs layer is Ready',
        async () => {
          const status = await reconciled();
          const ready = (status?.conditions ?? []).some(
            (c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True',
          );
          return status?.lastAppliedRevision !== before && ready ? true : undefined;
        },
        { timeoutMs: 180_000, intervalMs: 1000, context: () => flux.tail() },
      );
      const record = await kube().get<Live>(DGD_API, 'DynamoGraphDeployment', 'mock-agg', ns);
      expect(record?.metadata.annotations?.['dynamo-iac.io/activation-timeout']).toBe('61s');
      expect(await workerPods(ns, 'Worker')).toEqual([]);
      expect((await scaledToZero(ns, 'mock-agg'))?.status).toBe('True');

      // A streamed request at zero: held, the worker scaled up, then every token streamed through.
      const first = await streamed(base);
      expect(first.status).toBe(200);
      expect(first.chunks).toBeGreaterThan(0);
      report(
        'scale to zero: a request at zero -> its first token (worker pod start + registration)',
        `${(first.firstTokenMs / 1000).toFixed(1)} s`,
      );
      await waitPodsReady(ns, 'nvidia.com/dynamo-component=Worker', 1);

      const refused = await typo;
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

      // 20 requests at zero, all held and answered by one activation.
      await idleToZero(ns, 'mock-agg', ['Worker']);
      const twenty = await Promise.all(Array.from({ length: 20 }, () => chat(base, 8, 180_000)));
      for (const c of twenty) expectServed(c);

      // Requests with gaps longer than the idle window: each finds the worker gone, none fails.
      for (let i = 0; i < 2; i++) {
        await idleToZero(ns, 'mock-agg', ['Worker']);
        expectServed(await chat(base, 8, 180_000));
      }
      const reasons = kubectl([
        '-n',
        ns,
        'get',
        'events',
        '--field-selector',
        'involvedObject.name=mock-agg',
        '-o',
        'jsonpath={.items[*].reason}',
      ]);
      expect(reasons.split(' ')).toEqual(expect.arrayContaining(['ScaledToZero', 'Activated']));
    } catch (err) {
      process.stderr.write(flux.tail());
      throw err;
    } finally {
      await flux.stop();
      await deleteNamespace(ns);
    }
  });

  test('Argo CD: a sync at zero leaves the worker at zero and the Application Healthy; the next request is served', async () => {
    const argo = await ArgoOnNode.install(dir);
    const ns = await namespace('e2e-s2z-argo');
    const synced = async (revision?: string) => {
      const app = await argo.application();
      const done =
        app?.status?.health?.status === 'Healthy' &&
        app?.status?.sync?.status === 'Synced' &&
        app?.status?.operationState?.phase !== 'Running' &&
        app?.status?.sync?.revision !== revision;
      return done ? (app.status.sync.revision as string) : undefined;
    };
    try {
      argo.writeGraphs(optedInAgg(dir, ns));
      argo.push('graphs');
      await argo.start();
      argo.bootstrap();
      const base = `${activator}/${ns}/mock-agg`;
      expectServed((await waitServing(base, ns)).completion);
      await idleToZero(ns, 'mock-agg', ['Worker']);
      // Argo CD's health check calls the graph at zero Healthy.
      const first = await poll('the dynamo-graphs Application Healthy and Synced at zero', () => synced(), {
        timeoutMs: 180_000,
        intervalMs: 1000,
        context: () => argo.tails(),
      });
      // A commit Argo CD syncs at zero (asked to look now, as its webhook would): no worker comes back.
      argo.writeGraphs(optedInAgg(dir, ns, '61s'));
      argo.push('activation timeout 61s');
      kubectl([
        '-n',
        ARGOCD_NAMESPACE,
        'annotate',
        '--overwrite',
        'applications.argoproj.io',
        '--all',
        'argocd.argoproj.io/refresh=normal',
      ]);
      await poll('the new commit synced, the Application Healthy', () => synced(first), {
        timeoutMs: 240_000,
        intervalMs: 1000,
        context: () => argo.tails(),
      });
      const record = await kube().get<Live>(DGD_API, 'DynamoGraphDeployment', 'mock-agg', ns);
      expect(record?.metadata.annotations?.['dynamo-iac.io/activation-timeout']).toBe('61s');
      expect(await workerPods(ns, 'Worker')).toEqual([]);
      expect((await scaledToZero(ns, 'mock-agg'))?.status).toBe('True');
      expectServed(await chat(base, 8, 180_000));
    } catch (err) {
      process.stderr.write(argo.tails());
      throw err;
    } finally {
      await argo.stop();
      await deleteNamespace(ns);
    }
  });

  test('pulumi up: a graph at zero stays at zero through an update, and serves the next request', async () => {
    const ns = await namespace('e2e-s2z-pulumi');
    const stack = await pulumiStack('pulumi', 'e2e-s2z', 'pulumi s2z');
    try {
      await stack.setConfig('namespace', ns);
      await stack.setConfig('scaleToZeroAfter', IDLE);
      await stack.up();
      const base = `${activator}/${ns}/mock-agg`;
      expectServed((await waitServing(base, ns)).completion);
      await idleToZero(ns, 'mock-agg', ['Worker']);
      // An update at zero: only the graph record changes; the worker's Deployment is left as it is.
      await stack.setConfig('activationTimeout', '61s');
      const changed = await stack.upChanges();
      expect(changed.filter(([, urn]) => /Deployment/.test(urn) && /worker/i.test(urn))).toEqual([]);
      const record = await kube().get<Live>(DGD_API, 'DynamoGraphDeployment', 'mock-agg', ns);
      expect(record?.metadata.annotations?.['dynamo-iac.io/activation-timeout']).toBe('61s');
      expect(await workerPods(ns, 'Worker')).toEqual([]);
      expect((await scaledToZero(ns, 'mock-agg'))?.status).toBe('True');
      expectServed(await chat(base, 8, 180_000));
      await stack.cli(['destroy', '--yes']);
    } finally {
      await stack.dispose();
      await deleteNamespace(ns);
    }
  });

  test('disaggregated: prefill and decode both idle to zero and come back for a request', async () => {
    const ns = await namespace('e2e-s2z-disagg');
    try {
      applyYaml(
        cliOk(
          'render',
          graphFile(dir, 'disagg.yaml', ns, (t) => optedIn(t, ['Prefill', 'Decode'], true)),
        ),
      );
      const base = `${activator}/${ns}/mock-disagg`;
      expectServed((await waitServing(base, ns)).completion);
      await idleToZero(ns, 'mock-disagg', ['Prefill', 'Decode']);
      const start = Date.now();
      expectServed(await chat(base, 8, 180_000));
      report(
        'scale to zero (disaggregated): a request at zero -> answered',
        `${((Date.now() - start) / 1000).toFixed(1)} s`,
      );
      expect(await workerPods(ns, 'Prefill')).toHaveLength(1);
      expect(await workerPods(ns, 'Decode')).toHaveLength(1);
    } finally {
      await deleteNamespace(ns);
    }
  });
});
