/**
 * Our rendered multinode output under the real LeaderWorkerSet controller (LWS v0.10.0, its
 * webhooks included: test/cluster/lws-controller.ts), on an API server of its own, with the real
 * StatefulSet controller (a second kube-controller-manager running only that controller). No
 * kubelet runs here, so pods are created and never run: this proves what LWS makes of our objects
 * — its webhooks accept the set, the leader StatefulSet, one leader pod per group, a worker
 * StatefulSet per leader and the worker pods, each pod with the leader address, group size and
 * worker index our rendered args refer to; and, with this test writing pod status as a kubelet
 * would (pods Ready as soon as they exist), that a changed template rolls the set one group at a
 * time. That the pods really run, agree and roll is the e2e suite's `multinode.test.ts`.
 */
import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { parse } from 'yaml';
import { loadGraph, resolveSettings } from '../../src/api';
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { crdManifests } from '../../src/crds';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { loadKubeConfig } from '../../src/operator/runtime/kube/kubeconfig';
import { renderGraph } from '../../src/render';
import { cachedTestBinaries, startTestCluster, TestCluster } from './harness';
import { KubeClient, poll, ServerObject, uniqueName } from './kube';
import { LwsController, startLwsController } from './lws-controller';

const ROOT = path.resolve(__dirname, '..', '..');
const LWS_API = 'leaderworkerset.x-k8s.io/v1';
const LWS = 'mock-multinode-worker-0';
type Live = ServerObject & { spec?: any; status?: any };
type EnvVar = { name: string; value?: string };

let cluster: TestCluster | undefined;
let kube: KubeClient;
let ns: string;
let lws: LwsController | undefined;
let statefulSets: ChildProcess | undefined;
let rendered: ServerObject[];
let certs: string | undefined;

/** The e2e graph (two groups of two pods), rendered in-process (the CLI's render) into namespace `ns`. */
function renderMultinode(namespace: string, workerEnv: EnvVar[] = []): ServerObject[] {
  const doc = parse(fs.readFileSync(path.join(ROOT, 'test', 'e2e', 'graphs', 'multinode.yaml'), 'utf8'));
  doc.metadata.namespace = namespace;
  if (workerEnv.length > 0) doc.spec.components[1].podTemplate.spec.containers[0].env = workerEnv;
  const { model, problems } = loadGraph(doc);
  if (problems.some((p) => p.severity !== 'warning')) throw new Error(JSON.stringify(problems));
  return renderGraph(model! as ValidatedGraph, resolveSettings({})) as ServerObject[];
}

beforeAll(async () => {
  const bins = cachedTestBinaries('cluster', 'lws');
  // An API server of its own: LWS's real CRD and webhooks must not meet the suite's LWS stand-in.
  cluster = await startTestCluster({
    binaries: {
      etcd: bins.ETCD,
      kubeApiserver: bins.KUBE_APISERVER,
      kubeControllerManager: bins.KUBE_CONTROLLER_MANAGER,
    },
  });
  kube = new KubeClient(new KubeApi(loadKubeConfig({ kubeconfig: cluster.kubeconfigPath })));
  for (const crd of crdManifests()) await kube.installCrd(crd as ServerObject);
  ns = uniqueName('lws');
  await kube.createNamespace(ns);
  lws = await startLwsController(kube, cluster.kubeconfigPath, {
    LWS_MANAGER: bins.LWS_MANAGER,
    LWS_CRDS: bins.LWS_CRDS,
  });
  const port = await new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
  certs = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-sts-kcm-'));
  statefulSets = spawn(
    bins.KUBE_CONTROLLER_MANAGER,
    [
      `--kubeconfig=${cluster.kubeconfigPath}`,
      '--controllers=statefulset',
      '--leader-elect=false',
      '--bind-address=127.0.0.1',
      `--secure-port=${port}`,
      `--cert-dir=${certs}`,
      '--authentication-skip-lookup=true',
    ],
    { stdio: 'ignore' },
  );
  rendered = renderMultinode(ns);
}, 180_000);

