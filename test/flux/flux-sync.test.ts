/**
 * Flux's own kustomize-controller reconciles the repository `dynamo-iac gitops` writes, against
 * the test cluster. The test does only what no controller here does:
 *  - source-controller's part (./git-source.ts): each commit of a local Git repository packaged,
 *    served on 127.0.0.1 and announced in the GitRepository's status;
 *  - the kubelet's part: the runtime operator's Deployment "runs" as `dynamo-iac operator` with
 *    the Deployment's args (./operator-pod.ts), and workloads get the status their pods would give.
 * The GitRepository and the three Kustomizations are applied exactly as `dynamo-iac gitops
 * --flux-url` wrote them into flux/ (the bootstrap `kubectl apply -k flux/`); every assertion
 * reads what Flux did from the cluster and from the Kustomizations' status.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Testing } from 'cdk8s';
import { parse, stringify } from 'yaml';
import { addExampleGitOps } from '../../examples/gitops';
import { buildExampleApp } from '../../examples/app';
import { fluxCrds } from '../cluster/crds/flux';
import { thirdPartyCrds } from '../cluster/crds/third-party';
import { KubeClient, ServerObject, poll } from '../cluster/kube';
import { lostOrChanged } from '../cluster/read-back';
import { GitSource } from './git-source';
import { FLUX_NAMESPACE, startKustomizeController } from './kustomize-controller';
import { startOperatorPod, waitOperatorReady } from './operator-pod';
import { Process } from './process';
import { markDeploymentAvailable, markDeploymentFailed, markLeaderWorkerSetReady } from './workloads';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bin', 'dynamo-iac');
const GRAPHS = path.join(__dirname, 'graphs');
const KS = 'kustomize.toolkit.fluxcd.io/v1';
const DGD = 'nvidia.com/v1beta1';
const ADAPTER = 'nvidia.com/v1alpha1';
const LAYERS = ['crds', 'platform', 'graphs'] as const;
type Layer = (typeof LAYERS)[number];
// Never contacted: the test is the source-controller.
const FLUX_URL = 'https://git.example/dynamo-deploy';
const LLM = 'dynamo-llm';
const LEGACY = 'dynamo-legacy';
const OPERATOR_NS = 'dynamo-system';
/** The field manager of what the test itself applies (CRDs, the flux-system Namespace, dry runs). */
const TEST_MANAGER = 'dynamo-iac-test';

/** An object read back from the cluster: the test reads its spec and status as the server wrote them. */
type Live = ServerObject & { spec?: any; status?: any };

let kube: KubeClient;
let kubeconfig: string;
let source: GitSource;
let controller: Process;
let operator: Process | undefined;
let work: string;
let gitRepository: ServerObject;

// ---------------------------------------------------------------------------------------------
// the CLI and the repository

function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const env = { ...process.env, NODE_OPTIONS: '' };
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `dynamo-iac gitops` into the repository, as a user would run it before committing. */
function gitops(...graphFiles: string[]) {
  // Stable workload names: this is about adapter ownership and prune through Flux, not worker generations.
  const settings = path.join(work, 'settings.yaml');
  fs.writeFileSync(settings, 'workerRollout: in-place\n');
  return cli(
    'gitops',
    '-o',
    source.dir,
    '--settings',
    settings,
    '--create-namespaces',
    '--monitoring',
    '--flux-url',
    FLUX_URL,
    ...graphFiles,
  );
}

/** A copy of test/flux/graphs/<name> with `edit` applied, in the work directory. */
function editedGraph(name: string, edit: (doc: any) => void): string {
  const doc = parse(fs.readFileSync(path.join(GRAPHS, name), 'utf8'));
  edit(doc);
  const file = path.join(work, name);
  fs.writeFileSync(file, stringify(doc));
  return file;
}
const withoutPrefill = () =>
  editedGraph('llm.yaml', (d) => (d.spec.components = d.spec.components.filter((c: any) => c.name !== 'prefill')));

interface RepoObject {
  file: string;
  object: ServerObject;
}

