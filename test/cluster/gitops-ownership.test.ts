/**
 * The GitOps ownership guarantees on the real API server, with the layered repository on disk
 * the way Flux reads it: every layer is built by following its kustomization.yaml files (as
 * `kustomize build` does) and applied in order (crds → platform → graphs) with server-side apply
 * as Flux's field manager; the runtime operator runs in-process.
 *
 * - a scale through the adapter's /scale survives re-applying every layer;
 * - removing a component and re-rendering: the objects Flux would prune (last inventory minus
 *   the new one) are exactly that component's, and pruning them leaves the rest running;
 * - re-rendering an unchanged graph changes no file (bytes, inode and mtime);
 * - with kubectl on PATH, `kubectl apply --server-side -k <layer>` accepts every layer (server dry run).
 */
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse } from 'yaml';
import { loadGraph, resolveSettings } from '../../src/api';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { Operator } from '../../src/operator/operator';
import { splitByGraph } from '../../src/gitops/graphs';
import { gitOpsLayout } from '../../src/gitops/layout';
import { writeGitOpsLayout, WriteLayoutResult } from '../../src/gitops/write';
import { renderEachGraph } from '../../src/render';
import { renderPlatform } from '../../src/platform/platform';
import { crdManifests } from '../../src/crds';
import { installThirdPartyCrds } from './crds/third-party';
import { FLUX_FIELD_MANAGER, KubeClient, ServerObject, uniqueName } from './kube';
import { ADAPTER, ADAPTER_KIND, installOperatorCrds, operatorApi, startOperator } from './operator-harness';

let kube: KubeClient;
let api: KubeApi;
let operator: Operator;
let ns: string;
let opNs: string;
let repo: string;

const IMAGE = 'registry.example/sglang-runtime:1';
const container = (args: string[], gpus: string) => ({
  name: 'main',
  image: IMAGE,
  command: ['python3'],
  args: ['-m', 'dynamo.sglang', ...args],
  resources: { limits: { 'nvidia.com/gpu': gpus } },
});

function graphDoc(components: string[]) {
  const all: Record<string, object> = {
    Frontend: {
      name: 'Frontend',
      type: 'frontend',
      replicas: 1,
      podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
    },
    decode: {
      name: 'decode',
      type: 'decode',
      replicas: 2,
      scalingAdapter: {},
      podTemplate: { spec: { containers: [container(['--tp', '1'], '1')] } },
    },
    prefill: {
      name: 'prefill',
      type: 'prefill',
      replicas: 1,
      scalingAdapter: {},
      multinode: { nodeCount: 2 },
      podTemplate: { spec: { containers: [container(['--tp', '8'], '4')] } },
    },
  };
  return {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'sg', namespace: ns },
    spec: { backendFramework: 'sglang', components: components.map((c) => all[c]) },
  };
}

/** What `dynamo-iac gitops` does, in-process: render, lay out, write. */
function renderRepo(components: string[]): WriteLayoutResult {
  // Stable workload names: this is about scaling-adapter ownership and prune, not worker generations.
  const settings = resolveSettings({ workerRollout: 'in-place' });
  const { model, problems } = loadGraph(graphDoc(components));
  if (problems.length) throw new Error(JSON.stringify(problems));
  const graph = { ...model!, orchestrator: 'lws' as const } as ValidatedGraph;
  const rendered = renderEachGraph([graph], settings);
  const { graphs, shared } = splitByGraph(rendered.graphs, rendered.objects);
  const platform = renderPlatform({ namespace: opNs, version: '0.0.0', crds: false });
  return writeGitOpsLayout(gitOpsLayout({ crds: crdManifests() as ServerObject[], platform, graphs, shared }), repo);
}

