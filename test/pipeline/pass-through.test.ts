/** The manifest pipeline's pass-through step: what every front end that loads manifests gets. */
import * as fs from 'fs';
import * as path from 'path';
import { resolveSettings } from '../../src/api/settings';
import { isNamespacedBuiltin, passThroughProblems } from '../../src/api/validate/pass-through-object';
import { renderManifests } from '../../src/pipeline/manifests';

const settings = resolveSettings({});
const GRAPH = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'agg-v1beta1.yaml'), 'utf8');
const OTHER_GRAPH = GRAPH.replace('name: vllm-agg', 'name: other-agg');
const cm = (name: string, value = 'x') =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\ndata: {k: "${value}"}\n`;
const id = (o: { kind: string; metadata: { namespace?: string; name: string } }) =>
  `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

describe('renderManifests with documents of other kinds', () => {
  test('they come first, in input order; each graph view holds those of its own input only', () => {
    const r = renderManifests(
      [
        { source: 'a.yaml', text: `${cm('b-second')}---\n${GRAPH}---\n${cm('a-first')}` },
        { source: 'b.yaml', text: `${cm('z-other')}---\n${OTHER_GRAPH}` },
      ],
      settings,
      { defaultNamespace: 'team' },
    );
    expect(r.problems).toEqual([]);
    expect(r.objects.slice(0, 3).map(id)).toEqual([
      'ConfigMap/team/b-second',
      'ConfigMap/team/a-first',
      'ConfigMap/team/z-other',
    ]);
    expect(r.passedThrough!.map(id)).toEqual(r.objects.slice(0, 3).map(id));
    const view = (name: string) =>
      r
        .graphs!.find((g) => g.graph.name === name)!
        .objects.filter((o) => o.kind === 'ConfigMap' && (o.data as { k?: string } | undefined)?.k);
    expect(view('vllm-agg').map(id)).toEqual(['ConfigMap/team/b-second', 'ConfigMap/team/a-first']);
    expect(view('other-agg').map(id)).toEqual(['ConfigMap/team/z-other']);
  });

  test('the same object in two inputs is emitted once and goes with both graphs; other content is refused', () => {
    const same = renderManifests(
      [
        { source: 'a.yaml', text: `${cm('shared')}---\n${GRAPH}` },
        { source: 'b.yaml', text: `${cm('shared')}---\n${OTHER_GRAPH}` },
      ],
      settings,
    );
    expect(same.objects.filter((o) => o.metadata.name === 'shared')).toHaveLength(1);
    for (const g of same.graphs!) expect(g.objects.map(id)).toContain('ConfigMap/default/shared');
    const clash = renderManifests(
      [
        { source: 'a.yaml', text: cm('shared', 'one') },
        { source: 'b.yaml', text: cm('shared', 'two') },
      ],
      settings,
    );
    expect(clash.objects).toEqual([]);
    expect(clash.problems).toEqual([
      {
        source: 'b.yaml',
        path: 'metadata.name',
        message: 'ConfigMap "default/shared" is also in a.yaml, with different content',
        severity: 'error',
      },
    ]);
  });

  test('onlyDynamoKinds refuses them', () => {
    const r = renderManifests([{ source: 'a.yaml', text: cm('x') }], settings, { onlyDynamoKinds: true });
    expect(r.objects).toEqual([]);
    expect(r.problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      expect.stringMatching(/^kind: ConfigMap is not a Dynamo kind: /),
    ]);
  });
});

test.each([
  ['v1', 'ConfigMap', true],
  ['resource.k8s.io/v1', 'ResourceClaimTemplate', true],
  ['v1', 'Namespace', false],
  ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding', false],
  ['resource.k8s.io/v1', 'DeviceClass', false],
  ['resource.nvidia.com/v1beta1', 'ComputeDomain', false],
] as const)('%s %s gets the default namespace: %s', (apiVersion, kind, namespaced) => {
  expect(isNamespacedBuiltin(apiVersion, kind)).toBe(namespaced);
});

describe('passThroughProblems', () => {
  test('a kind of a Kubernetes group without a schema here passes with a warning', () => {
    expect(passThroughProblems({ apiVersion: 'apps/v1', kind: 'Gadget', metadata: { name: 'g' } })).toEqual([
      {
        path: 'kind',
        message: 'Gadget of apps/v1 is not a Kubernetes kind dynamo-iac has a schema for: passed through unchecked',
        severity: 'warning',
      },
    ]);
  });

  test('metadata is checked for every kind: name, namespace, label syntax', () => {
    const lines = passThroughProblems({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { namespace: 'Not_Valid', labels: { 'bad key!': 'v' } },
    }).map((p) => `${p.path}: ${p.message}`);
    expect(lines).toEqual([
      'metadata.name: Required value',
      expect.stringMatching(/^metadata\.namespace: invalid value "Not_Valid": /),
      expect.stringMatching(/^metadata\.labels\[bad key!\]: invalid label key "bad key!": /),
    ]);
  });

  test("a CRD's object is named as every custom resource is: a DNS subdomain", () => {
    const lines = passThroughProblems({
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'My_Widget' },
    });
    expect(lines.map((p) => p.path)).toEqual(['metadata.name']);
    expect(lines[0].message).toMatch(/^invalid value "My_Widget": /);
  });

  test.each([
    ['v1', 'ConfigMap', 'Not_A_Name', /^invalid value "Not_A_Name": /],
    ['v1', 'Service', '1svc', /must start with a lower-case letter/],
    ['v1', 'Namespace', 'a.b', /^invalid value "a.b": /],
    ['rbac.authorization.k8s.io/v1', 'ClusterRole', 'a/b', /may not contain '\/' or '%'/],
  ])("a built-in kind's name by the API server's rule for it: %s %s %s", (apiVersion, kind, name, message) => {
    const lines = passThroughProblems({ apiVersion, kind, metadata: { name } }).filter(
      (p) => p.path === 'metadata.name',
    );
    expect(lines.map((p) => p.message)).toEqual([expect.stringMatching(message)]);
  });

  test('RBAC names take colons, as the API server allows', () => {
    const lines = passThroughProblems({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'system:controller:x' },
    });
    expect(lines.filter((p) => p.severity === 'error')).toEqual([]);
  });

  test('a built-in kind: metadata and schema problems at once, one a path', () => {
    const lines = passThroughProblems({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { labels: { app: 7 } },
      data: { n: 1 },
    }).map((p) => `${p.path}: ${p.message}`);
    expect(lines).toEqual([
      'metadata.name: Required value',
      'metadata.labels[app]: must be a string',
      'data[n]: must be a string (quote it: "1")',
    ]);
  });

  test('an apiVersion that is not one is refused', () => {
    expect(
      passThroughProblems({ apiVersion: '../../etc/v1', kind: 'Widget', metadata: { name: 'w' } }).map((p) => p.path),
    ).toEqual(['apiVersion']);
  });
});