/** Every object of a layer in the work tree: each .yaml file but the kustomization.yaml files. */
function layerObjects(layer: Layer): RepoObject[] {
  const dir = path.join(source.dir, layer);
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .sort()
    .filter((f) => f.endsWith('.yaml') && path.basename(f) !== 'kustomization.yaml')
    .map((f) => ({ file: `${layer}/${f}`, object: parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ServerObject }));
}

/** Flux's inventory id: `<namespace>_<name>_<group>_<kind>`. */
const inventoryId = (o: ServerObject) =>
  `${o.metadata.namespace ?? ''}_${o.metadata.name}_${o.apiVersion.includes('/') ? o.apiVersion.split('/')[0] : ''}_${o.kind}`;

// ---------------------------------------------------------------------------------------------
// Flux's status

const ksName = (layer: Layer) => `dynamo-${layer}`;
const kustomization = (layer: Layer) => kube.get<Live>(KS, 'Kustomization', ksName(layer), FLUX_NAMESPACE);
const readyOf = (k: Live | undefined) => (k?.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
const inventoryOf = (k: Live) =>
  ((k.status?.inventory?.entries ?? []) as Array<{ id: string }>).map((e) => e.id).sort();
/** The object an inventory entry names, read from the cluster (undefined when gone). */
function getInventoryEntry(k: Live, id: string): Promise<Live | undefined> {
  const { v } = (k.status.inventory.entries as Array<{ id: string; v: string }>).find((e) => e.id === id)!;
  const [namespace, name, group, kind] = id.split('_');
  return kube.get<Live>(group ? `${group}/${v}` : v, kind, name, namespace || undefined);
}

async function fluxState(): Promise<string> {
  const lines = await Promise.all(
    LAYERS.map(async (l) => {
      const k = await kustomization(l);
      const r = readyOf(k);
      return `${ksName(l)}: Ready=${r?.status} ${r?.reason}: ${r?.message} (applied ${k?.status?.lastAppliedRevision}, attempted ${k?.status?.lastAttemptedRevision})`;
    }),
  );
  const graphs = await Promise.all(
    [
      [LLM, 'llm'],
      [LEGACY, 'legacy'],
    ].map(async ([ns, name]) => {
      const g = await kube.get<Live>(DGD, 'DynamoGraphDeployment', name, ns);
      return g
        ? `DGD ${ns}/${name}: generation ${g.metadata.generation}, status ${JSON.stringify(g.status)}`
        : `DGD ${ns}/${name}: none`;
    }),
  );
  const ks = await kustomization('graphs');
  return [
    ...lines,
    ...graphs,
    `graphs conditions: ${JSON.stringify(ks?.status?.conditions)}`,
    controller.tail(30),
    operator?.tail(15) ?? '',
  ].join('\n');
}

function waitKustomization(layer: Layer, what: string, pred: (k: Live) => boolean): Promise<Live> {
  return poll(
    `${ksName(layer)}: ${what}`,
    async () => {
      const k = await kustomization(layer);
      if (k && pred(k)) return k;
      // Stalled means Flux will not retry (a configuration error): no point waiting.
      const stalled = (k?.status?.conditions ?? []).find((c: any) => c.type === 'Stalled' && c.status === 'True');
      if (stalled)
        throw new Error(`${ksName(layer)} is stalled (${stalled.reason}): ${stalled.message}\n${await fluxState()}`);
      return undefined;
    },
    { timeoutMs: 240_000, context: fluxState },
  );
}

/** Ready=True for `revision`: applied, pruned and healthy. */
const readyAt = (layer: Layer, revision: string) =>
  waitKustomization(
    layer,
    `Ready at ${revision}`,
    (k) => readyOf(k)?.status === 'True' && k.status.lastAppliedRevision === revision,
  );

/** `flux reconcile kustomization <name>`: request a reconcile and wait until Flux has finished it. */
async function reconcileNow(layer: Layer): Promise<Live> {
  const token = new Date().toISOString();
  await kube.mergePatch(KS, 'Kustomization', ksName(layer), FLUX_NAMESPACE, {
    metadata: { annotations: { 'reconcile.fluxcd.io/requestedAt': token } },
  });
  return waitKustomization(layer, `reconcile ${token} handled`, (k) => k.status?.lastHandledReconcileAt === token);
}

async function commitAndPublish(message: string): Promise<string> {
  source.commit(message);
  return source.publish(kube, gitRepository);
}

// ---------------------------------------------------------------------------------------------
// the cluster

const managersOf = (o: ServerObject) =>
  ((o.metadata.managedFields ?? []) as Array<{ manager: string; operation: string }>).map(
    (m) => `${m.manager}/${m.operation}`,
  );
const replicaOwners = (o: ServerObject) =>
  ((o.metadata.managedFields ?? []) as Array<{ manager: string; fieldsV1?: any }>)
    .filter((m) => m.fieldsV1?.['f:spec']?.['f:replicas'] !== undefined)
    .map((m) => m.manager);
/** The API server leaves out an empty `properties` map of a CRD schema (omitempty): nothing is lost. */
function withoutEmptyProperties<T>(v: T): T {
  if (Array.isArray(v)) return v.map(withoutEmptyProperties) as T;
  if (typeof v !== 'object' || v === null) return v;
  const isEmpty = (x: unknown) =>
    typeof x === 'object' && x !== null && !Array.isArray(x) && Object.keys(x).length === 0;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k, x]) => !(k === 'properties' && isEmpty(x)))
      .map(([k, x]) => [k, withoutEmptyProperties(x)]),
  ) as T;
}
const getObject = (o: ServerObject) => kube.get<Live>(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace);