afterAll(async () => {
  statefulSets?.kill('SIGTERM');
  await lws?.stop();
  kube?.close();
  await cluster?.stop();
  if (certs) fs.rmSync(certs, { recursive: true, force: true });
});

const envOf = (pod: Live) => Object.fromEntries((pod.spec.containers[0].env as EnvVar[]).map((e) => [e.name, e.value]));

test('LWS accepts the rendered set and makes each group a leader pod and a worker StatefulSet, every pod told its leader, size and rank', async () => {
  for (const obj of rendered) await kube.apply(obj, { fieldManager: 'dynamo-iac-test', fieldValidation: 'Strict' });
  const context = () => `--- lws-manager log tail\n${lws?.log().slice(-3000)}`;

  // Both webhooks left our spec alone: it already says what LWS defaults to.
  const set = (await kube.get<Live>(LWS_API, 'LeaderWorkerSet', LWS, ns))!;
  const ours = rendered.find((o) => o.kind === 'LeaderWorkerSet') as Live;
  expect(set.spec.rolloutStrategy).toEqual(ours.spec.rolloutStrategy);
  expect(set.spec.networkConfig).toEqual(ours.spec.networkConfig);
  expect(set.spec.leaderWorkerTemplate.restartPolicy).toBe('RecreateGroupOnPodRestart');

  const leaders = await poll(
    'the leader StatefulSet with 2 replicas',
    async () => {
      const sts = await kube.get<Live>('apps/v1', 'StatefulSet', LWS, ns);
      return sts?.spec.replicas === 2 ? sts : undefined;
    },
    { timeoutMs: 60_000, context },
  );
  expect(leaders.spec.serviceName).toBe(LWS);
  // The headless Service the leader address resolves through (subdomainPolicy Shared).
  const svc = await poll('the headless Service', () => kube.get<Live>('v1', 'Service', LWS, ns), {
    timeoutMs: 30_000,
    context,
  });
  expect(svc.spec.clusterIP).toBe('None');

  // Worker StatefulSets appear once their leader pod exists (startupPolicy LeaderCreated).
  const podsOf = () =>
    kube.list<Live>('v1', 'Pod', { namespace: ns, labelSelector: `leaderworkerset.sigs.k8s.io/name=${LWS}` });
  const all = await poll(
    '2 leader and 2 worker pods',
    async () => ((await podsOf()).length === 4 ? podsOf() : undefined),
    {
      timeoutMs: 90_000,
      context,
    },
  );
  for (let g = 0; g < 2; g++) {
    const leader = all.find((p) => p.metadata.name === `${LWS}-${g}`)!;
    const worker = all.find((p) => p.metadata.name === `${LWS}-${g}-1`)!;
    expect(leader.metadata.labels).toMatchObject({
      'leaderworkerset.sigs.k8s.io/group-index': String(g),
      'leaderworkerset.sigs.k8s.io/worker-index': '0',
      role: 'leader',
    });
    expect(worker.metadata.labels).toMatchObject({
      'leaderworkerset.sigs.k8s.io/group-index': String(g),
      'leaderworkerset.sigs.k8s.io/worker-index': '1',
      role: 'worker',
    });
    const address = `${LWS}-${g}.${LWS}.${ns}`;
    for (const [pod, rank] of [
      [leader, '0'],
      [worker, '1'],
    ] as const) {
      expect(pod.spec.subdomain).toBe(LWS);
      expect(envOf(pod)).toMatchObject({ LWS_LEADER_ADDRESS: address, LWS_GROUP_SIZE: '2', LWS_WORKER_INDEX: rank });
      // Our flags name those variables; the kubelet expands them (proven on the real node).
      const args: string[] = pod.spec.containers[0].args;
      expect(args.slice(args.indexOf('--dist-init-addr'))).toEqual([
        '--dist-init-addr',
        '$(LWS_LEADER_ADDRESS):29500',
        '--nnodes',
        '2',
        '--node-rank',
        rank === '0' ? '0' : '$(LWS_WORKER_INDEX)',
      ]);
    }
    const workers = await kube.get<Live>('apps/v1', 'StatefulSet', `${LWS}-${g}`, ns);
    expect(workers?.spec.replicas).toBe(1);
  }
});

