/**
 * A multinode graph on the real LeaderWorkerSet controller (LWS v0.10.0, out of cluster beside
 * this process, its webhooks on 127.0.0.1: test/cluster/lws-controller.ts): the CLI's rendered
 * output applied as a user applies it; the LeaderWorkerSet becomes Available with a leader and a
 * worker pod in each of its two groups, every pod Ready (the leader through the probes we render;
 * the worker has none, as upstream); each pod's rendered launch flags, expanded by the kubelet,
 * agree with the leader address, group size and rank LWS gave it, and each worker reaches its own
 * group's leader at that address; the frontend serves a completion from the leaders' mock engine.
 * Then a change to the component's pod template rolls the set group by group. Last, the same graph
 * made disaggregated (a prefill and a decode multinode component) and opted in to a
 * DisaggregatedSet: the set runs each role as a LeaderWorkerSet of its own, every pod Ready, the
 * runtime operator reports the graph Ready from the roles' LeaderWorkerSets, and the frontend serves
 * through prefill and decode.
 *
 * The CPU runtime cannot run a multinode engine: the worker command is a stand-in (see
 * graphs/multinode.yaml) that checks the flags and env, plays the engine's rendezvous on the init
 * port, and runs the real mock engine (`dynamo.mocker`) on the leader.
 */
