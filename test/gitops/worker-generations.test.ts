/**
 * The GitOps writer carries a graph's previous worker generation (issue 28, docs/rollouts.md):
 * objects written by hand in the shape the render gives them, through writeCarryingGenerations as
 * `dynamo-iac gitops` and DynamoGitOpsApp call it.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubeObject } from '../../src/api/k8s-types';
import { fluxKustomizations } from '../../src/gitops/flux';
import { gitOpsLayout, GitOpsLayoutInput } from '../../src/gitops/layout';
import { GraphCarry } from '../../src/gitops/worker-generations';
import { writeCarryingGenerations, writeGitOpsLayout, WriteLayoutResult } from '../../src/gitops/write';
import { toYaml } from '../../src/output/yaml';
import { ANNOTATION, LABEL } from '../../src/render/labels';

type Mode = 'operator' | 'commits';

interface Graph {
  hash: string;
  mode?: Mode;
  frontendImage?: string;
  replicas?: number;
  record?: boolean;
}

const PRUNE = { 'kustomize.toolkit.fluxcd.io/prune': 'disabled', 'argocd.argoproj.io/sync-options': 'Prune=false' };

/** What the render gives for graph `g` in namespace `llm`: record, frontend, one decode worker generation. */
function rendered({
  hash,
  mode = 'operator',
  frontendImage = 'fe:1',
  replicas = 2,
  record = true,
}: Graph): KubeObject[] {
  const labels = { [LABEL.graphName]: 'g', [LABEL.component]: 'decode', [LABEL.workerHash]: hash };
  const annotations = mode === 'operator' ? PRUNE : undefined;
  const objects: KubeObject[] = [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'g-frontend', namespace: 'llm' },
      spec: { template: { spec: { containers: [{ name: 'main', image: frontendImage }] } } },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: `g-decode-${hash}`, namespace: 'llm', labels, annotations },
      spec: {
        ...(mode === 'commits' ? { replicas } : {}),
        template: {
          metadata: { labels },
          spec: {
            containers: [
              {
                name: 'main',
                image: `worker:${hash}`,
                env: [{ name: 'DYN_NAMESPACE_WORKER_SUFFIX', value: hash }],
                command: ['sh', '-c', 'exec worker --model ${MODEL}'],
              },
            ],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: `g-decode-${hash}`, namespace: 'llm', labels, annotations },
      spec: { selector: labels, ports: [{ port: 9090 }] },
    },
  ];
  if (record) {
    objects.push({
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoGraphDeployment',
      metadata: {
        name: 'g',
        namespace: 'llm',
        annotations: { [ANNOTATION.currentWorkerHash]: hash, [ANNOTATION.workerRollout]: mode },
      },
      spec: { services: { Frontend: { replicas: 1 }, decode: { replicas } } },
    });
  }
  return objects;
}

/** What an in-place render gave for the same graph: the decode worker under its stable name. */
const inPlaceWorker = (kind: 'Deployment' | 'Service'): KubeObject => ({
  apiVersion: kind === 'Deployment' ? 'apps/v1' : 'v1',
  kind,
  metadata: { name: 'g-decode', namespace: 'llm', labels: { [LABEL.graphName]: 'g', [LABEL.component]: 'decode' } },
  spec: kind === 'Deployment' ? { replicas: 2 } : { ports: [{ port: 9090 }] },
});

const RECORD = 'graphs/llm/g/dynamographdeployment-g.yaml';
const files = (hash: string) => [
  `graphs/llm/g/deployment-g-decode-${hash}.yaml`,
  `graphs/llm/g/service-g-decode-${hash}.yaml`,
];

