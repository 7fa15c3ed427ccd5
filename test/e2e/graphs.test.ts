/**
 * Graphs rendered by the CLI from YAML serve OpenAI requests on the real node: every pod Ready
 * through the probes we render, the model listed and a completion answered through the
 * frontend's Service, with the real Dynamo runtime (1.6.1, its mock engine on CPU) registering
 * its workers through Kubernetes discovery. The runtime operator (installed by the global setup
 * from `dynamo-iac platform`, as a pod) owns the worker replicas of the aggregated graph.
 */
import * as fs from 'fs';
import {
  applyYaml,
  chat,
  cliOk,
  deleteNamespace,
  expectServed,
  graphFile,
  kube,
  Live,
  namespace,
  Pod,
  poll,
  renderedWorkload,
  report,
  serviceUrl,
  tempDir,
  waitPodsReady,
  waitServing,
} from './node';
import { registeredWorkers, requestsServedBy } from './runtime';
import { Traffic } from './traffic';

const DGD_API = 'nvidia.com/v1beta1';
const ADAPTER_API = 'nvidia.com/v1alpha1';

let dir: string;
beforeAll(() => {
  dir = tempDir('graphs');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('an aggregated graph (frontend + mocker worker), rendered by the CLI', () => {
  let ns: string;
  let rendered: string;
  let base: string;
  const workers = 'nvidia.com/dynamo-graph-deployment-name=mock-agg,nvidia.com/dynamo-component=Worker';

  beforeAll(async () => {
    ns = await namespace('e2e-agg');
    rendered = cliOk('render', graphFile(dir, 'agg.yaml', ns));
  });
  afterAll(() => deleteNamespace(ns));

  test('every pod is Ready through the rendered probes and the frontend Service answers', async () => {
    const applied = Date.now();
    applyYaml(rendered);
    await waitPodsReady(ns, 'nvidia.com/dynamo-graph-deployment-name=mock-agg', 2);
    base = await serviceUrl(ns, 'mock-agg-frontend');
    const { completion } = await waitServing(base, ns);
    report(
      'aggregated graph: kubectl apply -> first served completion',
      `${((Date.now() - applied) / 1000).toFixed(1)} s`,
    );
    expectServed(completion);
    // The worker registered itself through the DynamoWorkerMetadata CRD the platform installs.
    expect(await registeredWorkers(ns)).toHaveLength(1);
  });

  test('the operator reports the graph Ready and owns the worker replicas through its scaling adapter', async () => {
    const k = kube();
    await k.waitForCondition(DGD_API, 'DynamoGraphDeployment', 'mock-agg', ns, 'Ready', { timeoutMs: 120_000 });
    const adapter = await k.waitFor<Live>(
      ADAPTER_API,
      'DynamoGraphDeploymentScalingAdapter',
      'mock-agg-worker',
      ns,
      (a) => !!a,
    );
    expect(adapter!.spec.replicas).toBe(1);
  });

  test('scaled to 2 through the adapter: a second worker registers and takes requests; a re-apply keeps 2', async () => {
    const k = kube();
    await k.mergePatch(ADAPTER_API, 'DynamoGraphDeploymentScalingAdapter', 'mock-agg-worker', ns, {
      spec: { replicas: 2 },
    });
    const two = await waitPodsReady(ns, workers, 2);
    await poll('both workers registered', async () => ((await registeredWorkers(ns)).length === 2 ? true : undefined), {
      timeoutMs: 120_000,
    });
    // The frontend routes to both instances: each worker's own request counter moves.
    const before = await Promise.all(two.map(requestsServedBy));
    await poll(
      'requests served by both workers',
      async () => {
        for (let i = 0; i < 8; i++) expectServed(await chat(base));
        const after = await Promise.all(two.map(requestsServedBy));
        return after.every((n, i) => n > before[i]) ? after : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 100 },
    );

    // The rendered Deployment has no replicas: the same output applied again keeps the operator's 2.
    applyYaml(rendered);
    await new Promise((r) => setTimeout(r, 3000));
    const deployment = await k.get<Live>('apps/v1', 'Deployment', renderedWorkload(rendered, 'Worker'), ns);
    expect(deployment!.spec.replicas).toBe(2);
    expect((await waitPodsReady(ns, workers, 2)).length).toBe(2);
  });

  test('a worker pod deleted mid-traffic: its replacement registers and requests succeed again', async () => {
    const [victim] = (await waitPodsReady(ns, workers, 2)) as Pod[];
    const traffic = new Traffic(base, { maxMs: 240_000 });
    await new Promise((r) => setTimeout(r, 500));
    await kube().delete('v1', 'Pod', victim.metadata.name, ns);
    const replaced = await waitPodsReady(ns, workers, 2);
    expect(replaced.map((p) => p.metadata.name)).not.toContain(victim.metadata.name);
    await poll(
      'the replacement registered',
      async () => {
        const names = (await registeredWorkers(ns)).map((w) => w.pod);
        return names.length === 2 && !names.includes(victim.metadata.name) ? true : undefined;
      },
      { timeoutMs: 120_000 },
    );
    const servedAfter = traffic.results.length;
    await poll(
      'requests succeed after the replacement',
      async () => (traffic.succeededSince(servedAfter) >= 5 ? true : undefined),
      { timeoutMs: 120_000, context: () => traffic.summary() },
    );
    await traffic.stop();
    report('worker pod deleted mid-traffic', `${traffic.results.length} requests, ${traffic.failed.length} failed`);
    expectServed(await chat(base));
  });
});

describe('a disaggregated graph (frontend + prefill + decode mockers), v1alpha1, rendered by the CLI', () => {
  let ns: string;
  beforeAll(async () => {
    ns = await namespace('e2e-disagg');
  });
  afterAll(() => deleteNamespace(ns));

  test('every pod is Ready and a completion goes through prefill and decode', async () => {
    const rendered = cliOk('render', graphFile(dir, 'disagg.yaml', ns));
    const applied = Date.now();
    applyYaml(rendered);
    await waitPodsReady(ns, 'nvidia.com/dynamo-graph-deployment-name=mock-disagg', 3);
    const base = await serviceUrl(ns, 'mock-disagg-frontend');
    const { completion } = await waitServing(base, ns);
    report(
      'disaggregated graph: kubectl apply -> first served completion',
      `${((Date.now() - applied) / 1000).toFixed(1)} s`,
    );
    expectServed(completion);
    expect((await registeredWorkers(ns)).length).toBe(2);
  });
});

describe('a graph with a planner: its rendered ServiceAccount and role, used from the planner pod', () => {
  let ns: string;
  beforeAll(async () => {
    ns = await namespace('e2e-planner');
  });
  afterAll(() => deleteNamespace(ns));

  test('the planner pod scales the decode worker through its adapter, as 1.6.1 planner does, and the graph serves', async () => {
    applyYaml(cliOk('render', graphFile(dir, 'disagg-planner.yaml', ns)));
    // Ready only once its API calls succeeded (see the fixture: the real planner's Python
    // dependencies are not in the CPU image, so a stand-in makes its calls).
    await waitPodsReady(
      ns,
      'nvidia.com/dynamo-graph-deployment-name=mock-planner,nvidia.com/dynamo-component=Planner',
      1,
    );
    await kube().waitFor<Live>(
      ADAPTER_API,
      'DynamoGraphDeploymentScalingAdapter',
      'mock-planner-decode',
      ns,
      (a) => a?.spec?.replicas === 2,
      {
        timeoutMs: 60_000,
        what: 'spec.replicas=2 written by the planner',
      },
    );
    await waitPodsReady(
      ns,
      'nvidia.com/dynamo-graph-deployment-name=mock-planner,nvidia.com/dynamo-component=Decode',
      2,
    );
    const { completion } = await waitServing(await serviceUrl(ns, 'mock-planner-frontend'), ns);
    expectServed(completion);
  });
});