/** Every Deployment of the graph layer reports its pods up, as the kubelet and the Deployment controller would. */
async function markGraphWorkloadsAvailable(): Promise<void> {
  for (const { object } of layerObjects('graphs').filter((e) => e.object.kind === 'Deployment')) {
    await markDeploymentAvailable(kube, object.metadata.namespace!, object.metadata.name);
  }
}

const graphReady = (namespace: string, name: string, apiVersion = DGD) =>
  poll(
    `DGD ${namespace}/${name} Ready at its generation`,
    async () => {
      const g = await kube.get<Live>(apiVersion, 'DynamoGraphDeployment', name, namespace);
      const ok = g?.status?.observedGeneration === g?.metadata.generation && readyOf(g)?.status === 'True';
      return ok ? g : undefined;
    },
    { context: fluxState },
  );

// ---------------------------------------------------------------------------------------------

let revision1: string;
let firstInventory: Record<Layer, string[]>;

beforeAll(async () => {
  kubeconfig = process.env.DYNAMO_IAC_TEST_KUBECONFIG!;
  const binary = process.env.DYNAMO_IAC_KUSTOMIZE_CONTROLLER;
  if (!kubeconfig || !binary)
    throw new Error(
      'run with `npm run test:flux` (needs the test cluster and kustomize-controller from its global setup)',
    );
  kube = KubeClient.fromTestEnv();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-flux-'));
  // Flux's real CRDs; stand-ins for the other third-party kinds (ServiceMonitor, LeaderWorkerSet here).
  for (const crd of [...fluxCrds(), ...thirdPartyCrds()])
    await kube.installCrd(crd as ServerObject, {
      fieldManager: TEST_MANAGER,
      fieldValidation: 'Strict',
      timeoutMs: 180_000,
    });
  await kube.apply(
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: FLUX_NAMESPACE } },
    { fieldManager: TEST_MANAGER, fieldValidation: 'Strict' },
  );

  source = await GitSource.start();
  const first = gitops(path.join(GRAPHS, 'llm.yaml'), path.join(GRAPHS, 'legacy.yaml'));
  if (first.code !== 0) throw new Error(`dynamo-iac gitops failed: ${first.stderr}`);
  source.commit('dynamo: first deploy');

  // Bootstrap: the Flux objects as dynamo-iac wrote them (`kubectl apply --server-side -k flux/`).
  const flux = (fs.readdirSync(path.join(source.dir, 'flux')) as string[])
    .filter((f) => f !== 'kustomization.yaml')
    .sort()
    .map((f) => parse(fs.readFileSync(path.join(source.dir, 'flux', f), 'utf8')) as ServerObject);
  for (const o of flux) await kube.apply(o, { fieldManager: 'kubectl', fieldValidation: 'Strict' });
  gitRepository = flux.find((o) => o.kind === 'GitRepository')!;
  revision1 = await source.publish(kube, gitRepository);
  controller = startKustomizeController(binary, kubeconfig);
}, 300_000);

