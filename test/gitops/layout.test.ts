import type { ValidatedGraph } from '../../src/api/validated-graph';
import { parse } from 'yaml';
import { loadGraph, resolveSettings } from '../../src/api';
import { KubeObject } from '../../src/api/k8s-types';
import { crdManifests } from '../../src/crds';
import { GENERATED_MARKER, gitOpsLayout, GitOpsLayoutError, GraphObjects } from '../../src/gitops/layout';
import { splitByGraph } from '../../src/gitops/graphs';
import { SUBSTITUTE_ANNOTATION } from '../../src/gitops/substitution';
import { renderEachGraph } from '../../src/render';
import { renderPlatform } from '../../src/platform/platform';
import { releaseCrdManifests } from '../../src/platform/release-crds';

const obj = (kind: string, name: string, namespace?: string, extra: object = {}): KubeObject => ({
  apiVersion: kind === 'Deployment' ? 'apps/v1' : 'v1',
  kind,
  metadata: { name, ...(namespace ? { namespace } : {}) },
  ...extra,
});

const paths = (files: { path: string }[]) => files.map((f) => f.path);
const fileOf = (files: { path: string; content: string }[], p: string) => files.find((f) => f.path === p)?.content;
const resourcesOf = (files: { path: string; content: string }[], dir: string) =>
  parse(fileOf(files, `${dir}/kustomization.yaml`)!).resources;

