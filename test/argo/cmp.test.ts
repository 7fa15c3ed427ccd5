/**
 * The Argo CD Config Management Plugin (`dynamo-iac argocd-cmp`) in Argo CD's own repo server:
 * `argocd-cmp-server` runs the plugin.yaml that `dynamo-iac argocd-cmp plugin` prints, beside the
 * repo server, sharing its socket directory as the sidecar does in Argo CD's install. A Git
 * repository holds only an upstream DynamoGraphDeployment, as a user writes it; an Application
 * that names no tool finds the plugin by its discovery, and the application controller syncs what
 * the plugin renders into the test cluster. Bad input fails the sync with our one-line message.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse, parseAllDocuments } from 'yaml';
import { KubeClient, ServerObject, poll } from '../cluster/kube';
import { upstreamRoot } from '../conformance/upstream-tree';
import { ARGOCD_NAMESPACE, ArgoCd, installArgoCd, startArgoCd } from './argo-cd';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bin', 'dynamo-iac');
/** Upstream's own example, as users copy it (its image tag made a release's). */
const GRAPH_FILE = 'examples/backends/vllm/deploy/agg.yaml';
const APP = 'argoproj.io/v1alpha1';
const NS = 'dynamo-cmp';
const NAME = 'vllm-plain';
const MANAGER = 'dynamo-iac-test';

type Live = ServerObject & { spec?: any; status?: any };

let kube: KubeClient;
let argo: ArgoCd;
let work: string;
let tree: string;
let bare: string;
let server: string;

