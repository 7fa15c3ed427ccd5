/**
 * `dynamo-iac krm`, the KRM function, through the built bin: a ResourceList in on stdin, one out
 * on stdout. Dynamo objects come out as `render` renders them; everything else as it went in;
 * problems as results with exit 1 (kustomize itself runs it in test/argo/krm-kustomize.test.ts).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { FIXTURES, lines, ROOT, run } from './run';

const GRAPH = path.join(FIXTURES, 'agg-v1beta1.yaml');
const graph = () => parse(fs.readFileSync(path.join(ROOT, GRAPH), 'utf8'));

/** What kustomize sends: its tracking annotations on every item. */
const tracked = (item: any, index: number) => ({
  ...item,
  metadata: {
    ...item.metadata,
    annotations: {
      ...item.metadata.annotations,
      'config.kubernetes.io/index': String(index),
      'internal.config.kubernetes.io/index': String(index),
      'kustomize.config.k8s.io/id': `kind: ${item.kind}\nname: ${item.metadata.name}\n`,
    },
  },
});

/** A third-party kind (not nvidia.com, though NVIDIA's): its scope is not ours to know, it passes as it is. */
const COMPUTE_DOMAIN = {
  apiVersion: 'resource.nvidia.com/v1beta1',
  kind: 'ComputeDomain',
  metadata: { name: 'domain' },
  spec: { numNodes: 2 },
};
const CONFIG_MAP = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'engine-args' },
  data: { 'a.yaml': 'x: 1\n' },
};
const FUNCTION_CONFIG = {
  apiVersion: 'dynamo-iac.io/v1alpha1',
  kind: 'DynamoRender',
  metadata: { name: 'render' },
  spec: { namespace: 'inference' },
};

function krm(list: object) {
  const r = run(['krm'], { input: stringify(list) });
  return { ...r, out: parse(r.stdout) };
}

const resourceList = (items: object[], extra: object = {}) => ({
  apiVersion: 'config.kubernetes.io/v1',
  kind: 'ResourceList',
  items,
  ...extra,
});

/** `item` in namespace `ns`, as render gives a namespaced built-in kind without one. */
const inNamespace = (item: any, ns: string) => ({ ...item, metadata: { ...item.metadata, namespace: ns } });

test('Dynamo objects are rendered as `render` renders them; other items pass through unchanged, annotations and all', () => {
  const items = [tracked(CONFIG_MAP, 0), tracked(COMPUTE_DOMAIN, 1), tracked(graph(), 2)];
  const r = krm(resourceList(items, { functionConfig: FUNCTION_CONFIG }));
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.out.apiVersion).toBe('config.kubernetes.io/v1');
  expect(r.out.kind).toBe('ResourceList');
  expect(r.out.results).toBeUndefined();
  // In input order, before what the graph renders; the ConfigMap in the default namespace, as `render -n` puts it.
  expect(r.out.items.slice(0, 2)).toEqual([inNamespace(items[0], 'inference'), items[1]]);
  const rendered = run(['render', '-n', 'inference', GRAPH]);
  expect(rendered.code).toBe(0);
  const expected = parseAllDocuments(rendered.stdout).map((d) => d.toJSON());
  expect(expected.length).toBeGreaterThan(3);
  // kustomize's tracking annotations stay with the item they were on, never in what it renders.
  expect(r.out.items.slice(2)).toEqual(expected);
});

test('a list without Dynamo objects passes through as it is; the output keeps the input version', () => {
  const items = [tracked(inNamespace(CONFIG_MAP, 'apps'), 0), tracked(COMPUTE_DOMAIN, 1)];
  const r = krm({ ...resourceList(items), apiVersion: 'config.kubernetes.io/v1beta1' });
  expect(r.code).toBe(0);
  expect(r.out).toEqual({ apiVersion: 'config.kubernetes.io/v1beta1', kind: 'ResourceList', items });
});

test("a generator's own configuration (local-config) is passed back, not rendered, even in the nvidia.com group", () => {
  const local = tracked(graph(), 0);
  local.metadata.annotations['config.kubernetes.io/local-config'] = 'true';
  const r = krm(resourceList([local]));
  expect(r.code).toBe(0);
  expect(r.out.items).toEqual([local]);
});