import * as fs from 'fs';
import { parse, stringify } from 'yaml';
import { LwsController, startLwsController } from '../cluster/lws-controller';
import {
  applyYaml,
  cachedTestBinaries,
  cliOk,
  deleteNamespace,
  describePods,
  expectServed,
  graphFile,
  isReady,
  kube,
  kubectl,
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
import { OPERATOR_NAMESPACE, OPERATOR_SELECTOR } from './platform';

const LWS_API = 'leaderworkerset.x-k8s.io/v1';
const LWS = 'mock-multinode-worker-0';
const GROUP = 'leaderworkerset.sigs.k8s.io/group-index';
const INDEX = 'leaderworkerset.sigs.k8s.io/worker-index';
const REVISION = 'leaderworkerset.sigs.k8s.io/template-revision-hash';
const GROUPS = 2;
const SIZE = 2;

/** The `standin: <what> {json}` lines a pod's stand-in printed. */
function standinLines(ns: string, pod: string, what: string): Record<string, unknown>[] {
  return kubectl(['-n', ns, 'logs', pod, '-c', 'main'])
    .split('\n')
    .filter((l) => l.startsWith(`standin: ${what} {`))
    .map((l) => JSON.parse(l.slice(`standin: ${what} `.length)));
}

const envOf = (pod: Pod, name: string) =>
  (pod.spec.containers[0].env as { name: string; value?: string }[]).find((e) => e.name === name)?.value;

describe('a multinode graph on the real LeaderWorkerSet controller', () => {
  let dir: string;
  let ns: string;
  let lws: LwsController | undefined;
  const setPods = `leaderworkerset.sigs.k8s.io/name=${LWS}`;

  beforeAll(async () => {
    dir = tempDir('multinode');
    const bins = cachedTestBinaries('lws');
    lws = await startLwsController(kube(), process.env.KUBECONFIG!, {
      LWS_MANAGER: bins.LWS_MANAGER,
      LWS_CRDS: bins.LWS_CRDS,
    });
    ns = await namespace('e2e-multinode');
  });
  afterAll(async () => {
    if (ns) await deleteNamespace(ns);
    await lws?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const lwsContext = () => `${describePods(ns)}\n--- lws-manager log tail\n${lws?.log().slice(-3000)}`;

  test('two groups of leader + worker: Ready, each pod told its leader, rank and size, the frontend served', async () => {
    const applied = Date.now();
    applyYaml(cliOk('render', graphFile(dir, 'multinode.yaml', ns)));
    const k = kube();
    await poll(
      `LeaderWorkerSet ${LWS} Available`,
      async () => {
        const set = await k.get<Live>(LWS_API, 'LeaderWorkerSet', LWS, ns);
        const available = (set?.status?.conditions ?? []).some(
          (c: { type: string; status: string }) => c.type === 'Available' && c.status === 'True',
        );
        return available && set!.status.readyReplicas === GROUPS ? set : undefined;
      },
      { timeoutMs: 240_000, intervalMs: 1000, context: lwsContext },
    );
    const all = await waitPodsReady(ns, setPods, GROUPS * SIZE);
    report(
      'multinode graph: kubectl apply -> LeaderWorkerSet Available',
      `${((Date.now() - applied) / 1000).toFixed(1)} s`,
    );

    for (let g = 0; g < GROUPS; g++) {
      const group = all.filter((p) => p.metadata.labels?.[GROUP] === String(g));
      const leader = group.find((p) => p.metadata.labels?.[INDEX] === '0')!;
      const worker = group.find((p) => p.metadata.labels?.[INDEX] === '1')!;
      expect(leader.metadata.name).toBe(`${LWS}-${g}`);
      expect(worker.metadata.name).toBe(`${LWS}-${g}-1`);
      expect(leader.metadata.labels?.role).toBe('leader');
      expect(worker.metadata.labels?.role).toBe('worker');
      // The leader keeps our rendered probes (it is Ready through them); the worker has none.
      expect(leader.spec.containers[0].readinessProbe?.httpGet?.path).toBe('/health');
      expect(worker.spec.containers[0].readinessProbe).toBeUndefined();
      const address = `${LWS}-${g}.${LWS}.${ns}`;
      for (const [pod, rank] of [
        [leader, 0],
        [worker, 1],
      ] as const) {
        // What LWS's pod webhook injected, and what the stand-in saw after the kubelet expanded our args.
        expect(envOf(pod, 'LWS_LEADER_ADDRESS')).toBe(address);
        expect(envOf(pod, 'LWS_GROUP_SIZE')).toBe(String(SIZE));
        expect(envOf(pod, 'LWS_WORKER_INDEX')).toBe(String(rank));
        expect(standinLines(ns, pod.metadata.name, 'ok')).toEqual([
          { pod: pod.metadata.name, leader: address, port: 29500, nnodes: SIZE, rank },
        ]);
      }
      // The worker reached its own group's leader at that address, with its rank and the group size.
      await poll(`${worker.metadata.name} joined its leader`, () =>
        standinLines(ns, leader.metadata.name, 'joined').length > 0 ? true : undefined,
      );
      expect(standinLines(ns, leader.metadata.name, 'joined')).toEqual([
        { pod: worker.metadata.name, rank: 1, size: SIZE },
      ]);
    }

    const base = await serviceUrl(ns, 'mock-multinode-frontend');
    const { completion } = await waitServing(base, ns);
    expectServed(completion);
  });

  test('a change to the pod template rolls the LeaderWorkerSet one group at a time', async () => {
    const k = kube();
    const before = (await pods(ns, setPods)).map((p) => p.metadata.labels?.[REVISION]);
    expect(new Set(before).size).toBe(1);
    const oldRevision = before[0];

    // Each sample: per group, its revision (or 'mixed'/'none') and whether all its pods are Ready.
    type Sample = { revision: string; ready: boolean }[];
    const samples: Sample[] = [];
    const sample = async (): Promise<Sample> => {
      const list = (await pods(ns, setPods)).filter((p) => !p.metadata.deletionTimestamp);
      return Array.from({ length: GROUPS }, (_, g) => {
        const group = list.filter((p) => p.metadata.labels?.[GROUP] === String(g));
        const revisions = new Set(group.map((p) => p.metadata.labels?.[REVISION]));
        return {
          revision: group.length === 0 ? 'none' : revisions.size === 1 ? [...revisions][0]! : 'mixed',
          ready: group.length === SIZE && group.every(isReady),
        };
      });
    };

    const started = Date.now();
    applyYaml(
      cliOk(
        'render',
        graphFile(dir, 'multinode.yaml', ns, (t) =>
          t.replace(
            '              args: [--model-path',
            '              env: [{ name: STANDIN_ROLLOUT, value: "2" }]\n              args: [--model-path',
          ),
        ),
      ),
    );
    const done = await poll(
      'every group on a new revision and Ready',
      async () => {
        const s = await sample();
        samples.push(s);
        return s.every((g) => g.ready && g.revision !== oldRevision && g.revision !== 'mixed' && g.revision !== 'none')
          ? s
          : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 500, context: lwsContext },
    );
    report(
      'multinode rollout (2 groups): apply -> every group replaced and Ready',
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const newRevision = done[0].revision;
    expect(done.every((g) => g.revision === newRevision)).toBe(true);

    // Each group in each sample: serving the old revision, serving the new one, or being replaced.
    const states = samples.map((s) =>
      s.map((g) =>
        g.ready && g.revision === oldRevision ? 'old' : g.ready && g.revision === newRevision ? 'new' : 'moving',
      ),
    );
    // One group at a time (maxUnavailable 1, maxSurge 0): never both being replaced (or down) ...
    expect(states.filter((s) => s.every((g) => g === 'moving'))).toEqual([]);
    // ... and a group was replaced while the other still served the old revision.
    expect(states.some((s) => s.includes('old') && s.some((g) => g !== 'old'))).toBe(true);
    const first = states.find((s) => s.some((g) => g !== 'old'))!;
    // ... and the other group only once the first served the new revision.
    const firstGroup = first.findIndex((g) => g !== 'old');
    expect(states.find((s) => s[1 - firstGroup] !== 'old')?.[firstGroup]).toBe('new');
    report('multinode rollout: first group replaced', `group ${firstGroup} (${samples.length} samples)`);

    const set = await k.get<Live>(LWS_API, 'LeaderWorkerSet', LWS, ns);
    expect(set?.status?.updatedReplicas).toBe(GROUPS);
    // The new pods carry the change and still agree with LWS (the stand-in checked again).
    for (const pod of (await pods(ns, setPods)).filter((p) => !p.metadata.deletionTimestamp)) {
      expect(envOf(pod, 'STANDIN_ROLLOUT')).toBe('2');
      expect(standinLines(ns, pod.metadata.name, 'ok')).toHaveLength(1);
    }
    // The new leaders serve.
    expectServed((await waitServing(await serviceUrl(ns, 'mock-multinode-frontend'), ns)).completion);
  });

  test('a disaggregated multinode graph on a DisaggregatedSet: a LeaderWorkerSet per role, Ready, the graph Ready, served', async () => {
    const dsNs = await namespace('e2e-disagg-set');
    const set = 'mock-multinode-disagg';
    const setPods = `disaggregatedset.x-k8s.io/name=${set}`;
    const context = () => `${describePods(dsNs)}\n--- lws-manager log tail\n${lws?.log().slice(-3000)}`;
    try {
      // The operator learns which workload APIs are served when it starts: it started before this
      // file installed LeaderWorkerSet's CRDs, so it restarts, as after installing LWS in a cluster.
      kubectl(['-n', OPERATOR_NAMESPACE, 'delete', 'pod', '-l', OPERATOR_SELECTOR, '--wait=true']);
      await waitPodsReady(OPERATOR_NAMESPACE, OPERATOR_SELECTOR, 1);
      const applied = Date.now();
      applyYaml(cliOk('render', graphFile(dir, 'multinode.yaml', dsNs, disaggregated)));
      const k = kube();
      // The set writes no status of its own: each role's LeaderWorkerSet says whether its group is Ready.
      await poll(
        `DisaggregatedSet ${set}: each role's LeaderWorkerSet with its group Ready`,
        async () => {
          const roleSets = await k.list<Live>(LWS_API, 'LeaderWorkerSet', { namespace: dsNs, labelSelector: setPods });
          return roleSets.length === 2 && roleSets.every((l) => l.status?.readyReplicas === 1) ? roleSets : undefined;
        },
        { timeoutMs: 240_000, intervalMs: 1000, context },
      );
      const all = await waitPodsReady(dsNs, setPods, 2 * SIZE);
      report(
        'disaggregated multinode graph: kubectl apply -> DisaggregatedSet roles Ready',
        `${((Date.now() - applied) / 1000).toFixed(1)} s`,
      );
      for (const role of ['prefill', 'decode']) {
        const rolePods = all.filter((p) => p.metadata.labels?.['disaggregatedset.x-k8s.io/role'] === role);
        expect(rolePods.map((p) => p.metadata.labels?.role).sort()).toEqual(['leader', 'worker']);
        for (const pod of rolePods) expect(standinLines(dsNs, pod.metadata.name, 'ok')).toHaveLength(1);
      }
      // The runtime operator read the roles' LeaderWorkerSets into the graph's status.
      await k.waitForCondition('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'mock-multinode', dsNs, 'Ready', {
        timeoutMs: 120_000,
      });
      expectServed((await waitServing(await serviceUrl(dsNs, 'mock-multinode-frontend'), dsNs)).completion);
    } finally {
      await deleteNamespace(dsNs);
    }
  });
});

/** multinode.yaml as a disaggregated graph: its multinode worker as a prefill and a decode component, opted in to a DisaggregatedSet. */
function disaggregated(text: string): string {
  const doc = parse(text);
  doc.metadata.annotations = { 'nvidia.com/enable-disaggregatedset': 'true' };
  const [frontend, worker] = doc.spec.components;
  const role = (name: string, type: string) => {
    const c = structuredClone(worker);
    Object.assign(c, { name, type, replicas: 1 });
    c.podTemplate.spec.containers[0].args = [
      '--model-path',
      '/models/tiny',
      '--model-name',
      'tiny',
      '--disaggregation-mode',
      type,
    ];
    return c;
  };
  doc.spec.components = [frontend, role('Prefill', 'prefill'), role('Decode', 'decode')];
  return stringify(doc);
}