function run(cmd: string, args: string[], cwd = tree, env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

function commit(files: Record<string, string>, message: string): string {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
  run('git', ['add', '-A']);
  run('git', ['commit', '-q', '-m', message]);
  run('git', ['push', '-q', 'origin', 'HEAD:main']);
  return run('git', ['rev-parse', 'HEAD']).trim();
}

const app = () => kube.get<Live>(APP, 'Application', NAME, ARGOCD_NAMESPACE);

async function state(): Promise<string> {
  const a = await app();
  return [
    `sync ${a?.status?.sync?.status}@${a?.status?.sync?.revision?.slice(0, 8)} op ${a?.status?.operationState?.phase}: ${a?.status?.operationState?.message} conditions ${JSON.stringify(a?.status?.conditions)}`,
    argo.tails(),
  ].join('\n');
}

const waitApp = (what: string, pred: (a: Live) => boolean) =>
  poll(
    `Application ${NAME}: ${what}`,
    async () => {
      const a = await app();
      return a && pred(a) ? a : undefined;
    },
    { timeoutMs: 240_000, intervalMs: 500, context: state },
  );

let graphText: string;

beforeAll(async () => {
  const kubeconfig = process.env.DYNAMO_IAC_TEST_KUBECONFIG!;
  if (!kubeconfig || !process.env.DYNAMO_IAC_ARGOCD)
    throw new Error('run with `npm run test:argo` (needs the test cluster and Argo CD from its global setup)');
  kube = KubeClient.fromTestEnv();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-cmp-'));
  // The graph record needs the nvidia.com CRDs, installed as a platform team would.
  for (const doc of parseAllDocuments(run(process.execPath, [CLI, 'crds'], work)))
    await kube.installCrd(doc.toJSON() as ServerObject, { fieldManager: MANAGER, timeoutMs: 180_000 });
  server = await installArgoCd(kube, kubeconfig);

  bare = path.join(work, 'graphs.git');
  tree = path.join(work, 'graphs');
  run('git', ['init', '-q', '--bare', '-b', 'main', bare], work);
  run('git', ['init', '-q', '-b', 'main', tree], work);
  run('git', ['config', 'user.email', 'test@dynamo-iac.invalid']);
  run('git', ['config', 'user.name', 'dynamo-iac test']);
  run('git', ['remote', 'add', 'origin', bare]);
  graphText = fs.readFileSync(path.join(upstreamRoot(), GRAPH_FILE), 'utf8').replace(/:my-tag\b/g, ':0.6.1');
  commit({ 'inference/agg.yaml': graphText }, 'a plain DynamoGraphDeployment');

  // The plugin configuration exactly as the CLI prints it, where argocd-cmp-server reads it.
  const config = path.join(work, 'cmp-config');
  fs.mkdirSync(config);
  const plugin = run(process.execPath, [CLI, 'argocd-cmp', 'plugin'], work);
  fs.writeFileSync(path.join(config, 'plugin.yaml'), plugin);
  const home = path.join(work, 'home');
  fs.mkdirSync(home);
  argo = await startArgoCd(kubeconfig, server, home, {
    cmpConfigDir: config,
    cmpPluginName: parse(plugin).metadata.name,
  });
}, 300_000);

afterAll(async () => {
  await argo?.stop();
  if (kube) await kube.delete(APP, 'Application', NAME, ARGOCD_NAMESPACE).catch(() => undefined);
  kube?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test('an Application of plain DGD YAML syncs what the plugin renders: found by discovery, rendered into the destination namespace', async () => {
  const revision = run('git', ['rev-parse', 'HEAD']).trim();
  await kube.apply(
    {
      apiVersion: APP,
      kind: 'Application',
      metadata: { name: NAME, namespace: ARGOCD_NAMESPACE },
      spec: {
        project: 'default',
        // No plugin named: the repo server asks the plugins' discovery, ours says yes.
        source: { repoURL: `file://${bare}`, targetRevision: 'main', path: 'inference' },
        destination: { server, namespace: NS },
        syncPolicy: {
          automated: { prune: true, selfHeal: true },
          syncOptions: ['CreateNamespace=true', 'ServerSideApply=true'],
        },
      },
    } as ServerObject,
    { fieldManager: 'kubectl', fieldValidation: 'Strict' },
  );
  const synced = await waitApp(
    'synced at the first revision',
    (a) =>
      a.status?.sync?.status === 'Synced' &&
      a.status?.operationState?.phase === 'Succeeded' &&
      a.status?.sync?.revision === revision,
  );
  expect(synced.status.sourceType).toBe('Plugin');

  // What `dynamo-iac render` prints for the same file and namespace is what is in the cluster.
  const graphFile = path.join(work, 'agg.yaml');
  fs.writeFileSync(graphFile, graphText);
  const expected = parseAllDocuments(run(process.execPath, [CLI, 'render', '-n', NS, graphFile], work)).map(
    (d) => d.toJSON() as ServerObject & { spec?: any },
  );
  expect(expected.map((o) => o.kind)).toEqual(
    expect.arrayContaining(['Deployment', 'Service', 'DynamoGraphDeployment']),
  );
  // (The destination Namespace, created by CreateNamespace=true, is Argo CD's, not rendered.)
  const managed = (synced.status.resources as any[])
    .filter((r) => r.kind !== 'Namespace')
    .map((r) => `${r.kind}/${r.namespace ?? ''}/${r.name}`)
    .sort();
  expect(managed).toEqual(expected.map((o) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`).sort());
  for (const o of expected) {
    const live = (await kube.get<Live>(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace))!;
    expect([o.kind, o.metadata.name, live !== undefined]).toEqual([o.kind, o.metadata.name, true]);
    expect(live.metadata.labels ?? {}).toEqual(expect.objectContaining(o.metadata.labels ?? {}));
    if (o.kind === 'Deployment')
      expect(live.spec.template.spec.containers[0].command).toEqual(o.spec.template.spec.containers[0].command);
  }
});

test('a graph the plugin refuses fails the comparison with its one-line problem, and nothing synced is touched', async () => {
  const before = (await app())!.status.operationState.syncResult.revision;
  const broken = graphText.replace('replicas: 1', 'replicas: one');
  commit({ 'inference/agg.yaml': broken }, 'a typo');
  await kube.mergePatch(APP, 'Application', NAME, ARGOCD_NAMESPACE, {
    metadata: { annotations: { 'argocd.argoproj.io/refresh': 'hard' } },
  });
  const failed = await waitApp('comparison error', (a) =>
    ((a.status?.conditions ?? []) as any[]).some((c) => c.type === 'ComparisonError' && /replicas/.test(c.message)),
  );
  const message = (failed.status.conditions as any[]).find((c) => c.type === 'ComparisonError').message as string;
  expect(message).toMatch(/agg\.yaml: spec\.components\[\w+\]\.replicas: /);
  expect(message).not.toMatch(/\n\s+at /);
  // No sync ran for the refused revision: the last one is still the first revision's.
  expect(failed.status.operationState.syncResult.revision).toBe(before);
  expect(await kube.get('apps/v1', 'Deployment', `${parse(graphText).metadata.name}-frontend`, NS)).toBeDefined();
});