test('a changed pod template rolls the set one group at a time (pod readiness written by the test, as a kubelet would)', async () => {
  const REVISION = 'leaderworkerset.sigs.k8s.io/template-revision-hash';
  const GROUP = 'leaderworkerset.sigs.k8s.io/group-index';
  const podsOf = async () =>
    (
      await kube.list<Live>('v1', 'Pod', { namespace: ns, labelSelector: `leaderworkerset.sigs.k8s.io/name=${LWS}` })
    ).filter((p) => !p.metadata.deletionTimestamp);
  const ready = (p: Live) =>
    (p.status?.conditions ?? []).some(
      (c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True',
    );
  /** The kubelet's part: every pod that exists runs and is Ready. */
  const runPods = async (list: Live[]) => {
    for (const p of list.filter((x) => !ready(x))) {
      await kube.patchStatus(p, {
        phase: 'Running',
        conditions: [
          { type: 'PodScheduled', status: 'True' },
          { type: 'Initialized', status: 'True' },
          { type: 'ContainersReady', status: 'True' },
          { type: 'Ready', status: 'True' },
        ],
      });
    }
  };
  const context = () => `--- lws-manager log tail\n${lws?.log().slice(-3000)}`;
  await poll(
    'the first revision Available',
    async () => {
      await runPods(await podsOf());
      const set = await kube.get<Live>(LWS_API, 'LeaderWorkerSet', LWS, ns);
      return set?.status?.readyReplicas === 2 ? true : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 500, context },
  );
  const oldRevision = (await podsOf())[0].metadata.labels![REVISION];

  for (const obj of renderMultinode(ns, [{ name: 'STANDIN_ROLLOUT', value: '2' }]))
    await kube.apply(obj, { fieldManager: 'dynamo-iac-test', fieldValidation: 'Strict' });
  // Per group: 'old' / 'new' when all its pods are Ready on one revision, else 'moving'.
  const states: string[][] = [];
  await poll(
    'every group Ready on the new revision',
    async () => {
      const list = await podsOf();
      const state = [0, 1].map((g) => {
        const group = list.filter((p) => p.metadata.labels?.[GROUP] === String(g));
        const revisions = new Set(group.map((p) => p.metadata.labels?.[REVISION]));
        if (group.length !== 2 || revisions.size !== 1 || !group.every(ready)) return 'moving';
        return revisions.has(oldRevision) ? 'old' : 'new';
      });
      states.push(state);
      await runPods(list);
      return state.every((g) => g === 'new') ? true : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 200, context },
  );

  const steps = states.map((s) => s.join('/')).filter((s, i, all) => i === 0 || s !== all[i - 1]);
  process.stderr.write(`[lws] rollout, groups 0/1: ${steps.join(' -> ')}\n`);
  // Never both groups being replaced; group 1 first (a StatefulSet partition counts down) while
  // group 0 served the old revision, and group 0 only once group 1 served the new one.
  expect(states.filter((s) => s.every((g) => g === 'moving'))).toEqual([]);
  expect(states.find((s) => s.some((g) => g !== 'old'))).toEqual(['old', 'moving']);
  expect(states.find((s) => s[0] !== 'old')?.[1]).toBe('new');
  const set = await kube.get<Live>(LWS_API, 'LeaderWorkerSet', LWS, ns);
  expect(set?.status?.updatedReplicas).toBe(2);
  for (const p of await podsOf()) expect(envOf(p).STANDIN_ROLLOUT).toBe('2');
});

/** The e2e graph made disaggregated: its multinode worker as a prefill and a decode role, opted in to a DisaggregatedSet. */
function renderDisaggregated(namespace: string): ServerObject[] {
  const doc = parse(fs.readFileSync(path.join(ROOT, 'test', 'e2e', 'graphs', 'multinode.yaml'), 'utf8'));
  doc.metadata.namespace = namespace;
  doc.metadata.annotations = { 'nvidia.com/enable-disaggregatedset': 'true' };
  const worker = doc.spec.components[1];
  doc.spec.components = [
    doc.spec.components[0],
    { ...worker, name: 'Prefill', type: 'prefill', replicas: 1 },
    { ...worker, name: 'Decode', type: 'decode', replicas: 2 },
  ];
  const { model, problems } = loadGraph(doc);
  if (problems.some((p) => p.severity !== 'warning')) throw new Error(JSON.stringify(problems));
  return renderGraph(model! as ValidatedGraph, resolveSettings({})) as ServerObject[];
}

test('a graph opted in to a DisaggregatedSet: LWS accepts the set and runs each role as a LeaderWorkerSet of its own, its pods told their leader', async () => {
  const DS_API = 'disaggregatedset.x-k8s.io/v1';
  const dsNs = uniqueName('ds');
  await kube.createNamespace(dsNs);
  const objects = renderDisaggregated(dsNs);
  expect(objects.filter((o) => o.kind === 'LeaderWorkerSet')).toEqual([]);
  for (const obj of objects) await kube.apply(obj, { fieldManager: 'dynamo-iac-test', fieldValidation: 'Strict' });
  const context = () => `--- lws-manager log tail\n${lws?.log().slice(-3000)}`;

  // The set's webhook and CEL rules accepted it as rendered; its controller made one set per role.
  const set = (await kube.get<Live>(DS_API, 'DisaggregatedSet', 'mock-multinode-disagg', dsNs))!;
  expect(set.spec.roles.map((r: { name: string }) => r.name)).toEqual(['prefill', 'decode']);
  const children = await poll(
    'a LeaderWorkerSet per role',
    async () => {
      const list = await kube.list<Live>(LWS_API, 'LeaderWorkerSet', {
        namespace: dsNs,
        labelSelector: 'disaggregatedset.x-k8s.io/name=mock-multinode-disagg',
      });
      return list.length === 2 ? list : undefined;
    },
    { timeoutMs: 60_000, context },
  );
  for (const [role, component, replicas] of [
    ['prefill', 'Prefill', 1],
    ['decode', 'Decode', 2],
  ] as const) {
    const child = children.find((l) => l.metadata.labels?.['disaggregatedset.x-k8s.io/role'] === role)!;
    // The role's metadata reached the set it made: the operator and Services find it by our labels.
    expect(child.metadata.labels).toMatchObject({ 'nvidia.com/dynamo-component': component });
    expect(child.spec.replicas).toBe(replicas);
    const name = child.metadata.name;
    const pods = await poll(
      `${role}: a leader and a worker pod per group`,
      async () => {
        const list = await kube.list<Live>('v1', 'Pod', {
          namespace: dsNs,
          labelSelector: `leaderworkerset.sigs.k8s.io/name=${name}`,
        });
        return list.length === 2 * replicas ? list : undefined;
      },
      { timeoutMs: 90_000, context },
    );
    // The component's Service selects exactly its leader pods.
    const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === `mock-multinode-${role}`) as Live;
    const selected = pods.filter((p) =>
      Object.entries(service.spec.selector as Record<string, string>).every(([k, v]) => p.metadata.labels?.[k] === v),
    );
    expect(selected.map((p) => p.metadata.name).sort()).toEqual(
      Array.from({ length: replicas }, (_, g) => `${name}-${g}`).sort(),
    );
    for (const pod of pods) {
      const group = pod.metadata.labels!['leaderworkerset.sigs.k8s.io/group-index'];
      expect(envOf(pod)).toMatchObject({ LWS_LEADER_ADDRESS: `${name}-${group}.${name}.${dsNs}`, LWS_GROUP_SIZE: '2' });
    }
  }
});