describe('gitOpsLayout', () => {
  const platform = renderPlatform({ namespace: 'dynamo-system', version: '1.2.3' });
  const graphA: GraphObjects = {
    name: 'a',
    namespace: 'llm',
    objects: [
      obj('Deployment', 'a-frontend', 'llm'),
      obj('ServiceAccount', 'planner-serviceaccount', 'llm'),
      obj('Service', 'a-frontend', 'llm'),
    ],
  };
  const graphB: GraphObjects = {
    name: 'b',
    namespace: 'llm',
    objects: [obj('Deployment', 'b-frontend', 'llm'), obj('ServiceAccount', 'planner-serviceaccount', 'llm')],
  };
  const graphC: GraphObjects = { name: 'a', namespace: 'other', objects: [obj('Deployment', 'a-frontend', 'other')] };

  test('layers: CRDs (also those the platform carries) in crds/, the operator in platform/, each graph in graphs/<ns>/<graph>/', () => {
    const { files, layers } = gitOpsLayout({ platform, graphs: [graphA, graphB, graphC] });
    expect(layers).toEqual(['crds', 'platform', 'graphs']);
    const crds = paths(files).filter((p) => p.startsWith('crds/'));
    expect(crds).toEqual([
      ...releaseCrdManifests()
        .map((c: any) => `crds/customresourcedefinition-${c.metadata.name}.yaml`)
        .sort(),
      'crds/kustomization.yaml',
    ]);
    expect(paths(files)).toEqual(
      expect.arrayContaining([
        'platform/dynamo-system/deployment-dynamo-iac-operator.yaml',
        'platform/clusterrole-dynamo-iac-operator.yaml',
        'graphs/llm/a/deployment-a-frontend.yaml',
        'graphs/llm/a/service-a-frontend.yaml',
        'graphs/llm/b/deployment-b-frontend.yaml',
        // Same graph name in another namespace: its own directory.
        'graphs/other/a/deployment-a-frontend.yaml',
      ]),
    );
    expect(paths(files).some((p) => p.startsWith('platform/customresourcedefinition'))).toBe(false);
    expect(paths(files)).toEqual([...paths(files)].sort());
  });

  test('an object two graphs render goes to graphs/<ns>/_shared/, once, so removing one graph never prunes it', () => {
    const { files } = gitOpsLayout({ graphs: [graphA, graphB] });
    const sa = paths(files).filter((p) => p.includes('serviceaccount-planner-serviceaccount'));
    expect(sa).toEqual(['graphs/llm/_shared/serviceaccount-planner-serviceaccount.yaml']);
    // With graph b gone, the account is graph a's own.
    expect(paths(gitOpsLayout({ graphs: [graphA] }).files)).toContain(
      'graphs/llm/a/serviceaccount-planner-serviceaccount.yaml',
    );
  });

  test('every directory has a kustomization.yaml listing its files and subdirectories, sorted, under the generated marker', () => {
    const { files } = gitOpsLayout({ platform, graphs: [graphA, graphB, graphC], shared: [obj('Namespace', 'llm')] });
    expect(resourcesOf(files, 'graphs')).toEqual(['llm', 'other']);
    expect(resourcesOf(files, 'graphs/llm')).toEqual(['_shared', 'a', 'b']);
    expect(resourcesOf(files, 'graphs/llm/a')).toEqual(['deployment-a-frontend.yaml', 'service-a-frontend.yaml']);
    // A Namespace outside any graph is a platform object: it must exist before the graphs in it.
    expect(resourcesOf(files, 'platform')).toContain('namespace-llm.yaml');
    // The operator's namespaced objects sit under platform/<namespace>/, so several operators fit.
    expect(resourcesOf(files, 'platform')).toContain('dynamo-system');
    expect(resourcesOf(files, 'platform/dynamo-system')).toContain('deployment-dynamo-iac-operator.yaml');
    const kustomizations = files.filter((f) => f.path.endsWith('/kustomization.yaml'));
    expect(kustomizations.map((f) => f.path).sort()).toEqual([
      'crds/kustomization.yaml',
      'graphs/kustomization.yaml',
      'graphs/llm/_shared/kustomization.yaml',
      'graphs/llm/a/kustomization.yaml',
      'graphs/llm/b/kustomization.yaml',
      'graphs/llm/kustomization.yaml',
      'graphs/other/a/kustomization.yaml',
      'graphs/other/kustomization.yaml',
      'platform/dynamo-system/kustomization.yaml',
      'platform/kustomization.yaml',
    ]);
    for (const k of kustomizations) {
      expect(k.content.split('\n')[0]).toBe(GENERATED_MARKER);
      expect(parse(k.content)).toMatchObject({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization' });
    }
    // Every file of a directory is listed by exactly that directory's kustomization.
    for (const f of files.filter((x) => !x.path.endsWith('/kustomization.yaml'))) {
      const dir = f.path.slice(0, f.path.lastIndexOf('/'));
      expect(resourcesOf(files, dir)).toContain(f.path.slice(dir.length + 1));
    }
  });

  test('deterministic: the same objects in another order give the same files, byte for byte', () => {
    const one = gitOpsLayout({ platform, graphs: [graphA, graphB, graphC] });
    const two = gitOpsLayout({
      platform: [...platform].reverse(),
      graphs: [graphC, { ...graphB, objects: [...graphB.objects].reverse() }, graphA],
    });
    expect(two.files).toEqual(one.files);
  });

  test('objects whose YAML contains ${ carry the Flux substitution guard; others are written as rendered', () => {
    const script = obj('Deployment', 'a-worker', 'llm', {
      spec: {
        template: {
          spec: { containers: [{ name: 'main', command: ['sh', '-c', 'exec run --rank ${LWS_WORKER_INDEX}'] }] },
        },
      },
    });
    const plain = obj('Deployment', 'a-frontend', 'llm');
    const { files } = gitOpsLayout({ graphs: [{ name: 'a', namespace: 'llm', objects: [script, plain] }] });
    expect(parse(fileOf(files, 'graphs/llm/a/deployment-a-worker.yaml')!).metadata.annotations).toEqual({
      [SUBSTITUTE_ANNOTATION]: 'disabled',
    });
    expect(parse(fileOf(files, 'graphs/llm/a/deployment-a-frontend.yaml')!).metadata).toEqual({
      name: 'a-frontend',
      namespace: 'llm',
    });
    const off = gitOpsLayout({
      graphs: [{ name: 'a', namespace: 'llm', objects: [script] }],
      substitutionGuard: false,
    });
    expect(parse(fileOf(off.files, 'graphs/llm/a/deployment-a-worker.yaml')!).metadata.annotations).toBeUndefined();
    // The Grafana dashboard's ${datasource} is guarded too.
    const monitored = gitOpsLayout({
      platform: renderPlatform({ namespace: 'dynamo-system', version: '1', monitoring: true }),
    });
    expect(
      parse(fileOf(monitored.files, 'platform/dynamo-system/configmap-dynamo-iac-operator-dashboard.yaml')!).metadata
        .annotations,
    ).toEqual({ [SUBSTITUTE_ANNOTATION]: 'disabled' });
  });

  test('refuses what cannot be written: conflicting content, two objects in one file, names that are not DNS-style', () => {
    const other = {
      ...graphB,
      objects: [{ ...obj('ServiceAccount', 'planner-serviceaccount', 'llm'), automountServiceAccountToken: false }],
    };
    expect(() => gitOpsLayout({ graphs: [graphA, other] })).toThrow(
      new GitOpsLayoutError(
        'ServiceAccount "llm/planner-serviceaccount" is rendered with different content by graph llm/a and by graph llm/b',
      ),
    );
    const knative = { ...obj('Service', 'x', 'llm'), apiVersion: 'serving.knative.dev/v1' };
    expect(() => gitOpsLayout({ platform: [obj('Service', 'x', 'llm'), knative] })).toThrow(
      'two objects would be written to platform/llm/service-x.yaml: v1/Service/llm/x and serving.knative.dev/v1/Service/llm/x',
    );
    // The same kind and name in two namespaces is fine: two directories.
    expect(
      paths(gitOpsLayout({ platform: [obj('ConfigMap', 'x', 'ns1'), obj('ConfigMap', 'x', 'ns2')] }).files),
    ).toEqual(expect.arrayContaining(['platform/ns1/configmap-x.yaml', 'platform/ns2/configmap-x.yaml']));
    expect(() => gitOpsLayout({ shared: [obj('ConfigMap', '../../etc', 'llm')] })).toThrow(
      'cannot name a file or directory for ConfigMap "../../etc": "../../etc" is not a DNS-style name',
    );
    expect(() => gitOpsLayout({ graphs: [{ name: 'a', namespace: 'Bad_NS', objects: [] }] })).toThrow(
      GitOpsLayoutError,
    );
  });

  test('only the layers given are laid out', () => {
    expect(gitOpsLayout({ crds: crdManifests() as KubeObject[] }).layers).toEqual(['crds']);
    expect(paths(gitOpsLayout({ graphs: [] }).files)).toEqual(['graphs/kustomization.yaml']);
  });
});

describe('splitByGraph + gitOpsLayout on real graphs', () => {
  const graph = (name: string) =>
    loadGraph({
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name, namespace: 'llm' },
      spec: {
        backendFramework: 'vllm',
        components: [
          {
            name: 'Frontend',
            type: 'frontend',
            replicas: 1,
            podTemplate: { spec: { containers: [{ name: 'main', image: 'img:1' }] } },
          },
          {
            name: 'Planner',
            type: 'planner',
            replicas: 1,
            podTemplate: { spec: { containers: [{ name: 'main', image: 'img:1' }] } },
          },
          {
            name: 'worker',
            type: 'worker',
            replicas: 1,
            podTemplate: {
              spec: {
                containers: [{ name: 'main', image: 'img:1', command: ['python3'], args: ['-m', 'dynamo.vllm'] }],
              },
            },
          },
        ],
      },
    }).model!;

  test("two graphs with a planner in one namespace: the planner ServiceAccount and its binding are shared, everything else is each graph's", () => {
    const settings = resolveSettings({});
    const models = [graph('one'), graph('two')] as ValidatedGraph[];
    const model = {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoModel',
      metadata: { name: 'qwen', namespace: 'llm' },
      spec: {},
    };
    const rendered = renderEachGraph(models, settings);
    const all = [...rendered.objects, model as KubeObject];
    const { graphs, shared } = splitByGraph(rendered.graphs, all);
    expect(shared).toEqual([model]);
    const { files } = gitOpsLayout({ graphs, shared });
    expect(paths(files).filter((p) => p.startsWith('graphs/llm/_shared/'))).toEqual([
      'graphs/llm/_shared/dynamomodel-qwen.yaml',
      'graphs/llm/_shared/kustomization.yaml',
      'graphs/llm/_shared/rolebinding-planner-serviceaccount-binding.yaml',
      'graphs/llm/_shared/serviceaccount-planner-serviceaccount.yaml',
    ]);
    // Every rendered object is in exactly one file.
    expect(files.filter((f) => !f.path.endsWith('kustomization.yaml'))).toHaveLength(all.length);
    expect(
      paths(files)
        .filter((p) => p.startsWith('graphs/llm/one/'))
        .every((p) => !p.includes('planner-serviceaccount')),
    ).toBe(true);
  });
});
