/**
 * Managed worker rollouts on the real node (docs/rollouts.md): a client sends chat completions in a
 * loop through the frontend while a worker's arguments change. The new worker generation (its own
 * Deployments, named and labelled with the new worker hash, registering in its own Dynamo namespace)
 * comes up beside the old one, the runtime operator surges it and drains the old one, the old one
 * disappears, the graph's status reports upstream's phases — and no request fails. Through the CLI's
 * GitOps output reconciled by Flux's real kustomize-controller, and through `pulumi up` with the real
 * engine. A scaling change and a frontend-only change roll no worker.
 */
import * as fs from 'fs';
import { FluxOnNode } from './flux';
import {
  pulumiStack,
  deleteNamespace,
  describePods,
  expectServed,
  graphFile,
  isReady,
  kube,
  Live,
  namespace,
  Pod,
  pods,
  poll,
  report,
  serviceUrl,
  tempDir,
  waitPodsReady,
  waitServing,
} from './node';
import { registeredWorkers } from './runtime';
import { Traffic } from './traffic';

const DGD_API = 'nvidia.com/v1beta1';
const HASH_LABEL = 'nvidia.com/dynamo-worker-hash';
const CURRENT_HASH = 'nvidia.com/current-worker-hash';
/** Deploy, roll, check: several minutes on 2 shared cores; the bound only stops a hang. */
const ROLLOUT_TIMEOUT_MS = 1_200_000;

