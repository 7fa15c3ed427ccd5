/**
 * `dynamo-iac krm` as kustomize runs it: an exec KRM function listed under `transformers:`, in
 * `kustomize build --enable-alpha-plugins --enable-exec` (the kustomize CLI this suite's setup
 * builds, the one Argo CD's repo server runs). An overlay of upstream's own files (a namespace
 * and a patch) renders inside kustomize to exactly what `kustomize build overlay | dynamo-iac
 * render -` prints; a graph the function refuses fails the build with its one-line problem.
 * Upstream's files are copied into a temporary directory: nothing is written into the repository.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseAllDocuments, stringify } from 'yaml';
import { upstreamRoot } from '../conformance/upstream-tree';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bin', 'dynamo-iac');
const NS = 'team-a';

let work: string;

interface Obj {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
}

function run(cmd: string, args: string[], input = '') {
  const r = spawnSync(cmd, args, {
    cwd: work,
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // bin/dynamo-iac starts with `#!/usr/bin/env node`: this Node first on PATH.
    env: { ...process.env, NODE_OPTIONS: '', PATH: [path.dirname(process.execPath), process.env.PATH].join(':') },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function kustomize(...args: string[]) {
  const bin = process.env.DYNAMO_IAC_KUSTOMIZE;
  if (!bin) throw new Error('run with `npm run test:argo` (DYNAMO_IAC_KUSTOMIZE comes from its global setup)');
  return run(bin, ['build', ...args]);
}

const objects = (text: string) => parseAllDocuments(text).map((d) => d.toJSON() as Obj);
const id = (o: Obj) => `${o.apiVersion} ${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`;
const sorted = (os: Obj[]) => [...os].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));

function write(dir: string, files: Record<string, unknown>): string {
  const at = path.join(work, dir);
  fs.mkdirSync(at, { recursive: true });
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(path.join(at, name), typeof content === 'string' ? content : stringify(content));
  return at;
}

/**
 * base/ (upstream's file as it is), overlay/ (a namespace and a JSON patch of the frontend's
 * image: upstream ships a placeholder tag) and rendered/ (the overlay, and the function).
 */
function layout(name: string, upstream: string, patches: object[]): { overlay: string; rendered: string } {
  write(`${name}/base`, {
    'kustomization.yaml': { resources: [path.basename(upstream)] },
    [path.basename(upstream)]: fs.readFileSync(path.join(upstreamRoot(), upstream), 'utf8'),
  });
  const overlay = write(`${name}/overlay`, {
    'kustomization.yaml': {
      resources: ['../base'],
      namespace: NS,
      patches: patches.map((p) => ({
        target: { group: 'nvidia.com', kind: 'DynamoGraphDeployment' },
        patch: stringify(p),
      })),
    },
  });
  const rendered = write(`${name}/rendered`, {
    'kustomization.yaml': { resources: ['../overlay'], transformers: ['dynamo-iac.yaml'] },
    'dynamo-iac.yaml': {
      apiVersion: 'dynamo-iac.io/v1alpha1',
      kind: 'DynamoRender',
      metadata: {
        name: 'render',
        annotations: { 'config.kubernetes.io/function': stringify({ exec: { path: CLI, args: ['krm'] } }) },
      },
      spec: { namespace: NS },
    },
  });
  return { overlay, rendered };
}

/** JSON patches that give every component's main container a release image. */
const releaseImages = (components: number, image: string) =>
  Array.from({ length: components }, (_, i) => ({
    op: 'replace',
    path: `/spec/components/${i}/podTemplate/spec/containers/0/image`,
    value: image,
  }));

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-krm-'));
});

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

test.each([
  [
    'vllm agg (a graph alone)',
    'examples/backends/vllm/deploy/agg.yaml',
    2,
    'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1',
  ],
  [
    'trtllm agg-with-config (a ConfigMap beside the graph)',
    'examples/backends/trtllm/deploy/agg-with-config.yaml',
    2,
    'nvcr.io/nvidia/ai-dynamo/tensorrtllm-runtime:0.6.1',
  ],
])(
  'upstream %s: kustomize with the exec function renders what `kustomize build | dynamo-iac render -` does',
  (name, upstream, components, image) => {
    const dir = name.split(' ')[0] + '-' + name.split(' ')[1];
    const { overlay, rendered } = layout(dir, upstream, [releaseImages(components, image)]);

    const plain = kustomize(overlay);
    expect(plain.stderr).toBe('');
    const piped = run(process.execPath, [CLI, 'render', '-'], plain.stdout);
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(0);

    const krm = kustomize('--enable-alpha-plugins', '--enable-exec', rendered);
    expect(krm.stderr).toBe('');
    expect(krm.code).toBe(0);
    const got = objects(krm.stdout);
    const want = objects(piped.stdout);
    expect(want.map((o) => o.kind)).toEqual(expect.arrayContaining(['Deployment', 'Service', 'DynamoGraphDeployment']));
    expect(got.map(id).sort()).toEqual(want.map(id).sort());
    expect(sorted(got)).toEqual(sorted(want));
    // The overlay's namespace reached every namespaced object; kustomize's tracking annotations none.
    expect(new Set(got.filter((o) => o.kind !== 'ClusterRole').map((o) => o.metadata.namespace))).toEqual(
      new Set([NS]),
    );
    expect(krm.stdout).not.toMatch(/config\.kubernetes\.io|kustomize\.config\.k8s\.io/);
  },
);

test('a graph the function refuses fails `kustomize build` with the one-line problem, no stack', () => {
  const { rendered } = layout('refused', 'examples/backends/vllm/deploy/agg.yaml', [
    [{ op: 'replace', path: '/spec/components/0/replicas', value: 'one' }],
  ]);
  const r = kustomize('--enable-alpha-plugins', '--enable-exec', rendered);
  expect(r.code).not.toBe(0);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/items\[\d+\] \(DynamoGraphDeployment vllm-agg\): spec\.components\[\w+\]\.replicas: /);
  expect(r.stderr).not.toMatch(/\n\s+at .*\.js:\d+/);
});