describe('carrying worker generations in the GitOps tree', () => {
  let repo: string;
  beforeEach(() => {
    repo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-generations-')), 'repo');
  });
  afterEach(() => fs.rmSync(path.dirname(repo), { recursive: true, force: true }));

  let carry: { readonly graphs: readonly GraphCarry[] };
  const write = (g: Graph, retirePrevious = false, extra: Partial<GitOpsLayoutInput> = {}): WriteLayoutResult => {
    const input = { graphs: [{ name: 'g', namespace: 'llm', objects: rendered(g) }], ...extra };
    const written = writeCarryingGenerations(input, repo, { retirePrevious });
    carry = written;
    return written.result;
  };
  const read = (f: string) => fs.readFileSync(path.join(repo, f), 'utf8');
  const exists = (f: string) => fs.existsSync(path.join(repo, f));
  const hashes = () => /dynamo-iac\.io\/worker-hashes: (\S+)/.exec(read(RECORD))?.[1];
  const listed = () => read('graphs/llm/g/kustomization.yaml');

  test('a hash change carries the previous generation, byte for byte, and lists both in the record', () => {
    write({ hash: 'aaaaaaaa' });
    const before = files('aaaaaaaa').map(read);
    expect(hashes()).toBeUndefined();
    write({ hash: 'bbbbbbbb' });
    expect(files('aaaaaaaa').map(read)).toEqual(before);
    for (const f of files('bbbbbbbb')) expect(exists(f)).toBe(true);
    expect(hashes()).toBe('bbbbbbbb,aaaaaaaa');
    expect(read(RECORD)).toContain(`${ANNOTATION.currentWorkerHash}: bbbbbbbb`);
    // The substitution guard is already on the carried objects; it is not applied twice.
    expect(read(files('aaaaaaaa')[0]).match(/substitute: disabled/g)).toHaveLength(1);
    for (const f of [...files('aaaaaaaa'), ...files('bbbbbbbb')]) expect(listed()).toContain(path.basename(f));
    expect(carry.graphs).toEqual([
      expect.objectContaining({ current: 'bbbbbbbb', changed: true, carried: ['aaaaaaaa'], dropped: [] }),
    ]);
  });

  test('a second identical run writes the same bytes and touches no file', () => {
    write({ hash: 'aaaaaaaa' });
    write({ hash: 'bbbbbbbb' });
    const snapshot = new Map(
      (fs.readdirSync(repo, { recursive: true }) as string[])
        .filter((f) => fs.statSync(path.join(repo, f)).isFile())
        .map((f) => [f, [read(f), fs.statSync(path.join(repo, f)).mtimeMs]]),
    );
    expect(write({ hash: 'bbbbbbbb' })).toEqual({ written: [], removed: [], unchanged: snapshot.size });
    for (const [f, v] of snapshot) expect([read(f), fs.statSync(path.join(repo, f)).mtimeMs]).toEqual(v);
    expect(carry.graphs[0]).toMatchObject({ changed: false, carried: ['aaaaaaaa'] });
  });

  test('a frontend-only change and a scaling change carry nothing new', () => {
    write({ hash: 'aaaaaaaa' });
    expect(write({ hash: 'aaaaaaaa', frontendImage: 'fe:2' }).written).toEqual([
      'graphs/llm/g/deployment-g-frontend.yaml',
    ]);
    expect(write({ hash: 'aaaaaaaa', frontendImage: 'fe:2', replicas: 5 }).written).toEqual([RECORD]);
    expect(hashes()).toBeUndefined();
    // With a generation already carried, both keep exactly that one.
    write({ hash: 'bbbbbbbb', frontendImage: 'fe:2', replicas: 5 });
    expect(write({ hash: 'bbbbbbbb', frontendImage: 'fe:3', replicas: 5 }).written).toEqual([
      'graphs/llm/g/deployment-g-frontend.yaml',
    ]);
    expect(write({ hash: 'bbbbbbbb', frontendImage: 'fe:3', replicas: 1 }).written).toEqual([RECORD]);
    expect(hashes()).toBe('bbbbbbbb,aaaaaaaa');
  });

  test("'operator' mode: the next hash change drops the oldest generation (prune is off on it; the operator retires it)", () => {
    write({ hash: 'aaaaaaaa' });
    write({ hash: 'bbbbbbbb' });
    const r = write({ hash: 'cccccccc' });
    expect(r.removed).toEqual(files('aaaaaaaa'));
    expect(hashes()).toBe('cccccccc,bbbbbbbb');
    for (const f of [...files('bbbbbbbb'), ...files('cccccccc')]) expect(exists(f)).toBe(true);
    expect(carry.graphs[0]).toMatchObject({ carried: ['bbbbbbbb'], dropped: ['aaaaaaaa'] });
  });

  test("'commits' mode keeps every previous generation until --retire-previous, which drops them all", () => {
    write({ hash: 'aaaaaaaa', mode: 'commits' });
    write({ hash: 'bbbbbbbb', mode: 'commits' });
    write({ hash: 'cccccccc', mode: 'commits' });
    expect(hashes()).toBe('cccccccc,bbbbbbbb,aaaaaaaa');
    // At their own replicas, as they were rendered.
    expect(read(files('aaaaaaaa')[0])).toContain('replicas: 2');
    const r = write({ hash: 'cccccccc', mode: 'commits' }, true);
    expect(r.removed).toEqual([...files('aaaaaaaa'), ...files('bbbbbbbb')].sort());
    expect(r.written).toEqual([RECORD, 'graphs/llm/g/kustomization.yaml']);
    expect(hashes()).toBeUndefined();
    expect(carry.graphs[0]).toMatchObject({ carried: [], dropped: ['bbbbbbbb', 'aaaaaaaa'] });
    // Nothing left to retire: the carry says so, and the tree does not change.
    expect(write({ hash: 'cccccccc', mode: 'commits' }, true).written).toEqual([]);
    expect(carry.graphs[0]).toMatchObject({ carried: [], dropped: [] });
  });

  test('rolling back to a carried generation renders it anew and carries the one it replaces', () => {
    write({ hash: 'aaaaaaaa', mode: 'commits' });
    write({ hash: 'bbbbbbbb', mode: 'commits' });
    write({ hash: 'aaaaaaaa', mode: 'commits' });
    expect(hashes()).toBe('aaaaaaaa,bbbbbbbb');
    write({ hash: 'bbbbbbbb' });
    expect(hashes()).toBe('bbbbbbbb,aaaaaaaa');
  });

  test('without the graph record the generations are found by their label and kept until retired', () => {
    write({ hash: 'aaaaaaaa', record: false });
    write({ hash: 'bbbbbbbb', record: false });
    write({ hash: 'cccccccc', record: false });
    for (const h of ['aaaaaaaa', 'bbbbbbbb', 'cccccccc']) for (const f of files(h)) expect(exists(f)).toBe(true);
    expect(write({ hash: 'cccccccc', record: false }, true).removed).toHaveLength(4);
  });

  test('the first render with generations keeps the in-place workers, in any mode, until --retire-previous', () => {
    writeGitOpsLayout(
      gitOpsLayout({
        graphs: [
          {
            name: 'g',
            namespace: 'llm',
            objects: [rendered({ hash: 'x' })[0], inPlaceWorker('Deployment'), inPlaceWorker('Service')],
          },
        ],
      }),
      repo,
    );
    const inPlace = ['graphs/llm/g/deployment-g-decode.yaml', 'graphs/llm/g/service-g-decode.yaml'];
    const before = inPlace.map(read);
    write({ hash: 'aaaaaaaa' });
    expect(inPlace.map(read)).toEqual(before);
    expect(carry.graphs[0]).toMatchObject({ inPlaceCarried: ['Deployment/g-decode', 'Service/g-decode'], carried: [] });
    expect(write({ hash: 'aaaaaaaa' }).written).toEqual([]);
    // A worker change before they are retired keeps them too, beside the carried generation.
    write({ hash: 'bbbbbbbb' });
    expect(inPlace.every(exists)).toBe(true);
    expect(hashes()).toBe('bbbbbbbb,aaaaaaaa');
    const r = write({ hash: 'bbbbbbbb' }, true);
    expect(r.removed).toEqual([...files('aaaaaaaa'), ...inPlace].sort());
    expect(carry.graphs[0]).toMatchObject({
      inPlaceCarried: [],
      inPlaceDropped: ['Deployment/g-decode', 'Service/g-decode'],
    });
  });

  test('the Flux Kustomizations still point at the whole graphs layer, whose kustomizations list every generation', () => {
    const flux = fluxKustomizations({
      source: {
        apiVersion: 'source.toolkit.fluxcd.io/v1',
        kind: 'GitRepository',
        name: 'dynamo',
        namespace: 'flux-system',
      },
      layers: ['graphs'],
      path: '.',
    });
    const fluxFiles = () => fs.readdirSync(path.join(repo, 'flux')).map((f) => read(`flux/${f}`));
    write({ hash: 'aaaaaaaa' }, false, { flux });
    const fluxBefore = fluxFiles();
    expect(write({ hash: 'bbbbbbbb' }, false, { flux }).written.filter((f) => f.startsWith('flux/'))).toEqual([]);
    expect(fluxFiles()).toEqual(fluxBefore);
    expect(fluxBefore.join('')).toContain('path: ./graphs');
    expect(read('graphs/kustomization.yaml')).toContain('- llm');
    expect(read('graphs/llm/kustomization.yaml')).toContain('- g');
    for (const f of [...files('aaaaaaaa'), ...files('bbbbbbbb')]) expect(listed()).toContain(`- ${path.basename(f)}`);
  });

  test("only the graph's own generation objects are carried: a labelled file for another namespace or graph is not", () => {
    write({ hash: 'aaaaaaaa' });
    const stray = (name: string, namespace: string, graphName: string): KubeObject => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name, namespace, labels: { [LABEL.graphName]: graphName, [LABEL.workerHash]: 'aaaaaaaa' } },
    });
    fs.writeFileSync(
      path.join(repo, 'graphs/llm/g/configmap-elsewhere.yaml'),
      toYaml(stray('elsewhere', 'kube-system', 'g')),
    );
    fs.writeFileSync(path.join(repo, 'graphs/llm/g/configmap-other.yaml'), toYaml(stray('other', 'llm', 'other')));
    fs.writeFileSync(path.join(repo, 'graphs/llm/g/configmap-mine.yaml'), toYaml(stray('mine', 'llm', 'g')));
    const r = write({ hash: 'bbbbbbbb' });
    expect(r.removed).toEqual(['graphs/llm/g/configmap-elsewhere.yaml', 'graphs/llm/g/configmap-other.yaml']);
    expect(exists('graphs/llm/g/configmap-mine.yaml')).toBe(true);
  });

  test('a graphs layer dynamo-iac did not write is not read; an unreadable file of ours fails the run', () => {
    fs.mkdirSync(path.join(repo, 'graphs/llm/g'), { recursive: true });
    fs.writeFileSync(
      path.join(repo, 'graphs/llm/g/deployment-g-decode-aaaaaaaa.yaml'),
      toYaml(rendered({ hash: 'aaaaaaaa' })[1]),
    );
    let seen: readonly KubeObject[] | undefined;
    writeGitOpsLayout((previous) => {
      seen = previous('llm', 'g');
      return gitOpsLayout({});
    }, repo);
    expect(seen).toEqual([]);
    fs.rmSync(path.join(repo, 'graphs'), { recursive: true });

    write({ hash: 'aaaaaaaa' });
    fs.writeFileSync(path.join(repo, files('aaaaaaaa')[0]), 'kind: [unclosed\n');
    expect(() => write({ hash: 'bbbbbbbb' })).toThrow(
      /graphs\/llm\/g\/deployment-g-decode-aaaaaaaa\.yaml: cannot read the previous output/,
    );
  });
});