/** `kustomize build` for our layout: follow every kustomization.yaml's resources, files in listed order. */
function buildLayer(dir: string): { file: string; object: ServerObject }[] {
  const k = parse(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'));
  return (k.resources as string[]).flatMap((r) => {
    const p = path.join(dir, r);
    return fs.statSync(p).isDirectory()
      ? buildLayer(p)
      : [{ file: path.relative(repo, p), object: parse(fs.readFileSync(p, 'utf8')) as ServerObject }];
  });
}

const identity = (o: ServerObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** Applies crds, then platform, then graphs, as Flux's kustomize-controller; returns the inventory (object identities). */
async function applyLayers(): Promise<Map<string, { file: string; object: ServerObject }>> {
  const inventory = new Map<string, { file: string; object: ServerObject }>();
  for (const layer of ['crds', 'platform', 'graphs']) {
    for (const entry of buildLayer(path.join(repo, layer))) {
      if (entry.object.kind === 'CustomResourceDefinition') await kube.installCrd(entry.object);
      else await kube.apply(entry.object);
      inventory.set(identity(entry.object), entry);
    }
  }
  return inventory;
}

const scale = (name: string, replicas: number) =>
  kube.request(
    'PATCH',
    `/apis/${ADAPTER}/namespaces/${ns}/dynamographdeploymentscalingadapters/${name}/scale`,
    { spec: { replicas } },
    'application/merge-patch+json',
  );
const replicasOf = (o: ServerObject | undefined) => (o as any)?.spec?.replicas;

let firstInventory: Map<string, { file: string; object: ServerObject }>;

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installThirdPartyCrds(kube);
  await installOperatorCrds(kube);
  ns = uniqueName('gitops');
  opNs = uniqueName('gitops-op');
  await kube.createNamespace(ns);
  await kube.createNamespace(opNs);
  repo = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-gitops-repo-'));
  renderRepo(['Frontend', 'decode', 'prefill']);
  api = operatorApi();
  operator = await startOperator(api);
}, 120_000);

afterAll(async () => {
  await operator?.stop();
  api?.close();
  kube?.close();
  if (repo) fs.rmSync(repo, { recursive: true, force: true });
});

test('each layer applies in order with server-side apply as kustomize-controller, which owns every field it applied', async () => {
  firstInventory = await applyLayers();
  const dep = await kube.get('apps/v1', 'Deployment', 'sg-decode', ns);
  const managers = (dep!.metadata.managedFields as Array<{ manager: string; operation: string }>).map(
    (m) => `${m.manager}/${m.operation}`,
  );
  expect(managers).toContain(`${FLUX_FIELD_MANAGER}/Apply`);
  expect(await kube.get('apps/v1', 'Deployment', 'dynamo-iac-operator', opNs)).toBeDefined();
  // The operator creates the adapters and starts the workloads from them.
  await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', ns, (o) => (o as any)?.status?.replicas === 2, {
    what: 'adapter sg-decode',
    timeoutMs: 60_000,
  });
  await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', ns, (o) => replicasOf(o) === 2, {
    what: 'replicas 2',
    timeoutMs: 60_000,
  });
}, 120_000);

test('a scale through the adapter survives re-applying every layer', async () => {
  await scale('sg-decode', 5);
  await kube.waitFor('apps/v1', 'Deployment', 'sg-decode', ns, (o) => replicasOf(o) === 5, {
    what: 'replicas 5',
    timeoutMs: 60_000,
  });
  await kube.waitFor('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', 'sg-prefill-0', ns, (o) => replicasOf(o) === 1, {
    what: 'LWS replicas 1',
    timeoutMs: 60_000,
  });
  await scale('sg-prefill', 3);
  await kube.waitFor('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', 'sg-prefill-0', ns, (o) => replicasOf(o) === 3, {
    what: 'LWS replicas 3',
    timeoutMs: 60_000,
  });

  await applyLayers();
  const dep = await kube.get('apps/v1', 'Deployment', 'sg-decode', ns);
  expect(replicasOf(dep)).toBe(5);
  expect(replicasOf(await kube.get('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', 'sg-prefill-0', ns))).toBe(3);
  // replicas belongs to the operator alone: Flux's apply never claimed it.
  const owners = (dep!.metadata.managedFields as Array<{ manager: string; fieldsV1?: any }>)
    .filter((m) => m.fieldsV1?.['f:spec']?.['f:replicas'] !== undefined)
    .map((m) => m.manager);
  expect(owners).toEqual(['dynamo-iac-operator']);
  // The adapter still says 5: nothing fought over it.
  expect((await kube.get<any>(ADAPTER, ADAPTER_KIND, 'sg-decode', ns))!.spec.replicas).toBe(5);
}, 120_000);

