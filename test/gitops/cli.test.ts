import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse } from 'yaml';
import { CLI_FIXTURES, FIXTURES, lines, ROOT, run } from '../cli/run';

/** Every file under dir, relative and sorted. */
function tree(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

describe('dynamo-iac gitops', () => {
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-gitops-cli-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  const agg = path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml');
  // What a run with the platform layer and the default operator image says after its summary.
  const IMAGE_WARNING =
    'warning: the operator image ghcr.io/dynamo-iac/dynamo-iac-operator:0.0.0 is not published yet: build it (npm run operator-image, or docker build; README "The operator image"), push it, and set --image';
  const two = path.join(ROOT, CLI_FIXTURES, 'two-graphs.yaml');

  test('writes crds/, platform/ and graphs/<namespace>/<graph>/ with the objects render prints, one per file', () => {
    const repo = path.join(work, 'repo');
    const r = run(['gitops', '-o', repo, agg, two]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const files = tree(repo);
    expect(lines(r.stderr)).toEqual([`${repo}: ${files.length} written, 0 removed, 0 unchanged`, IMAGE_WARNING]);
    expect(fs.readdirSync(repo).sort()).toEqual(['crds', 'graphs', 'platform']);
    // The namespaces the operator and the graphs use, as `platform` renders its own by default.
    expect(files.filter((f) => f.startsWith('platform/namespace-'))).toEqual([
      'platform/namespace-default.yaml',
      'platform/namespace-dynamo-system.yaml',
      'platform/namespace-team-b.yaml',
    ]);
    expect(files).toEqual(
      expect.arrayContaining([
        'graphs/default/vllm-agg/deployment-vllm-agg-frontend.yaml',
        'graphs/default/first/dynamographdeployment-first.yaml',
        'graphs/team-b/second/dynamographdeployment-second.yaml',
        'platform/dynamo-system/deployment-dynamo-iac-operator.yaml',
        'crds/customresourcedefinition-dynamographdeployments.nvidia.com.yaml',
      ]),
    );
    // The graph layer holds exactly what `render` prints (none of these objects need the guard).
    const rendered = run(['render', agg, two]).stdout.split('---\n').sort();
    const graphFiles = files.filter((f) => f.startsWith('graphs/') && !f.endsWith('kustomization.yaml'));
    expect(graphFiles.map((f) => fs.readFileSync(path.join(repo, f), 'utf8')).sort()).toEqual(rendered);
    // And the platform layer what `platform` prints, the CRDs moved to crds/ (Namespaces are gitops' own, checked above).
    const platform = run(['platform', '--no-create-namespace'])
      .stdout.split('---\n')
      .map((d) => parse(d))
      .filter((o) => o.kind !== 'CustomResourceDefinition');
    const platformFiles = files.filter((f) => f.startsWith('platform/') && !f.endsWith('kustomization.yaml'));
    expect(platformFiles.filter((f) => !f.startsWith('platform/namespace-'))).toHaveLength(platform.length);
  });

  test('--flux-url adds flux/ with the source and one Kustomization per layer; an OCI URL makes an OCIRepository', () => {
    const repo = path.join(work, 'repo');
    expect(
      run(['gitops', '-o', repo, '--flux-url', 'oci://ghcr.io/acme/deploy', '--flux-path', './prod', agg]).code,
    ).toBe(0);
    expect(tree(path.join(repo, 'flux'))).toEqual([
      'kustomization-dynamo-crds.yaml',
      'kustomization-dynamo-graphs.yaml',
      'kustomization-dynamo-platform.yaml',
      'kustomization.yaml',
      'ocirepository-dynamo.yaml',
    ]);
    const graphs = parse(fs.readFileSync(path.join(repo, 'flux', 'kustomization-dynamo-graphs.yaml'), 'utf8'));
    expect(graphs.spec).toMatchObject({
      path: './prod/graphs',
      sourceRef: { kind: 'OCIRepository', name: 'dynamo' },
      dependsOn: [{ name: 'dynamo-platform' }],
    });
    expect(graphs.spec).toMatchObject({ wait: true });
    expect(graphs.spec.healthCheckExprs[0]).toMatchObject({ kind: 'DynamoGraphDeployment' });
  });

  test('--argocd-url adds argocd/: the root Application, and in argocd/apps the health checks and one Application per layer', () => {
    const repo = path.join(work, 'repo');
    const r = run([
      'gitops',
      '-o',
      repo,
      '--argocd-url',
      'https://github.com/acme/deploy',
      '--argocd-path',
      'prod',
      '--argocd-name',
      'llm',
      '--argocd-server',
      'https://10.0.0.1:6443',
      agg,
    ]);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(repo).sort()).toEqual(['argocd', 'crds', 'graphs', 'platform']);
    expect(tree(path.join(repo, 'argocd'))).toEqual([
      'application-llm.yaml',
      'apps/application-llm-crds.yaml',
      'apps/application-llm-graphs.yaml',
      'apps/application-llm-platform.yaml',
      'apps/configmap-argocd-cm.yaml',
      'apps/kustomization.yaml',
      'kustomization.yaml',
    ]);
    const graphs = parse(fs.readFileSync(path.join(repo, 'argocd', 'apps', 'application-llm-graphs.yaml'), 'utf8'));
    expect(graphs.spec).toMatchObject({
      source: { repoURL: 'https://github.com/acme/deploy', path: 'prod/graphs', targetRevision: 'main' },
      destination: { server: 'https://10.0.0.1:6443' },
    });
    expect(graphs.metadata.annotations).toEqual({ 'argocd.argoproj.io/sync-wave': '2' });
  });

  test('--flux-url with --argocd-url, or an --argocd-url Argo CD cannot read, is a usage error (exit 2) and writes nothing', () => {
    const repo = path.join(work, 'repo');
    const both = run(['gitops', '-o', repo, '--flux-url', 'https://x/a', '--argocd-url', 'https://x/a', agg]);
    expect([both.code, both.stderr]).toEqual([
      2,
      '--flux-url and --argocd-url: choose one GitOps engine; two engines applying one repository fight over every object\n',
    ]);
    const bad = run(['gitops', '-o', repo, '--argocd-url', 'github.com/acme/deploy', agg]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('dynamo-iac gitops: --argocd-url "github.com/acme/deploy": expected https://');
    expect(fs.existsSync(repo)).toBe(false);
  });

  test('re-running with the same input changes no file; dropping a graph removes exactly its files and lists them', () => {
    const repo = path.join(work, 'repo');
    run(['gitops', '-o', repo, agg, two]);
    const stat = (f: string) => fs.statSync(path.join(repo, f));
    const before = new Map(tree(repo).map((f) => [f, [stat(f).ino, stat(f).mtimeMs]]));
    const again = run(['gitops', '-o', repo, agg, two]);
    expect(lines(again.stderr)).toEqual([`${repo}: 0 written, 0 removed, ${before.size} unchanged`, IMAGE_WARNING]);
    expect(new Map(tree(repo).map((f) => [f, [stat(f).ino, stat(f).mtimeMs]]))).toEqual(before);

    const dropped = run(['gitops', '-o', repo, two]);
    expect(dropped.code).toBe(0);
    const removed = lines(dropped.stderr)
      .filter((l) => l.startsWith('removed '))
      .map((l) => l.slice('removed '.length));
    expect(removed).toEqual([...before.keys()].filter((f) => f.startsWith('graphs/default/vllm-agg/')));
    expect(fs.existsSync(path.join(repo, 'graphs', 'default', 'vllm-agg'))).toBe(false);
  });

  test('a layer directory dynamo-iac did not write is a usage error (exit 2), and nothing is written', () => {
    const repo = path.join(work, 'repo');
    fs.mkdirSync(path.join(repo, 'platform'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'platform', 'mine.yaml'), 'kind: ConfigMap\n');
    const r = run(['gitops', '-o', repo, agg]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `${path.join(repo, 'platform')}: exists and was not written by dynamo-iac (no generated kustomization.yaml); pass --force to replace it`,
    ]);
    expect(tree(repo)).toEqual(['platform/mine.yaml']);
    expect(run(['gitops', '-o', repo, '--force', agg]).code).toBe(0);
    expect(fs.existsSync(path.join(repo, 'platform', 'mine.yaml'))).toBe(false);
  });

  test('bad input is exit 1 with the field path and writes nothing; a bad --flux-url is exit 2', () => {
    const repo = path.join(work, 'repo');
    const bad = run(['gitops', '-o', repo, agg, path.join(ROOT, CLI_FIXTURES, 'bad-graph.yaml')]);
    expect(bad.code).toBe(1);
    expect(fs.existsSync(repo)).toBe(false);
    const url = run(['gitops', '-o', repo, '--flux-url', 'github.com/acme/deploy', agg]);
    expect(url.code).toBe(2);
    expect(lines(url.stderr)).toEqual([
      'dynamo-iac gitops: --flux-url "github.com/acme/deploy": expected https://, http://, ssh:// (Git) or oci:// (OCI artifact)',
    ]);
    expect(run(['gitops', agg]).code).toBe(2);
  });

  test('--no-platform --no-crds: only graphs/ is written (the operator and CRDs are owned elsewhere)', () => {
    const repo = path.join(work, 'repo');
    const r = run(['gitops', '-o', repo, '--no-platform', '--no-crds', two]);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(repo)).toEqual(['graphs']);
    // The Namespaces go where the operator's install is managed; the output says which it needs.
    expect(lines(r.stderr).slice(1)).toEqual([
      'note: namespace team-b is not in the output: create it before applying (kubectl create namespace team-b), or add them with --create-namespaces',
    ]);
    expect(run(['gitops', '-o', repo, '--no-platform', '--no-crds', '--create-namespaces', two]).code).toBe(0);
    expect(tree(repo).filter((f) => f.startsWith('platform/'))).toEqual([
      'platform/kustomization.yaml',
      'platform/namespace-default.yaml',
      'platform/namespace-team-b.yaml',
    ]);
  });

  test('render -o DIR --layout gitops writes only graphs/, the same files gitops writes there', () => {
    const viaRender = path.join(work, 'r');
    const viaGitops = path.join(work, 'g');
    const r = run(['render', '-o', viaRender, '--layout', 'gitops', agg, two]);
    expect(r.code).toBe(0);
    expect(fs.readdirSync(viaRender)).toEqual(['graphs']);
    run(['gitops', '-o', viaGitops, agg, two]);
    const graphs = (dir: string) =>
      tree(path.join(dir, 'graphs')).map((f) => [f, fs.readFileSync(path.join(dir, 'graphs', f), 'utf8')]);
    expect(graphs(viaRender)).toEqual(graphs(viaGitops));
    expect(run(['render', '--layout', 'gitops', agg]).code).toBe(2);
    expect(lines(run(['render', '--layout', 'gitops', agg]).stderr)).toEqual(['--layout gitops needs -o <dir>']);
    expect(run(['render', '-o', viaRender, '--layout', 'nested', agg]).code).toBe(2);
  });

  test('--create-namespaces: a Namespace per graph namespace and for the operator, in platform/, never pruned by Flux', () => {
    const repo = path.join(work, 'repo');
    expect(
      run(['gitops', '-o', repo, '--create-namespaces', '--flux-url', 'https://github.com/acme/deploy', agg, two]).code,
    ).toBe(0);
    const namespaces = tree(path.join(repo, 'platform')).filter((f) => f.startsWith('namespace-'));
    expect(namespaces).toEqual(['namespace-default.yaml', 'namespace-dynamo-system.yaml', 'namespace-team-b.yaml']);
    expect(parse(fs.readFileSync(path.join(repo, 'platform', 'namespace-team-b.yaml'), 'utf8'))).toEqual({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name: 'team-b',
        annotations: {
          'argocd.argoproj.io/sync-options': 'Prune=false',
          'kustomize.toolkit.fluxcd.io/prune': 'disabled',
        },
      },
    });
    // Without the operator, the Namespaces alone make a platform layer, and Flux gets a Kustomization for it.
    const bare = path.join(work, 'bare');
    expect(
      run([
        'gitops',
        '-o',
        bare,
        '--no-platform',
        '--no-crds',
        '--create-namespaces',
        '--flux-url',
        'https://github.com/acme/deploy',
        agg,
      ]).code,
    ).toBe(0);
    expect(tree(path.join(bare, 'platform'))).toEqual(['kustomization.yaml', 'namespace-default.yaml']);
    const graphs = parse(fs.readFileSync(path.join(bare, 'flux', 'kustomization-dynamo-graphs.yaml'), 'utf8'));
    expect(graphs.spec.dependsOn).toEqual([{ name: 'dynamo-platform' }]);
  });

  test('--scope namespace with several --platform-namespace: one operator per namespace', () => {
    const repo = path.join(work, 'repo');
    const r = run([
      'gitops',
      '-o',
      repo,
      '--no-crds',
      '--scope',
      'namespace',
      '--platform-namespace',
      'team-a',
      '--platform-namespace',
      'team-b',
      '--flux-url',
      'https://github.com/acme/deploy',
      agg,
    ]);
    expect(r.code).toBe(0);
    expect(tree(path.join(repo, 'platform')).filter((f) => f.includes('deployment-'))).toEqual([
      'team-a/deployment-dynamo-iac-operator.yaml',
      'team-b/deployment-dynamo-iac-operator.yaml',
    ]);
    // Namespace scope: nothing cluster-scoped.
    expect(tree(path.join(repo, 'platform')).filter((f) => !f.includes('/'))).toEqual(['kustomization.yaml']);
    const platform = parse(fs.readFileSync(path.join(repo, 'flux', 'kustomization-dynamo-platform.yaml'), 'utf8'));
    // Both operators are health-checked: the layer waits for every object it applies.
    expect(platform.spec.wait).toBe(true);
    expect(platform.spec.healthChecks).toBeUndefined();
    const cluster = run([
      'gitops',
      '-o',
      repo,
      '--platform-namespace',
      'team-a',
      '--platform-namespace',
      'team-b',
      agg,
    ]);
    expect(cluster.code).toBe(2);
    expect(lines(cluster.stderr)).toEqual([
      '--platform-namespace: more than one needs --scope namespace (cluster scope runs one operator for the whole cluster)',
    ]);
  });

  test('--help explains the layout and what is removed', () => {
    const r = run(['gitops', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('<dir>/graphs/<namespace>/<graph>/');
    expect(r.stdout).toContain('Nothing outside the layer directories is touched');
    expect(r.stdout).toContain('--argocd-url <url>');
    expect(r.stdout).toContain('<dir>/argocd/apps/');
  });

  test('--help documents --retire-previous and where worker rollouts are explained', () => {
    const help = run(['gitops', '--help']).stdout;
    expect(help).toContain('--retire-previous');
    expect(help).toContain('docs/rollouts.md');
  });

  test('--retire-previous with no carried worker generation says there is nothing to retire, and writes as usual', () => {
    const repo = path.join(work, 'repo');
    expect(run(['gitops', '-o', repo, '--no-platform', '--no-crds', agg]).code).toBe(0);
    const r = run(['gitops', '-o', repo, '--no-platform', '--no-crds', '--retire-previous', agg]);
    expect(r.code).toBe(0);
    expect(lines(r.stderr)).toEqual([
      `${repo}: 0 written, 0 removed, ${tree(repo).length} unchanged`,
      `--retire-previous: nothing to retire: no graph in ${repo} carries a previous worker generation`,
    ]);
  });

  (kubectl ? test : test.skip)(
    'kubectl kustomize builds every layer to exactly the objects of its files (needs kubectl on PATH)',
    () => {
      const repo = path.join(work, 'repo');
      run(['gitops', '-o', repo, '--flux-url', 'https://github.com/acme/deploy', agg, two]);
      for (const layer of ['crds', 'platform', 'graphs', 'flux']) {
        const built = spawnSync('kubectl', ['kustomize', path.join(repo, layer)], {
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        expect(built.stderr).toBe('');
        const names = built.stdout
          .split(/^---$/m)
          .map((d) => parse(d))
          .map((o) => `${o.kind}/${o.metadata.name}`)
          .sort();
        const files = tree(path.join(repo, layer))
          .filter((f) => !f.endsWith('kustomization.yaml'))
          .map((f) => parse(fs.readFileSync(path.join(repo, layer, f), 'utf8')))
          .map((o) => `${o.kind}/${o.metadata.name}`)
          .sort();
        expect(names).toEqual(files);
      }
    },
  );
});
