/**
 * Argo CD's own application controller and repo server (v3.6.1, with Redis) reconcile the
 * repository `dynamo-iac gitops --argocd-url` writes, from a `file://` Git repository, into the
 * test cluster. The test applies only the root Application, exactly as written in argocd/ (the
 * bootstrap `kubectl apply -k argocd/`), and then plays the parts no process here plays: the
 * kubelet (workload status), the runtime operator (graph status, and a scale applied as its field
 * manager). Every assertion reads what Argo CD did: the cluster, and the Applications' status.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse, stringify } from 'yaml';
import { thirdPartyCrds } from '../cluster/crds/third-party';
import { KubeClient, ServerObject, poll } from '../cluster/kube';
import { markDeploymentAvailable } from '../flux/workloads';
import { ARGOCD_NAMESPACE, ArgoCd, installArgoCd, startArgoCd } from './argo-cd';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bin', 'dynamo-iac');
const GRAPH = path.join(ROOT, 'test', 'flux', 'graphs', 'llm.yaml');
/** A DynamoModel and a DynamoCheckpoint beside the graph, in every revision. */
const MODELS = path.join(__dirname, 'inputs', 'models.yaml');
const APP = 'argoproj.io/v1alpha1';
const NS = 'dynamo-llm';
const OPERATOR_NS = 'dynamo-system';
const TEST_MANAGER = 'dynamo-iac-test';

type Live = ServerObject & { spec?: any; status?: any };

let kube: KubeClient;
let kubeconfig: string;
let argo: ArgoCd;
let work: string;
let tree: string;
let bare: string;

function run(cmd: string, args: string[], cwd = tree): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/** `dynamo-iac gitops` into the work tree, committed and pushed: the new revision. */
function render(graphFile: string, message: string): string {
  run(process.execPath, [
    CLI,
    'gitops',
    '-o',
    tree,
    '--create-namespaces',
    '--argocd-url',
    `file://${bare}`,
    '--argocd-server',
    server,
    // The DynamoCheckpoint beside the graph is a Dynamo 1.6 kind.
    '--dynamo-version',
    '1.6',
    graphFile,
    MODELS,
  ]);
  run('git', ['add', '-A']);
  run('git', ['commit', '-q', '--allow-empty', '-m', message]);
  run('git', ['push', '-q', 'origin', 'HEAD:main']);
  return run('git', ['rev-parse', 'HEAD']).trim();
}
let server: string;

function editedGraph(edit: (doc: any) => void): string {
  const doc = parse(fs.readFileSync(GRAPH, 'utf8'));
  edit(doc);
  const file = path.join(work, `llm-${Date.now()}.yaml`);
  fs.writeFileSync(file, stringify(doc));
  return file;
}

const app = (name: string) => kube.get<Live>(APP, 'Application', name, ARGOCD_NAMESPACE);
const component = (doc: any, name: string) => doc.spec.components.find((c: any) => c.name === name);

async function argoState(): Promise<string> {
  const lines: string[] = [];
  for (const name of ['dynamo', 'dynamo-crds', 'dynamo-platform', 'dynamo-graphs']) {
    const a = await app(name);
    lines.push(
      a
        ? `${name}: sync ${a.status?.sync?.status}@${a.status?.sync?.revision?.slice(0, 8)} health ${a.status?.health?.status} op ${a.status?.operationState?.phase}: ${a.status?.operationState?.message}`
        : `${name}: none`,
    );
  }
  return [...lines, argo.tails()].join('\n');
}

function waitApp(name: string, what: string, pred: (a: Live) => boolean, timeoutMs = 240_000): Promise<Live> {
  return poll(
    `Application ${name}: ${what}`,
    async () => {
      const a = await app(name);
      return a && pred(a) ? a : undefined;
    },
    { timeoutMs, intervalMs: 500, context: argoState },
  );
}

/** Ask for a hard refresh (re-read Git now, as the UI's button does) instead of waiting for the resync. */
async function refresh(name: string): Promise<void> {
  await kube.mergePatch(APP, 'Application', name, ARGOCD_NAMESPACE, {
    metadata: { annotations: { 'argocd.argoproj.io/refresh': 'hard' } },
  });
}