let dir: string;
beforeAll(() => {
  dir = tempDir('rollouts');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The graph's worker generations as the cluster has them: hash → its Deployments and pods. */
async function generations(ns: string, graph: string): Promise<Map<string, { deployments: string[]; pods: Pod[] }>> {
  const selector = `nvidia.com/dynamo-graph-deployment-name=${graph},${HASH_LABEL}`;
  const out = new Map<string, { deployments: string[]; pods: Pod[] }>();
  const entry = (hash: string) => out.get(hash) ?? out.set(hash, { deployments: [], pods: [] }).get(hash)!;
  for (const d of await kube().list<Live>('apps/v1', 'Deployment', { namespace: ns, labelSelector: selector }))
    entry(d.metadata.labels![HASH_LABEL]).deployments.push(d.metadata.name);
  for (const p of await pods(ns, selector)) entry(p.metadata.labels![HASH_LABEL]).pods.push(p);
  return out;
}

async function record(ns: string, graph: string): Promise<Live> {
  return (await kube().get<Live>(DGD_API, 'DynamoGraphDeployment', graph, ns))!;
}

/** The phases of `status.rollingUpdate` in the order first seen, sampled until stopped. */
function watchPhases(ns: string, graph: string): { seen: string[]; stop: () => Promise<void> } {
  const seen: string[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const phase = (await record(ns, graph).catch(() => undefined))?.status?.rollingUpdate?.phase;
      if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    seen,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/**
 * Changes the graph with `change` while traffic flows and waits until the new generation serves
 * alone: `workerPods` Ready pods of the new hash, no Deployment of the old one, the phase Completed.
 */
async function rollOut(
  what: string,
  ns: string,
  graph: string,
  workerPods: number,
  change: () => Promise<void>,
): Promise<{ from: string; to: string }> {
  const from = (await record(ns, graph)).metadata.annotations![CURRENT_HASH];
  expect(from).toMatch(/^[0-9a-f]{8}$/);
  const base = await serviceUrl(ns, `${graph}-frontend`);
  // A user's OpenAI client retries a 503 twice by default; the test does too, and bounds how often.
  const traffic = new Traffic(base, { retries: 2 });
  const phases = watchPhases(ns, graph);
  let most = 0;
  let to = from;
  const started = Date.now();
  try {
    await poll('traffic flowing before the change', async () => (traffic.succeededSince(0) >= 3 ? true : undefined));
    await change();
    to = await poll(
      'a new worker hash on the graph',
      async () => {
        const hash = (await record(ns, graph)).metadata.annotations![CURRENT_HASH];
        return hash !== from ? hash : undefined;
      },
      { timeoutMs: 180_000 },
    );
    await poll(
      'the new generation serving alone, the old one drained, the rollout Completed',
      async () => {
        const gens = await generations(ns, graph);
        // Surge: the new generation's pods start while the old one's still serve.
        most = Math.max(most, [...gens.values()].filter((g) => g.pods.length > 0).length);
        const fresh = gens.get(to);
        const done =
          fresh !== undefined &&
          fresh.pods.length === workerPods &&
          fresh.pods.every(isReady) &&
          [...gens].every(([hash, g]) => hash === to || g.pods.length === 0) &&
          (await record(ns, graph)).status?.rollingUpdate?.phase === 'Completed';
        return done ? fresh : undefined;
      },
      { timeoutMs: 480_000, intervalMs: 500, context: () => `${traffic.summary()}\n${describePods(ns)}` },
    );
    // Every registered worker is one of the new generation's pods.
    const fresh = (await generations(ns, graph)).get(to)!.pods.map((p) => p.metadata.name);
    await poll(
      'only the new generation registered',
      async () => {
        const registered = (await registeredWorkers(ns)).map((w) => w.pod);
        return registered.length === workerPods && registered.every((p) => fresh.includes(p)) ? true : undefined;
      },
      { timeoutMs: 120_000 },
    );
    const mark = traffic.results.length;
    await poll(
      'requests served by the new generation',
      async () => (traffic.succeededSince(mark) >= 5 ? true : undefined),
      {
        timeoutMs: 120_000,
        context: () => traffic.summary(),
      },
    );
  } finally {
    await traffic.stop();
    await phases.stop();
  }
  report(
    `${what}: worker rollout ${from} -> ${to}`,
    `${((Date.now() - started) / 1000).toFixed(1)} s, ${traffic.results.length} requests, ${traffic.failed.length} failed, ${traffic.retried.length} answered after a retry ${JSON.stringify(traffic.retried)}, phases ${phases.seen.join(' -> ')}`,
  );
  // Both generations ran side by side, and no request failed for a client that retries as
  // OpenAI's do; at most 1% needed that retry (a rare 503 while the frontend's view of the
  // workers changes, docs/rollouts.md).
  expect(most).toBe(2);
  expect(traffic.failed).toEqual([]);
  expect(traffic.retried.length).toBeLessThanOrEqual(Math.ceil(traffic.results.length / 100));
  // The phases upstream reports, in its order (Pending may pass between two samples).
  expect(phases.seen.filter((p) => p !== 'Pending')).toEqual(['InProgress', 'Completed']);
  return { from, to };
}

/** Waits until the runtime operator has retired generation `hash`: no Deployment or Service of it left. */
async function retired(ns: string, graph: string, hash: string): Promise<void> {
  const selector = `nvidia.com/dynamo-graph-deployment-name=${graph},${HASH_LABEL}=${hash}`;
  await poll(
    `generation ${hash} retired`,
    async () => {
      const left = [
        ...(await kube().list('apps/v1', 'Deployment', { namespace: ns, labelSelector: selector })),
        ...(await kube().list('v1', 'Service', { namespace: ns, labelSelector: selector })),
      ];
      return left.length === 0 ? true : undefined;
    },
    { timeoutMs: 180_000 },
  );
}

/** Worker pod names and the rollout's start time: what must not change when nothing rolls. */
async function workerState(ns: string, graph: string): Promise<{ pods: string[]; hash: string; startTime?: string }> {
  const r = await record(ns, graph);
  const gens = await generations(ns, graph);
  return {
    pods: [...gens.values()].flatMap((g) => g.pods.map((p) => p.metadata.name)).sort(),
    hash: r.metadata.annotations![CURRENT_HASH],
    startTime: r.status?.rollingUpdate?.startTime,
  };
}

test(
  'GitOps: a worker argument changed in Git rolls prefill and decode to a new generation through Flux, with no failed request',
  async () => {
    const ns = await namespace('e2e-rollout-flux');
    const graph = 'mock-disagg';
    const flux = await FluxOnNode.install();
    const render = (edit: (text: string) => string, ...flags: string[]) =>
      flux.writeGraphs(graphFile(dir, 'disagg.yaml', ns, edit), ...flags);
    try {
      render((t) => t);
      await flux.sync('graphs');
      await waitPodsReady(ns, `nvidia.com/dynamo-graph-deployment-name=${graph}`, 3, 180_000);
      expectServed((await waitServing(await serviceUrl(ns, `${graph}-frontend`), ns)).completion);

      // Only decode's arguments change; prefill rolls with it (one worker hash for the graph).
      const previous = (await record(ns, graph)).metadata.annotations![CURRENT_HASH];
      const { from, to } = await rollOut('dynamo-iac gitops + Flux', ns, graph, 2, async () => {
        render((t) => t.replace('"10", --disaggregation-mode, decode', '"5", --disaggregation-mode, decode'));
        // The rollout commit holds both generations: Flux's prune never sees the old one leave.
        const tree = fs.readdirSync(flux.dir, { recursive: true }).map(String).join('\n');
        expect(tree).toContain(`${graph}-decode-${previous}`);
        await flux.sync('decode: --speedup-ratio 5');
      });
      expect(to).not.toBe(from);
      // The old generation is drained but still in Git (the record lists it): kept at 0. Retiring it
      // from the output (prune stays off for it) lets the operator delete it.
      expect((await generations(ns, graph)).get(from)?.deployments.length).toBe(2);
      render(
        (t) => t.replace('"10", --disaggregation-mode, decode', '"5", --disaggregation-mode, decode'),
        '--retire-previous',
      );
      await flux.sync('retire the previous worker generation');
      await retired(ns, graph, from);

      // A scaling change and a frontend-only change roll nothing: same hash, same worker pods (plus the new replica).
      const before = await workerState(ns, graph);
      render((t) =>
        t
          .replace('"10", --disaggregation-mode, decode', '"5", --disaggregation-mode, decode')
          .replace(/(Decode:\n\s+componentType: worker\n\s+subComponentType: decode\n\s+)replicas: 1/, '$1replicas: 2')
          .replace(
            /(Frontend:\n\s+componentType: frontend\n)/,
            '$1      envs: [{ name: E2E_FRONTEND_ONLY, value: "1" }]\n',
          ),
      );
      await flux.sync('decode replicas 2, a frontend env');
      await waitPodsReady(
        ns,
        `nvidia.com/dynamo-graph-deployment-name=${graph},nvidia.com/dynamo-component=Decode`,
        2,
        180_000,
      );
      await poll('the frontend rolled with its new env', async () => {
        const ready = (
          await pods(ns, `nvidia.com/dynamo-graph-deployment-name=${graph},nvidia.com/dynamo-component=Frontend`)
        ).filter((p) => isReady(p) && JSON.stringify(p.spec.containers[0].env ?? []).includes('E2E_FRONTEND_ONLY'));
        return ready.length === 1 ? true : undefined;
      });
      const after = await workerState(ns, graph);
      expect(after.hash).toBe(before.hash);
      expect(after.startTime).toBe(before.startTime);
      expect(after.pods).toEqual(expect.arrayContaining(before.pods));
      expect(after.pods).toHaveLength(before.pods.length + 1);
      expectServed((await waitServing(await serviceUrl(ns, `${graph}-frontend`), ns)).completion);
    } catch (err) {
      process.stderr.write(flux.tail());
      throw err;
    } finally {
      await flux.stop();
      await deleteNamespace(ns);
    }
  },
  ROLLOUT_TIMEOUT_MS,
);

test(
  'Pulumi: a worker argument changed in the program rolls the worker through `pulumi up`, with no failed request; destroy leaves nothing',
  async () => {
    const ns = await namespace('e2e-rollout-pulumi');
    const graph = 'mock-agg';
    const stack = await pulumiStack('pulumi', 'rollout', 'pulumi rollout');
    try {
      await stack.setConfig('namespace', ns);
      await stack.up();
      await waitPodsReady(ns, `nvidia.com/dynamo-graph-deployment-name=${graph}`, 2, 180_000);
      expectServed((await waitServing(await serviceUrl(ns, `${graph}-frontend`), ns)).completion);

      const { from } = await rollOut('pulumi up', ns, graph, 1, async () => {
        await stack.setConfig('speedupRatio', '5');
        await stack.up();
      });
      // Pulumi dropped the old generation from its state without deleting it; the record no longer
      // lists it, so the operator deletes it once drained.
      await retired(ns, graph, from);

      await stack.cli(['destroy', '--yes']);
      await poll(
        'nothing of the graph left after pulumi destroy',
        async () => {
          const left = [
            ...(await kube().list('apps/v1', 'Deployment', { namespace: ns })),
            ...(await kube().list('v1', 'Service', { namespace: ns })),
            ...(await kube().list(DGD_API, 'DynamoGraphDeployment', { namespace: ns })),
          ];
          return left.length === 0 ? true : undefined;
        },
        { timeoutMs: 120_000 },
      );
    } finally {
      await stack.dispose();
      await deleteNamespace(ns);
    }
  },
  ROLLOUT_TIMEOUT_MS,
);