test('an object of another kind that render refuses is refused here too, at its item', () => {
  const bad = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { n: 1 } };
  const r = krm(resourceList([CONFIG_MAP, bad]));
  expect(r.code).toBe(1);
  expect(r.out.items).toEqual([CONFIG_MAP, bad]);
  const piped = run(['render', '-'], { input: stringify(bad) });
  expect(piped.code).toBe(1);
  expect(r.out.results).toEqual([
    expect.objectContaining({ severity: 'error', resourceRef: { apiVersion: 'v1', kind: 'ConfigMap', name: 'x' } }),
  ]);
  expect(lines(r.stderr)).toEqual(lines(piped.stderr).map((l) => l.replace(/^-: /, 'items[1] (ConfigMap x): ')));
});

test('problems are results with the resource and field, one line each on stderr, exit 1, no stack', () => {
  const bad = graph();
  bad.spec.components[0].replicas = 'two';
  const r = krm(resourceList([CONFIG_MAP, tracked(bad, 1)]));
  expect(r.code).toBe(1);
  const errors = r.out.results.filter((x: any) => x.severity === 'error');
  expect(errors).toEqual([
    expect.objectContaining({
      resourceRef: {
        apiVersion: bad.apiVersion,
        kind: 'DynamoGraphDeployment',
        name: bad.metadata.name,
        ...(bad.metadata.namespace ? { namespace: bad.metadata.namespace } : {}),
      },
      field: { path: expect.stringMatching(/^spec\.components\[\w+\]\.replicas$/) },
    }),
  ]);
  const stderr = lines(r.stderr);
  expect(stderr).toHaveLength(r.out.results.length);
  expect(stderr.filter((l) => !l.includes('warning:'))[0]).toMatch(
    new RegExp(
      `^items\\[1\\] \\(DynamoGraphDeployment ${bad.metadata.name}\\): spec\\.components\\[\\w+\\]\\.replicas: `,
    ),
  );
  expect(r.stderr).not.toMatch(/\n\s+at /);
});

test.each([
  ['not a ResourceList', 'apiVersion: v1\nkind: List\nitems: []\n', 'kind: expected ResourceList, got "List"'],
  ['not YAML', 'items: [\n', ''],
  [
    'an unknown version',
    'apiVersion: config.kubernetes.io/v9\nkind: ResourceList\nitems: []\n',
    'apiVersion: expected config.kubernetes.io/v1 or config.kubernetes.io/v1beta1, got "config.kubernetes.io/v9"',
  ],
  [
    'items not a list',
    'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: {}\n',
    'items: must be a list of objects',
  ],
])('input that is %s: an error result, exit 1', (_, input, line) => {
  const r = run(['krm'], { input });
  expect(r.code).toBe(1);
  const out = parse(r.stdout);
  expect(out).toMatchObject({ kind: 'ResourceList', items: [] });
  expect(out.results.length).toBeGreaterThan(0);
  expect(out.results.every((x: any) => x.severity === 'error')).toBe(true);
  if (line) expect(lines(r.stderr)).toEqual([`ResourceList: ${line}`]);
  expect(r.stderr).not.toMatch(/\n\s+at /);
});

test('functionConfig: every bad field is a result at its path; nothing is rendered', () => {
  const items = [graph()];
  const r = krm(
    resourceList(items, {
      functionConfig: {
        ...FUNCTION_CONFIG,
        spec: { namespace: 'Not_A_Namespace', graphRecord: 'no', settings: { lwsAvailable: 'yes' }, image: 'x' },
      },
    }),
  );
  expect(r.code).toBe(1);
  expect(r.out.items).toEqual(items);
  expect(r.out.results.map((x: any) => x.field.path).sort()).toEqual([
    'functionConfig.spec.graphRecord',
    'functionConfig.spec.image',
    'functionConfig.spec.namespace',
    'functionConfig.spec.settings.lwsAvailable',
  ]);
});

test('functionConfig settings and graphRecord reach the render', () => {
  const r = krm(resourceList([graph()], { functionConfig: { ...FUNCTION_CONFIG, spec: { graphRecord: false } } }));
  expect(r.code).toBe(0);
  const kinds = r.out.items.map((o: any) => o.kind);
  expect(kinds).toContain('Deployment');
  expect(kinds).not.toContain('DynamoGraphDeployment');
  // Without a namespace in the config, render's default.
  expect(new Set(r.out.items.map((o: any) => o.metadata.namespace))).toEqual(
    new Set([graph().metadata.namespace ?? 'default']),
  );
});