test("removing a component and re-rendering: Flux would prune exactly that component's objects", async () => {
  const result = renderRepo(['Frontend', 'prefill']);
  const newInventory = new Map(
    ['crds', 'platform', 'graphs'].flatMap((l) => buildLayer(path.join(repo, l))).map((e) => [identity(e.object), e]),
  );
  // Flux prunes what the last applied revision had and this one does not.
  const pruned = [...firstInventory.keys()].filter((k) => !newInventory.has(k)).sort();

  console.log(`objects Flux would prune after removing component "decode":\n  ${pruned.join('\n  ')}`);
  expect(pruned).toEqual([`Deployment/${ns}/sg-decode`, `Service/${ns}/sg-decode`]);
  // They are exactly the objects labelled as that component, and exactly the files the render removed.
  const decodeObjects = [...firstInventory.values()].filter(
    (e) => e.object.metadata.labels?.['nvidia.com/dynamo-component'] === 'decode',
  );
  expect(decodeObjects.map((e) => identity(e.object)).sort()).toEqual(pruned);
  expect(result.removed).toEqual(pruned.map((k) => firstInventory.get(k)!.file).sort());
  // The graph record and its directory's kustomization changed; nothing else did.
  expect(result.written).toEqual([
    `graphs/${ns}/sg/dynamographdeployment-sg.yaml`,
    `graphs/${ns}/sg/kustomization.yaml`,
  ]);

  // Prune as Flux does, then apply the new revision.
  for (const k of pruned) {
    const o = firstInventory.get(k)!.object;
    await kube.delete(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace);
  }
  await applyLayers();
  expect(await kube.get('apps/v1', 'Deployment', 'sg-decode', ns)).toBeUndefined();
  // The operator removes the adapter of the component that is gone; the other scale is untouched.
  await kube.waitFor(ADAPTER, ADAPTER_KIND, 'sg-decode', ns, (o) => o === undefined, {
    what: 'adapter deleted',
    timeoutMs: 60_000,
  });
  expect(replicasOf(await kube.get('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', 'sg-prefill-0', ns))).toBe(3);
  expect(await kube.get('apps/v1', 'Deployment', 'sg-frontend', ns)).toBeDefined();
}, 120_000);

test('re-rendering an unchanged graph changes no file: same bytes, same inode, same mtime', () => {
  const files = ['crds', 'platform', 'graphs']
    .flatMap((l) =>
      (fs.readdirSync(path.join(repo, l), { recursive: true }) as string[]).map((f) => path.join(repo, l, f)),
    )
    .filter((f) => fs.statSync(f).isFile());
  const before = files.map((f) => [f, fs.statSync(f).ino, fs.statSync(f).mtimeMs, fs.readFileSync(f, 'utf8')]);
  const result = renderRepo(['Frontend', 'prefill']);
  expect(result.written).toEqual([]);
  expect(result.removed).toEqual([]);
  expect(result.unchanged).toBe(files.length);
  expect(files.map((f) => [f, fs.statSync(f).ino, fs.statSync(f).mtimeMs, fs.readFileSync(f, 'utf8')])).toEqual(before);
});

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

(kubectl ? test : test.skip)(
  'kubectl apply --server-side -k accepts every layer as it is (server dry run; needs kubectl on PATH)',
  () => {
    for (const layer of ['crds', 'platform', 'graphs']) {
      const r = spawnSync(
        'kubectl',
        [
          'apply',
          '--server-side',
          `--field-manager=${FLUX_FIELD_MANAGER}`,
          '--force-conflicts',
          '--dry-run=server',
          '-k',
          path.join(repo, layer),
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, KUBECONFIG: process.env.DYNAMO_IAC_TEST_KUBECONFIG },
          maxBuffer: 64 * 1024 * 1024,
          timeout: 120_000,
        },
      );
      expect({ layer, stderr: r.stderr, status: r.status }).toEqual({ layer, stderr: '', status: 0 });
      const applied = r.stdout.split('\n').filter((l) => l.endsWith('serverside-applied (server dry run)'));
      expect(applied).toHaveLength(buildLayer(path.join(repo, layer)).length);
    }
  },
  180_000,
);
