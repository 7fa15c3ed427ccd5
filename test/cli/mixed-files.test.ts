/**
 * Mixed files: documents of other kinds beside the graphs (what upstream's examples ship for
 * `kubectl apply -f`) pass through render and validate unchanged; `--only-dynamo` refuses them.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { lines, run } from './run';
import { upstreamRoot } from '../conformance/upstream-tree';

const UPSTREAM = upstreamRoot();
const upstreamFile = (rel: string) => path.join(UPSTREAM, rel);
const docs = (yaml: string) => parseAllDocuments(yaml).map((d) => d.toJS());
const ids = (yaml: string) => docs(yaml).map((o) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`);

/**
 * An upstream example as text, with a release tag for its `my-tag` placeholder images (upstream's
 * webhook takes only semantic-version tags), so the test is about the other documents.
 */
function upstreamExample(rel: string): string {
  return fs.readFileSync(upstreamFile(rel), 'utf8').replace(/:my-tag\b/g, ':0.9.0');
}

const TRTLLM_AGG = 'examples/backends/trtllm/deploy/agg-with-config.yaml';
const XPU_DRA = 'examples/backends/vllm/deploy/xpu/agg_xpu_dra.yaml';

const CONFIG_MAP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: engine-config
data:
  retries: "3"
`;

const GRAPH = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'agg-v1beta1.yaml'), 'utf8');

/** The kustomize CLI (what `kubectl kustomize` runs), or undefined when it is not built (never builds here). */
function cachedKustomize(): string | undefined {
  const build = path.join(__dirname, '..', 'infra', 'build.sh');
  const r = spawnSync('bash', [build, '--cached-only', '--print-paths', 'kustomize'], { encoding: 'utf8' });
  return r.status === 0 ? /^KUSTOMIZE=(.*)$/m.exec(r.stdout)?.[1] : undefined;
}

describe('mixed files', () => {
  test("upstream's trtllm agg-with-config: its ConfigMap passes through unchanged, before the rendered objects", () => {
    const text = upstreamExample(TRTLLM_AGG);
    const r = run(['render', '-'], { input: text });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = docs(r.stdout);
    const input = docs(text).find((d) => d.kind === 'ConfigMap');
    // Unchanged but for the default namespace a namespaced kind gets.
    expect(out[0]).toEqual({ ...input, metadata: { ...input.metadata, namespace: 'default' } });
    expect(out.filter((o) => o.kind === 'DynamoGraphDeployment')).toHaveLength(1);
  });

  test("upstream's XPU DRA example: the ResourceClaimTemplate passes through, in --namespace", () => {
    const text = upstreamExample(XPU_DRA);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mixed-')), 'agg_xpu_dra.yaml');
    fs.writeFileSync(file, text);
    const r = run(['render', '-n', 'inference', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const input = docs(text)[0];
    expect(input.kind).toBe('ResourceClaimTemplate');
    expect(docs(r.stdout)[0]).toEqual({ ...input, metadata: { ...input.metadata, namespace: 'inference' } });
    expect(ids(r.stdout)).toContain('DynamoGraphDeployment/inference/vllm-agg-xpu-dra');
  });

  test('other objects keep their input order, before every rendered object; a namespace given is kept', () => {
    const input = [
      'apiVersion: v1\nkind: Secret\nmetadata: {name: z-token, namespace: secrets}\nstringData: {token: x}\n',
      GRAPH,
      CONFIG_MAP,
      'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: a-cache}\nspec: {accessModes: [ReadWriteMany], resources: {requests: {storage: 10Gi}}}\n',
    ].join('---\n');
    const r = run(['render', '-'], { input });
    expect(r.code).toBe(0);
    expect(ids(r.stdout).slice(0, 4)).toEqual([
      'Secret/secrets/z-token',
      'ConfigMap/default/engine-config',
      'PersistentVolumeClaim/default/a-cache',
      'ServiceAccount/default/vllm-agg-k8s-service-discovery',
    ]);
    expect(r.stdout).toBe(run(['render', '-'], { input }).stdout);
  });

  test('cluster-scoped kinds get no namespace; a CRD kind passes through exactly as written', () => {
    const input = [
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\nmetadata: {name: readers}\nroleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: view}\nsubjects: [{kind: ServiceAccount, name: x, namespace: y}]\n',
      'apiVersion: resource.nvidia.com/v1beta1\nkind: ComputeDomain\nmetadata: {name: nvlink}\nspec: {numNodes: 2, channel: {resourceClaimTemplate: {name: nvlink-channel}}}\n',
      GRAPH,
    ].join('---\n');
    const r = run(['render', '-n', 'inference', '-'], { input });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = docs(r.stdout);
    expect(out[0]).toEqual(docs(input)[0]);
    expect(out[1]).toEqual(docs(input)[1]);
  });

  test('a ConfigMap whose data is not a map of strings is refused with the field path', () => {
    const input = `${GRAPH}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: cfg}\ndata: {retries: 3, "bad key": x, nested: {a: b}}\n`;
    const r = run(['render', '-'], { input });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const at = '- (document 2, ConfigMap cfg, line 37)';
    expect(lines(r.stderr)).toEqual([
      `${at}: data[retries]: must be a string (quote it: "3")`,
      `${at}: data[nested]: must be a string`,
      `${at}: data[bad key]: Invalid value: "bad key": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (at most 253)`,
    ]);
  });

  test('a PVC with a bad quantity and a list that is not one: one line per problem', () => {
    const input =
      'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: p}\nspec: {accessModes: ReadWriteOnce, resources: {requests: {storage: lots}}}\n';
    const r = run(['validate', '-'], { input });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      '-: spec.accessModes: must be a list',
      expect.stringMatching(/^-: spec\.resources\.requests\[storage\]: invalid quantity "lots": /),
    ]);
  });

  test('a kind dynamo-iac does not know needs apiVersion, kind and metadata.name', () => {
    const input =
      'apiVersion: resource.nvidia.com/v1beta1\nkind: ComputeDomain\nmetadata: {labels: {app: x}}\nspec: {}\n---\nkind: Widget\nmetadata: {name: w}\n';
    const r = run(['validate', '-'], { input });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      '- (document 1, ComputeDomain, line 1): metadata.name: Required value',
      '- (document 2, Widget w, line 6): apiVersion: Required value',
    ]);
  });

  test('an object with the identity of a rendered one but other content is refused', () => {
    const sa =
      'apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: vllm-agg-k8s-service-discovery, namespace: default}\nautomountServiceAccountToken: false\n';
    const r = run(['render', '-'], { input: `${GRAPH}---\n${sa}` });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      '- (document 2, ServiceAccount vllm-agg-k8s-service-discovery, line 37): metadata.name: ServiceAccount "default/vllm-agg-k8s-service-discovery" is also rendered from a Dynamo manifest, with different content',
    ]);
  });

  test('validate counts the objects passed through', () => {
    const r = run(['validate', '-'], { input: `${GRAPH}---\n${CONFIG_MAP}` });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('1 graph, 1 other object valid\n');
  });

  test.each(['render', 'validate'])('%s --only-dynamo refuses other kinds as before', (command) => {
    const r = run([command, '--only-dynamo', '-'], { input: `${GRAPH}---\n${CONFIG_MAP}` });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(
        /^- \(document 2, ConfigMap engine-config, line 37\): kind: ConfigMap is not a Dynamo kind: /,
      ),
    ]);
  });

  test.each([
    ['gitops', ['gitops', '--no-platform', '--no-crds']],
    ['render --layout gitops', ['render', '--layout', 'gitops']],
  ])(
    "%s: other objects go in the folder of their file's graph; a file without a graph's go to _shared/ or platform/",
    (_, command) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mixed-'));
      fs.writeFileSync(path.join(dir, 'graph.yaml'), `${CONFIG_MAP}---\n${GRAPH}`);
      fs.writeFileSync(
        path.join(dir, 'alone.yaml'),
        'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lonely}\ndata: {a: b}\n---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: reader}\nrules: []\n',
      );
      const out = path.join(dir, 'repo');
      const r = run([...command, '-o', out, path.join(dir, 'graph.yaml'), path.join(dir, 'alone.yaml')]);
      expect(r.code).toBe(0);
      const files = (sub: string) => fs.readdirSync(path.join(out, sub)).sort();
      expect(files('graphs/default/vllm-agg')).toContain('configmap-engine-config.yaml');
      expect(files('graphs/default/_shared')).toEqual(['configmap-lonely.yaml', 'kustomization.yaml']);
      expect(files('platform')).toEqual(['clusterrole-reader.yaml', 'kustomization.yaml']);
    },
  );

  const kustomize = cachedKustomize();
  // Skipped, and saying so, where the kustomize CLI is not built (never built here).
  const notBuilt = kustomize === undefined ? ' (skipped: not built: bash test/infra/build.sh kustomize)' : '';
  (notBuilt ? test.skip : test)(
    `kustomize build of an overlay of upstream's file, piped into render -: every object, in the overlay's namespace${notBuilt}`,
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mixed-'));
      fs.writeFileSync(path.join(dir, 'agg.yaml'), upstreamExample(TRTLLM_AGG));
      fs.writeFileSync(
        path.join(dir, 'kustomization.yaml'),
        'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: inference\nresources: [agg.yaml]\n',
      );
      const built = execFileSync(kustomize!, ['build', dir], { encoding: 'utf8' });
      const r = run(['render', '-'], { input: built });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(ids(r.stdout)[0]).toBe('ConfigMap/inference/nvidia-config');
      expect(docs(r.stdout)[0]).toEqual(docs(built).find((d) => d.kind === 'ConfigMap'));
      expect(ids(r.stdout)).toContain('DynamoGraphDeployment/inference/trtllm-agg');
    },
  );

  test('--help describes --only-dynamo for render, validate and gitops', () => {
    for (const command of ['render', 'validate', 'gitops'])
      expect(run([command, '--help']).stdout).toMatch(/--only-dynamo\s+refuse documents that are not Dynamo kinds/);
  });
});