const syncedAt = (a: Live, revision: string) =>
  a.status?.sync?.status === 'Synced' &&
  a.status?.sync?.revision === revision &&
  a.status?.operationState?.phase === 'Succeeded' &&
  a.status?.operationState?.syncResult?.revision === revision;

/** The health Argo CD persisted for one managed resource of an Application. */
const resourceHealth = (a: Live, kind: string, name: string) =>
  ((a.status?.resources ?? []) as any[]).find((r) => r.kind === kind && r.name === name)?.health;

/** Objects of a layer in the work tree (each .yaml but the kustomization.yaml files). */
function layerObjects(layer: string): ServerObject[] {
  const dir = path.join(tree, layer);
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.yaml') && path.basename(f) !== 'kustomization.yaml')
    .sort()
    .map((f) => parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ServerObject);
}

const replicaOwners = (o: ServerObject) =>
  ((o.metadata.managedFields ?? []) as Array<{ manager: string; fieldsV1?: any }>)
    .filter((m) => m.fieldsV1?.['f:spec']?.['f:replicas'] !== undefined)
    .map((m) => m.manager);

let revision1: string;

/** The kubelet's and the operator's part: every graph Deployment available, the graph Ready for its generation. */
async function serveGraph(): Promise<void> {
  for (const o of layerObjects('graphs').filter((x) => x.kind === 'Deployment'))
    await markDeploymentAvailable(kube, NS, o.metadata.name);
  const dgd = (await kube.get<Live>('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'llm', NS))!;
  await kube.patchStatus(dgd, {
    observedGeneration: dgd.metadata.generation,
    state: 'successful',
    conditions: [
      {
        type: 'Ready',
        status: 'True',
        reason: 'all_resources_are_ready',
        message: 'All resources are ready',
        lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      },
    ],
  });
}

beforeAll(async () => {
  kubeconfig = process.env.DYNAMO_IAC_TEST_KUBECONFIG!;
  if (!kubeconfig || !process.env.DYNAMO_IAC_ARGOCD)
    throw new Error('run with `npm run test:argo` (needs the test cluster and Argo CD from its global setup)');
  kube = KubeClient.fromTestEnv();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-argo-'));
  // Stand-ins for the third-party kinds the graph renders (LeaderWorkerSet): not ours to apply.
  for (const crd of thirdPartyCrds())
    await kube.installCrd(crd as ServerObject, { fieldManager: TEST_MANAGER, timeoutMs: 180_000 });
  server = await installArgoCd(kube, kubeconfig);

  bare = path.join(work, 'deploy.git');
  tree = path.join(work, 'deploy');
  run('git', ['init', '-q', '--bare', '-b', 'main', bare], work);
  run('git', ['init', '-q', '-b', 'main', tree], work);
  run('git', ['config', 'user.email', 'test@dynamo-iac.invalid']);
  run('git', ['config', 'user.name', 'dynamo-iac test']);
  run('git', ['remote', 'add', 'origin', bare]);
  revision1 = render(GRAPH, 'dynamo: first deploy');

  fs.mkdirSync(path.join(work, 'home'), { recursive: true });
  argo = await startArgoCd(kubeconfig, server, path.join(work, 'home'));
  // The bootstrap: argocd/ lists only the root Application (`kubectl apply -k argocd/`).
  const kustomization = parse(fs.readFileSync(path.join(tree, 'argocd', 'kustomization.yaml'), 'utf8'));
  expect(kustomization.resources).toEqual(['application-dynamo.yaml']);
  const root = parse(fs.readFileSync(path.join(tree, 'argocd', 'application-dynamo.yaml'), 'utf8')) as ServerObject;
  await kube.apply(root, { fieldManager: 'kubectl', fieldValidation: 'Strict' });
}, 300_000);

afterAll(async () => {
  await argo?.stop();
  kube?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('sync waves: the health checks, then the CRDs, then the platform; the graphs wait until the platform is healthy', async () => {
  // Wave 0 waits for wave -1 (argocd-cm); wave 1 starts only once the crds Application is healthy.
  const platform = await waitApp('dynamo-platform', 'created by the root', () => true);
  const crds = (await app('dynamo-crds'))!;
  expect([crds.status?.sync?.status, crds.status?.health?.status]).toEqual(['Synced', 'Healthy']);
  expect(new Date(crds.metadata.creationTimestamp!).getTime()).toBeLessThanOrEqual(
    new Date(platform.metadata.creationTimestamp!).getTime(),
  );
  const cm = (await kube.get<any>('v1', 'ConfigMap', 'argocd-cm', ARGOCD_NAMESPACE))!;
  expect(Object.keys(cm.data)).toEqual(
    expect.arrayContaining([
      'resource.customizations.health.nvidia.com_DynamoGraphDeployment',
      'resource.customizations.health.argoproj.io_Application',
    ]),
  );
  for (const o of layerObjects('crds')) {
    const crd = (await kube.get(o.apiVersion, o.kind, o.metadata.name))!;
    // Server-side apply by Argo CD: no last-applied annotation (our CRDs exceed its size limit).
    expect(crd.metadata.managedFields!.map((m: any) => m.manager)).toContain('argocd-controller');
    expect(crd.metadata.annotations?.['kubectl.kubernetes.io/last-applied-configuration']).toBeUndefined();
  }

  // The platform is synced, but its operator Deployment has no available pod: not healthy, no graphs.
  await waitApp('dynamo-platform', 'synced', (a) => a.status?.sync?.status === 'Synced');
  await new Promise((r) => setTimeout(r, 10_000));
  expect((await app('dynamo-platform'))!.status?.health?.status).toBe('Progressing');
  expect(await app('dynamo-graphs')).toBeUndefined();

  await markDeploymentAvailable(kube, OPERATOR_NS, 'dynamo-iac-operator');
  await waitApp('dynamo-platform', 'healthy', (a) => a.status?.health?.status === 'Healthy');
  await waitApp('dynamo-graphs', 'synced at the first revision', (a) => syncedAt(a, revision1));
});

test('every object of the graphs layer is applied as written, server-side, by argocd-controller', async () => {
  const objects = layerObjects('graphs');
  expect(objects.length).toBeGreaterThan(5);
  for (const o of objects) {
    const live = await kube.get(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace);
    expect([`${o.kind}/${o.metadata.name}`, live !== undefined]).toEqual([`${o.kind}/${o.metadata.name}`, true]);
    expect(live!.metadata.managedFields!.map((m: any) => `${m.manager}/${m.operation}`)).toContain(
      'argocd-controller/Apply',
    );
  }
  // The Namespace carries Argo CD's prune opt-out.
  const ns = (await kube.get('v1', 'Namespace', NS))!;
  expect(ns.metadata.annotations?.['argocd.argoproj.io/sync-options']).toBe('Prune=false');
});

test('health through our Lua checks: a graph is Progressing until the operator reports it Ready, Degraded with its message when it fails; a model and a checkpoint likewise', async () => {
  let graphs = await waitApp(
    'dynamo-graphs',
    'the graph assessed',
    (a) => !!resourceHealth(a, 'DynamoGraphDeployment', 'llm'),
  );
  expect(resourceHealth(graphs, 'DynamoGraphDeployment', 'llm')).toMatchObject({
    status: 'Progressing',
    message: 'Waiting for the operator to observe generation 1',
  });
  const dgd = (await kube.get<Live>('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'llm', NS))!;
  const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const ready = (status: 'True' | 'False', reason: string, message: string) => ({
    type: 'Ready',
    status,
    reason,
    message,
    lastTransitionTime: now,
  });
  // What the runtime operator writes while pods start, then once they serve.
  await kube.patchStatus(dgd, {
    observedGeneration: dgd.metadata.generation,
    state: 'pending',
    conditions: [ready('False', 'pods_not_ready', 'Not ready: decode')],
  });
  graphs = await waitApp(
    'dynamo-graphs',
    'graph pending',
    (a) => resourceHealth(a, 'DynamoGraphDeployment', 'llm')?.message === 'Not ready: decode',
  );
  expect(resourceHealth(graphs, 'DynamoGraphDeployment', 'llm').status).toBe('Progressing');
  await kube.patchStatus(dgd, {
    state: 'successful',
    conditions: [ready('True', 'all_resources_are_ready', 'All resources are ready')],
  });
  graphs = await waitApp(
    'dynamo-graphs',
    'graph healthy',
    (a) => resourceHealth(a, 'DynamoGraphDeployment', 'llm')?.status === 'Healthy',
  );
  expect(resourceHealth(graphs, 'DynamoGraphDeployment', 'llm').message).toBe('All resources are ready');

  await kube.patchStatus(dgd, {
    state: 'failed',
    conditions: [ready('False', 'pods_not_ready', 'Not ready: decode')],
  });
  graphs = await waitApp('dynamo-graphs', 'graph degraded', (a) => a.status?.health?.status === 'Degraded');
  expect(resourceHealth(graphs, 'DynamoGraphDeployment', 'llm')).toEqual({
    status: 'Degraded',
    message: 'Not ready: decode',
  });
  // The root judges its children with the Application check: the degraded graphs layer shows there.
  const root = await waitApp(
    'dynamo',
    'its graphs child degraded',
    (a) => resourceHealth(a, 'Application', 'dynamo-graphs')?.status === 'Degraded',
  );
  expect(root.status.health.status).toBe('Degraded');

  await kube.patchStatus(dgd, {
    state: 'successful',
    conditions: [ready('True', 'all_resources_are_ready', 'All resources are ready')],
  });

  // The other kinds in Git, judged by their scripts as the operator reports them.
  graphs = (await app('dynamo-graphs'))!;
  expect(resourceHealth(graphs, 'DynamoModel', 'support-lora')).toEqual({
    status: 'Progressing',
    message: "Waiting for the operator to report the model's endpoints",
  });
  expect(resourceHealth(graphs, 'DynamoCheckpoint', 'qwen')).toEqual({
    status: 'Progressing',
    message: 'Waiting for the operator to start the checkpoint job',
  });
  const model = (await kube.get<Live>('nvidia.com/v1alpha1', 'DynamoModel', 'support-lora', NS))!;
  const endpoints = (status: 'True' | 'False', reason: string, message: string) => ({
    type: 'EndpointsReady',
    status,
    reason,
    message,
    lastTransitionTime: now,
    observedGeneration: model.metadata.generation,
  });
  await kube.patchStatus(model, {
    readyEndpoints: 1,
    totalEndpoints: 2,
    conditions: [endpoints('False', 'NotReady', 'Found 1 ready endpoint(s) out of 2 total')],
  });
  const checkpoint = (await kube.get<Live>('nvidia.com/v1alpha1', 'DynamoCheckpoint', 'qwen', NS))!;
  await kube.patchStatus(checkpoint, { phase: 'Creating', jobName: 'checkpoint-job-qwen-1', message: '' });
  graphs = await waitApp(
    'dynamo-graphs',
    'model degraded, checkpoint creating',
    (a) =>
      resourceHealth(a, 'DynamoModel', 'support-lora')?.status === 'Degraded' &&
      resourceHealth(a, 'DynamoCheckpoint', 'qwen')?.message === 'Checkpoint job checkpoint-job-qwen-1 is running',
  );
  expect(resourceHealth(graphs, 'DynamoModel', 'support-lora').message).toBe(
    'Found 1 ready endpoint(s) out of 2 total',
  );
  await kube.patchStatus(model, {
    readyEndpoints: 2,
    totalEndpoints: 2,
    conditions: [endpoints('True', 'AllEndpointsReady', 'All 2 endpoint(s) are ready')],
  });
  await kube.patchStatus(checkpoint, { phase: 'Ready', message: '' });
  graphs = await waitApp(
    'dynamo-graphs',
    'model and checkpoint healthy',
    (a) =>
      resourceHealth(a, 'DynamoModel', 'support-lora')?.status === 'Healthy' &&
      resourceHealth(a, 'DynamoCheckpoint', 'qwen')?.status === 'Healthy',
  );
  expect(resourceHealth(graphs, 'DynamoModel', 'support-lora').message).toBe('All 2 endpoint(s) are ready');
  expect(resourceHealth(graphs, 'DynamoCheckpoint', 'qwen').message).toBe('Checkpoint ready');

  await waitApp(
    'dynamo-graphs',
    'graph healthy again',
    (a) => resourceHealth(a, 'DynamoGraphDeployment', 'llm')?.status === 'Healthy',
  );
});

test('self-heal: a deleted object of the graphs layer comes back', async () => {
  const service = layerObjects('graphs').find((o) => o.kind === 'Service')!;
  const before = (await kube.get('v1', 'Service', service.metadata.name, NS))!;
  await kube.delete('v1', 'Service', service.metadata.name, NS);
  const back = await poll(
    `Service ${service.metadata.name} re-created`,
    async () => {
      const s = await kube.get('v1', 'Service', service.metadata.name, NS);
      return s && s.metadata.uid !== before.metadata.uid ? s : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 500, context: argoState },
  );
  expect(back.metadata.managedFields!.map((m: any) => m.manager)).toContain('argocd-controller');
});

test('a scaled worker is never scaled back by a sync: the replicas stay the operator’s under server-side apply', async () => {
  const decode = layerObjects('graphs').find((o) => o.kind === 'Deployment' && o.metadata.name.endsWith('-decode'))!;
  expect((decode as any).spec.replicas).toBeUndefined();
  // The runtime operator applies the adapter's replicas as its own field manager.
  await kube.apply(
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: decode.metadata.name, namespace: NS },
      spec: { replicas: 5 },
    } as ServerObject,
    { fieldManager: 'dynamo-iac-operator', force: true },
  );
  // A new revision changes the graph (the frontend's replicas), and Argo CD syncs the layer.
  const revision2 = render(
    editedGraph((d) => (component(d, 'Frontend').replicas = 2)),
    'dynamo: two frontends',
  );
  await refresh('dynamo');
  await refresh('dynamo-graphs');
  const graphs = await waitApp('dynamo-graphs', `synced at ${revision2}`, (a) => syncedAt(a, revision2));
  const frontend = layerObjects('graphs').find(
    (o) => o.kind === 'Deployment' && o.metadata.name.endsWith('-frontend'),
  )!;
  expect((await kube.get<any>('apps/v1', 'Deployment', frontend.metadata.name, NS))!.spec.replicas).toBe(2);
  const live = (await kube.get<any>('apps/v1', 'Deployment', decode.metadata.name, NS))!;
  expect(live.spec.replicas).toBe(5);
  expect(replicaOwners(live)).toEqual(['dynamo-iac-operator']);
  // And the application is in sync: what the operator owns is not a difference.
  expect(graphs.status.sync.status).toBe('Synced');
  expect(resourceHealth(graphs, 'Deployment', decode.metadata.name)).toBeDefined();
});

test('prune last: the objects of a removed component go only once the new revision is healthy (the graph serves again)', async () => {
  const before = layerObjects('graphs');
  const revision3 = render(
    editedGraph((d) => {
      component(d, 'Frontend').replicas = 2;
      d.spec.components = d.spec.components.filter((c: any) => c.name !== 'prefill');
    }),
    'dynamo: no prefill',
  );
  const after = new Set(layerObjects('graphs').map((o) => `${o.kind}/${o.metadata.name}`));
  const removed = before.filter((o) => !after.has(`${o.kind}/${o.metadata.name}`));
  expect(removed.map((o) => o.kind)).toEqual(expect.arrayContaining(['LeaderWorkerSet', 'Service']));
  await refresh('dynamo');
  await refresh('dynamo-graphs');
  // Applied, then waiting: the graph's new generation is not served yet, so nothing is pruned.
  await waitApp(
    'dynamo-graphs',
    `applying ${revision3}, waiting for health`,
    (a) =>
      a.status?.operationState?.phase === 'Running' &&
      a.status?.operationState?.syncResult?.revision === revision3 &&
      /waiting for healthy state/.test(a.status?.operationState?.message ?? ''),
  );
  await new Promise((r) => setTimeout(r, 5_000));
  for (const o of removed)
    expect(await kube.get(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace)).toBeDefined();

  // The kubelet and the operator report the new generation serving: the prune phase runs.
  await serveGraph();
  await waitApp('dynamo-graphs', `synced at ${revision3}`, (a) => syncedAt(a, revision3));
  for (const o of removed) {
    await poll(
      `${o.kind}/${o.metadata.name} pruned`,
      async () => ((await kube.get(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace)) ? undefined : true),
      { timeoutMs: 60_000, context: argoState },
    );
  }
  // Still there: the Namespace (Prune=false), the CRDs (never pruned) and the operator's replicas.
  expect(await kube.get('v1', 'Namespace', NS)).toBeDefined();
  const decode = layerObjects('graphs').find((o) => o.kind === 'Deployment' && o.metadata.name.endsWith('-decode'))!;
  expect((await kube.get<any>('apps/v1', 'Deployment', decode.metadata.name, NS))!.spec.replicas).toBe(5);
});