afterAll(async () => {
  await controller?.stop();
  await operator?.stop();
  await source?.stop();
  kube?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test("the Flux objects dynamo-iac writes are accepted by Flux's CRDs as they are (CLI: applied above; DynamoFluxSync: dry run)", async () => {
  expect(gitRepository.spec).toMatchObject({ url: FLUX_URL, ref: { branch: 'main' } });
  for (const layer of LAYERS)
    expect((await kustomization(layer))!.spec.sourceRef).toEqual({ kind: 'GitRepository', name: 'dynamo' });
  const example = addExampleGitOps(buildExampleApp(Testing.app()))
    .charts.find((c) => c.node.id === 'flux')!
    .toJson() as ServerObject[];
  expect(example.map((o) => o.kind).sort()).toEqual([
    'Kustomization',
    'Kustomization',
    'Kustomization',
    'OCIRepository',
  ]);
  for (const o of example) {
    await kube.apply(o, { fieldManager: TEST_MANAGER, fieldValidation: 'Strict', dryRun: true, force: false });
  }
});

test('Flux applies the CRDs, then the platform, and holds the graphs back until the platform is healthy', async () => {
  const crds = await readyAt('crds', revision1);
  expect(readyOf(crds)).toMatchObject({ reason: 'ReconciliationSucceeded', message: `Applied revision: ${revision1}` });

  // The platform is applied, and its health check waits for the operator Deployment, which no pod backs yet.
  const deployment = await poll(
    'the operator Deployment, applied by Flux',
    () => kube.get<Live>('apps/v1', 'Deployment', 'dynamo-iac-operator', OPERATOR_NS),
    { context: fluxState },
  );
  const graphs = await waitKustomization(
    'graphs',
    'waiting for its dependency',
    (k) => readyOf(k)?.reason === 'DependencyNotReady',
  );
  expect(readyOf(graphs)).toMatchObject({
    status: 'False',
    message: expect.stringContaining(`'${FLUX_NAMESPACE}/dynamo-platform' is not ready`),
  });
  expect(readyOf(await kustomization('platform'))?.status).not.toBe('True');
  // Nothing of the graph layer exists yet, though its namespace does (the platform layer made it).
  expect(graphs.status.inventory).toBeUndefined();
  expect(await kube.get('v1', 'Namespace', LLM)).toBeDefined();
  expect(await kube.list('apps/v1', 'Deployment', { namespace: LLM })).toEqual([]);
  expect(await kube.get(DGD, 'DynamoGraphDeployment', 'llm', LLM)).toBeUndefined();

  // The operator's pod starts (the CLI with the Deployment's args) and becomes ready.
  operator = startOperatorPod(deployment, kubeconfig);
  await waitOperatorReady(operator);
  await markDeploymentAvailable(kube, OPERATOR_NS, 'dynamo-iac-operator');
  const platform = await readyAt('platform', revision1);

  // Now the graphs layer goes ahead.
  const applied = await waitKustomization(
    'graphs',
    `applied ${revision1}`,
    (k) => k.status?.lastAttemptedRevision === revision1 && !!k.status?.inventory,
  );
  expect(applied.status.inventory.entries.length).toBeGreaterThan(0);
  const since = (k: Live) => Date.parse(readyOf(k).lastTransitionTime);
  expect(since(platform)).toBeGreaterThanOrEqual(since(crds));
  firstInventory = { crds: inventoryOf(crds), platform: inventoryOf(platform), graphs: inventoryOf(applied) };
});

test('every object in the repository exists in the cluster as written, applied by kustomize-controller', async () => {
  const problems: string[] = [];
  for (const layer of LAYERS) {
    const objects = layerObjects(layer);
    // Flux's inventory is exactly the layer's files.
    expect({ layer, inventory: firstInventory[layer] }).toEqual({
      layer,
      inventory: objects.map((e) => inventoryId(e.object)).sort(),
    });
    for (const { file, object } of objects) {
      const live = await getObject(object);
      if (!live) {
        problems.push(`${file}: not in the cluster`);
        continue;
      }
      problems.push(
        ...lostOrChanged(
          object.kind === 'CustomResourceDefinition' ? withoutEmptyProperties(object) : object,
          live,
        ).map((p) => `${file}: ${p}`),
      );
      if (!managersOf(live).includes('kustomize-controller/Apply'))
        problems.push(`${file}: managers ${managersOf(live).join(', ')}`);
      if (live.metadata.labels?.['kustomize.toolkit.fluxcd.io/name'] !== ksName(layer))
        problems.push(`${file}: not labelled as applied by ${ksName(layer)}`);
    }
  }
  expect(problems).toEqual([]);
  // The dashboard's `${datasource}` survived (no substitution ran, and the guard is there for when one does).
  const dashboard = layerObjects('platform').find((e) => e.object.kind === 'ConfigMap')!.object;
  expect(JSON.stringify(dashboard.data)).toContain('${datasource}');
  expect(dashboard.metadata.annotations).toMatchObject({ 'kustomize.toolkit.fluxcd.io/substitute': 'disabled' });
});

test('health checks: the graphs layer is Ready only once the operator reports every graph Ready (healthCheckExprs)', async () => {
  // No pod is up yet: the operator reports the graphs pending, so Flux keeps checking.
  const pending = await poll(
    'DGD llm pending',
    async () => {
      const g = await kube.get<Live>(DGD, 'DynamoGraphDeployment', 'llm', LLM);
      return g?.status?.state === 'pending' && g.status.observedGeneration === g.metadata.generation ? g : undefined;
    },
    { context: fluxState },
  );
  expect(readyOf(pending)).toMatchObject({ status: 'False' });
  expect((await kustomization('graphs'))!.status.lastAppliedRevision).toBeUndefined();

  // Every Deployment comes up (decode at the replicas the operator set from its scaling adapter).
  await poll(
    'llm-decode scaled by the operator to 2',
    async () =>
      (await kube.get<Live>('apps/v1', 'Deployment', 'llm-decode', LLM))?.spec.replicas === 2 ? true : undefined,
    { context: fluxState },
  );
  await markGraphWorkloadsAvailable();
  await graphReady(LEGACY, 'legacy', 'nvidia.com/v1alpha1');
  // Flux's own checks pass for every object now (a LeaderWorkerSet has nothing kstatus reads), but
  // the prefill leader/worker groups are not ready, the operator says so, and Flux follows the DGD.
  const waiting = await poll(
    'DGD llm waiting for prefill',
    async () => {
      const g = await kube.get<Live>(DGD, 'DynamoGraphDeployment', 'llm', LLM);
      return readyOf(g)?.message === 'Not ready: prefill' ? g : undefined;
    },
    { context: fluxState },
  );
  expect(readyOf(waiting)).toMatchObject({ status: 'False', reason: 'updating' });
  const checking = (await kustomization('graphs'))!;
  expect(readyOf(checking)).toMatchObject({ status: 'Unknown', reason: 'Progressing' });
  expect(checking.status.lastAppliedRevision).toBeUndefined();

  await markLeaderWorkerSetReady(kube, LLM, 'llm-prefill-0');
  await graphReady(LLM, 'llm');
  const graphs = await readyAt('graphs', revision1);
  expect(readyOf(graphs)).toMatchObject({
    reason: 'ReconciliationSucceeded',
    message: `Applied revision: ${revision1}`,
  });
  expect((graphs.status.conditions as any[]).find((c) => c.type === 'Healthy')).toMatchObject({ status: 'True' });
  const platform = await kustomization('platform');
  expect(Date.parse(readyOf(graphs).lastTransitionTime)).toBeGreaterThanOrEqual(
    Date.parse(readyOf(platform).lastTransitionTime),
  );
});

test("health checks: a graph the operator reports failed fails the graphs layer's health check, and it recovers", async () => {
  // The frontend's rollout passes its progress deadline; the operator marks the graph failed.
  await markDeploymentFailed(kube, LLM, 'llm-frontend');
  await poll(
    'DGD llm failed',
    async () =>
      (await kube.get<Live>(DGD, 'DynamoGraphDeployment', 'llm', LLM))?.status?.state === 'failed' ? true : undefined,
    { context: fluxState },
  );
  // The operator's pod restarts and, meanwhile, the frontend's pods come up: the Deployment is
  // healthy by Flux's own rules, and only the DGD status still says failed.
  const deployment = (await kube.get<Live>('apps/v1', 'Deployment', 'dynamo-iac-operator', OPERATOR_NS))!;
  expect(await operator!.stop()).toBe(0);
  await markDeploymentAvailable(kube, LLM, 'llm-frontend');
  const failed = await reconcileNow('graphs');
  expect(readyOf(failed)).toMatchObject({ status: 'False', reason: 'HealthCheckFailed' });
  expect(readyOf(failed).message).toMatch(
    new RegExp(`failed early due to stalled resources: \\[DynamoGraphDeployment/${LLM}/llm status: 'Failed'\\]$`),
  );

  operator = startOperatorPod(deployment, kubeconfig);
  await waitOperatorReady(operator);
  await graphReady(LLM, 'llm');
  const healthy = await reconcileNow('graphs');
  expect(readyOf(healthy)).toMatchObject({ status: 'True', reason: 'ReconciliationSucceeded' });
});

test("a scale through the scaling adapter survives Flux's next reconcile", async () => {
  const adapter = {
    apiVersion: ADAPTER,
    kind: 'DynamoGraphDeploymentScalingAdapter',
    metadata: { name: 'llm-decode', namespace: LLM },
  };
  await kube.mergePatch(ADAPTER, adapter.kind, adapter.metadata.name, LLM, { spec: { replicas: 5 } }, 'scale');
  await poll(
    'llm-decode scaled to 5 by the operator',
    async () =>
      (await kube.get<Live>('apps/v1', 'Deployment', 'llm-decode', LLM))?.spec.replicas === 5 ? true : undefined,
    { context: fluxState },
  );
  await markDeploymentAvailable(kube, LLM, 'llm-decode');
  await graphReady(LLM, 'llm');

  const after = await reconcileNow('graphs');
  expect(readyOf(after)).toMatchObject({ status: 'True', message: `Applied revision: ${revision1}` });
  const decode = (await kube.get<Live>('apps/v1', 'Deployment', 'llm-decode', LLM))!;
  expect(decode.spec.replicas).toBe(5);
  // Flux applied the Deployment and owns its other fields; replicas belongs to the operator alone.
  expect(managersOf(decode)).toContain('kustomize-controller/Apply');
  expect(replicaOwners(decode)).toEqual(['dynamo-iac-operator']);
  expect((await kube.get<Live>(ADAPTER, adapter.kind, adapter.metadata.name, LLM))!.spec.replicas).toBe(5);
});

test("a commit that removes a component while the operator is down: Flux prunes exactly that component's objects, and the graphs are healthy once the operator has seen the new graph", async () => {
  const previous = (await kustomization('graphs'))!;
  const before = inventoryOf(previous);
  const render = gitops(withoutPrefill(), path.join(GRAPHS, 'legacy.yaml'));
  expect(render.code).toBe(0);
  // The render says which files (objects) the component had: its LeaderWorkerSet and
  // Service, and the leader-wait script only multinode components use.
  const removedFiles = render.stderr
    .split('\n')
    .filter((l) => l.startsWith('removed '))
    .map((l) => l.slice('removed '.length))
    .sort();
  expect(removedFiles).toEqual(
    ['configmap-llm-wait-leader-script', 'leaderworkerset-llm-prefill-0', 'service-llm-prefill'].map(
      (f) => `graphs/${LLM}/llm/${f}.yaml`,
    ),
  );
  const removedIds = removedFiles
    .map((f) => inventoryId(parse(source.git('show', `HEAD:${f}`)) as ServerObject))
    .sort();
  // The operator's pod restarts during this rollout.
  const deployment = (await kube.get<Live>('apps/v1', 'Deployment', 'dynamo-iac-operator', OPERATOR_NS))!;
  expect(await operator!.stop()).toBe(0);
  const revision2 = await commitAndPublish('dynamo: drop the prefill workers');

  // Applied and pruned; the health check now runs on what was applied. (Flux writes conditions
  // and the rest of the status in two requests: wait for the inventory too.)
  const checking = await waitKustomization(
    'graphs',
    `checking the health of ${revision2}`,
    (k) =>
      (k.status?.conditions ?? []).some((c: any) => c.type === 'Healthy' && c.message?.includes(revision2)) &&
      !inventoryOf(k).some((id) => removedIds.includes(id)),
  );
  const pruned = before.filter((id) => !inventoryOf(checking).includes(id));
  expect(pruned).toEqual(removedIds);
  expect(inventoryOf(checking).filter((id) => !before.includes(id))).toEqual([]);
  for (const id of pruned)
    await poll(
      `${id} deleted`,
      async () => ((await getInventoryEntry(previous, id)) === undefined ? true : undefined),
      { context: fluxState },
    );
  // Every workload left is up, but the graph's new generation is not observed: not healthy yet.
  const graph = (await kube.get<Live>(DGD, 'DynamoGraphDeployment', 'llm', LLM))!;
  expect(graph.status.observedGeneration).toBeLessThan(graph.metadata.generation!);
  const waiting = (await kustomization('graphs'))!;
  expect(readyOf(waiting).status).not.toBe('True');
  expect(waiting.status.lastAppliedRevision).not.toBe(revision2);

  operator = startOperatorPod(deployment, kubeconfig);
  await waitOperatorReady(operator);
  await graphReady(LLM, 'llm');
  const graphs = await readyAt('graphs', revision2);
  expect(inventoryOf(graphs)).toEqual(inventoryOf(checking));
  // Everything else is still there, the scale decision included; the other layers did not change.
  for (const { file, object } of LAYERS.flatMap(layerObjects))
    expect({ file, exists: !!(await getObject(object)) }).toEqual({ file, exists: true });
  expect((await kube.get<Live>('apps/v1', 'Deployment', 'llm-decode', LLM))!.spec.replicas).toBe(5);
  for (const layer of ['crds', 'platform'] as const)
    expect(inventoryOf(await readyAt(layer, revision2))).toEqual(firstInventory[layer]);
});

test('a commit that removes a graph: its objects are pruned, its Namespace stays; a CRD that leaves Git stays too', async () => {
  const render = gitops(withoutPrefill());
  expect(render.code).toBe(0);
  expect(render.stderr).toContain(`removed platform/namespace-${LEGACY}.yaml`);
  // The Flux objects did not change: what the bootstrap applied still fits.
  expect(source.git('status', '--porcelain', '--', 'flux')).toBe('');
  // dynamo-iac always writes every CRD; a CRD leaving Git is a hand edit here.
  // One the graphs have no object of: the search's candidates (Dynamo 1.7, the default release).
  const crdName = 'dynamographdeploymentcandidates.nvidia.com';
  const crdFile = `customresourcedefinition-${crdName}.yaml`;
  fs.rmSync(path.join(source.dir, 'crds', crdFile));
  const kustomizationFile = path.join(source.dir, 'crds', 'kustomization.yaml');
  fs.writeFileSync(kustomizationFile, fs.readFileSync(kustomizationFile, 'utf8').replace(`  - ${crdFile}\n`, ''));
  const before = {
    graphs: inventoryOf((await kustomization('graphs'))!),
    platform: inventoryOf((await kustomization('platform'))!),
    crds: inventoryOf((await kustomization('crds'))!),
  };
  const revision3 = await commitAndPublish('dynamo: retire the legacy graph');

  const [crds, platform, graphs] = [
    await readyAt('crds', revision3),
    await readyAt('platform', revision3),
    await readyAt('graphs', revision3),
  ];
  // The graph's objects left the inventory and the cluster.
  const gone = before.graphs.filter((id) => !inventoryOf(graphs).includes(id));
  expect(gone.length).toBeGreaterThan(0);
  expect(gone.every((id) => id.startsWith(`${LEGACY}_`))).toBe(true);
  expect(inventoryOf(graphs)).toEqual(
    layerObjects('graphs')
      .map((e) => inventoryId(e.object))
      .sort(),
  );
  await poll(
    "the legacy graph's objects deleted",
    async () => {
      const left = [
        ...(await kube.list('apps/v1', 'Deployment', { namespace: LEGACY })),
        ...(await kube.list('nvidia.com/v1alpha1', 'DynamoGraphDeployment', { namespace: LEGACY })),
      ];
      return left.length === 0 ? true : undefined;
    },
    { context: fluxState },
  );
  // The Namespace left Git and Flux's inventory, but was not deleted (prune: disabled).
  expect(before.platform.filter((id) => !inventoryOf(platform).includes(id))).toEqual([`_${LEGACY}__Namespace`]);
  const ns = (await kube.get<Live>('v1', 'Namespace', LEGACY))!;
  expect(ns.status.phase).toBe('Active');
  expect(ns.metadata.deletionTimestamp).toBeUndefined();
  // The CRD left Git and the inventory, and is still served (the crds layer never prunes).

  expect(before.crds.filter((id) => !inventoryOf(crds).includes(id))).toEqual([
    `_${crdName}_apiextensions.k8s.io_CustomResourceDefinition`,
  ]);
  const crd = (await kube.get('apiextensions.k8s.io/v1', 'CustomResourceDefinition', crdName))!;
  expect(crd.metadata.deletionTimestamp).toBeUndefined();
});

test('a graph our validation refuses never reaches Git: dynamo-iac gitops exits 1 and leaves the repository untouched', () => {
  const head = source.head();
  const invalid = editedGraph('llm.yaml', (d) => (d.spec.components[1].replicas = -1));
  const r = gitops(invalid);
  expect(r.code).toBe(1);
  expect(r.stderr).toMatch(
    new RegExp(`^${invalid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: spec\\.components\\[1\\]\\.replicas: `, 'm'),
  );
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(source.status()).toBe('');
  expect(source.head()).toBe(head);
});

test("a hand-broken object committed anyway: the graphs layer is not Ready with the server's message, and the previous objects keep running", async () => {
  const applied = (await kustomization('graphs'))!;
  const good = applied.status.lastAppliedRevision;
  const frontend = (await kube.get<Live>('apps/v1', 'Deployment', 'llm-frontend', LLM))!;
  const file = path.join(source.dir, 'graphs', LLM, 'llm', 'deployment-llm-frontend.yaml');
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toMatch(/^ {2}replicas: 1$/m);
  fs.writeFileSync(file, text.replace(/^ {2}replicas: 1$/m, '  replicas: -1'));
  const broken = await commitAndPublish('hand edit: replicas -1');

  const failed = await waitKustomization(
    'graphs',
    `failed at ${broken}`,
    (k) => k.status?.lastAttemptedRevision === broken && readyOf(k)?.status === 'False',
  );
  expect(readyOf(failed)).toMatchObject({
    reason: 'ReconciliationFailed',
    message: expect.stringContaining(`Deployment/${LLM}/llm-frontend`),
  });
  expect(readyOf(failed).message).toContain('spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  expect(failed.status.lastAppliedRevision).toBe(good);
  expect(inventoryOf(failed)).toEqual(inventoryOf(applied));
  // Nothing of the broken revision was applied: the Deployment is as it was, everything else is still there.
  const still = (await kube.get<Live>('apps/v1', 'Deployment', 'llm-frontend', LLM))!;
  expect(still.metadata.resourceVersion).toBe(frontend.metadata.resourceVersion);
  expect(still.spec.replicas).toBe(1);
  for (const id of inventoryOf(applied))
    expect({ id, exists: !!(await getInventoryEntry(applied, id)) }).toEqual({ id, exists: true });

  // Reverting the commit brings the layer back.
  source.git('revert', '--no-edit', 'HEAD');
  const reverted = await source.publish(kube, gitRepository);
  const graphs = await readyAt('graphs', reverted);
  expect(readyOf(graphs).message).toBe(`Applied revision: ${reverted}`);
});
