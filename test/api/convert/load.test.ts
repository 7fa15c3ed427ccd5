import { loadGraph, MAX_DOCUMENTS, MAX_MANIFEST_BYTES, parseManifestText } from '../../../src/api';

describe('parseManifestText', () => {
  test('multi-document YAML, empty documents skipped', () => {
    const text = '---\napiVersion: v1\nkind: A\n---\n---\n# only a comment\n---\nkind: B\n';
    expect(parseManifestText(text, 'f.yaml')).toEqual({
      docs: [{ apiVersion: 'v1', kind: 'A' }, { kind: 'B' }],
      lines: [2, 8],
      problems: [],
    });
  });

  test('JSON parses as YAML', () => {
    expect(parseManifestText('{"kind": "DynamoGraphDeployment", "spec": {"services": {}}}', 'f.json').docs).toEqual([
      { kind: 'DynamoGraphDeployment', spec: { services: {} } },
    ]);
  });

  test('a syntax error is a problem with its line, never a throw', () => {
    const parsed = parseManifestText('kind: A\nspec:\n  services: [\n', 'f.yaml');
    expect(parsed.docs).toEqual([]);
    expect(parsed.problems.length).toBeGreaterThan(0);
    expect(parsed.problems[0].path).toBe('');
    expect(parsed.problems[0].message).toMatch(/^invalid YAML at line \d+, column \d+: /);
  });

  test('each duplicate key is one problem naming the key, its location said once', () => {
    expect(parseManifestText('a: 1\na: 2\nb:\n  "c": 1\n  c: 2\n', 'f.yaml').problems.map((p) => p.message)).toEqual([
      'invalid YAML at line 2, column 1: duplicate key "a": map keys must be unique',
      'invalid YAML at line 5, column 3: duplicate key "c": map keys must be unique',
    ]);
  });

  test('a syntax error is one line with one location', () => {
    const [problem] = parseManifestText('kind: A\nspec:\n  services: [\n', 'f.yaml').problems;
    expect(problem.message).not.toContain('\n');
    expect(problem.message.match(/line \d+, column \d+/g)).toHaveLength(1);
  });

  test('huge input is refused before parsing', () => {
    const parsed = parseManifestText('#'.repeat(MAX_MANIFEST_BYTES + 1), 'big.yaml');
    expect(parsed).toEqual({
      docs: [],
      problems: [
        {
          path: '',
          message: `big.yaml is ${MAX_MANIFEST_BYTES + 1} bytes; the limit is ${MAX_MANIFEST_BYTES} bytes (10 MiB)`,
          severity: 'error',
        },
      ],
    });
  });

  test('too many documents are refused', () => {
    const parsed = parseManifestText(
      Array(MAX_DOCUMENTS + 1)
        .fill('a: 1\n')
        .join('---\n'),
      'many.yaml',
    );
    expect(parsed.docs).toEqual([]);
    expect(parsed.problems).toEqual([
      {
        path: '',
        message: `many.yaml has ${MAX_DOCUMENTS + 1} documents; the limit is ${MAX_DOCUMENTS}`,
        severity: 'error',
      },
    ]);
  });

  test('alias bombs are refused', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
    ].join('\n');
    const parsed = parseManifestText(bomb, 'bomb.yaml');
    expect(parsed.docs).toEqual([]);
    expect(parsed.problems[0].message).toMatch(/^invalid YAML in document 1: /);
  });
});

describe('loadGraph', () => {
  const dgd = (over: object = {}) => ({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g' },
    spec: { components: [{ name: 'Frontend', type: 'frontend' }] },
    ...over,
  });

  test.each([
    [null, 'an empty document'],
    ['text', 'a string'],
    [[1], 'a list'],
    [3, 'a number'],
  ])('non-object document %p', (doc, what) => {
    expect(loadGraph(doc)).toEqual({
      problems: [
        {
          path: '',
          message: `expected a Kubernetes object (a map with apiVersion and kind), got ${what}`,
          severity: 'error',
        },
      ],
    });
  });

  const KINDS =
    'DynamoGraphDeployment, DynamoComponentDeployment, DynamoModel, DynamoCheckpoint, DynamoGraphDeploymentRequest, DynamoGraphDeploymentCandidate, DynamoGraphDeploymentRun';

  test('another kind is one problem that says what to do with it', () => {
    expect(loadGraph({ apiVersion: 'apps/v1', kind: 'Deployment' }).problems).toEqual([
      {
        path: 'kind',
        message: `Deployment is not a Dynamo kind: dynamo-iac reads ${KINDS}; apply it with kubectl (or keep it beside the rendered output in Git)`,
        severity: 'error',
      },
    ]);
    expect(loadGraph({ apiVersion: 'v1', kind: 'List', items: [] }).problems).toEqual([
      {
        path: 'kind',
        message: 'List is not read: give each of its items as its own YAML document (separated by ---)',
        severity: 'error',
      },
    ]);
  });

  test('an unknown kind in the nvidia.com group, or no kind, still names both fields', () => {
    expect(loadGraph({ apiVersion: 'nvidia.com/v1', kind: 'DynamoGraph' }).problems).toEqual([
      {
        path: 'apiVersion',
        message: 'unsupported apiVersion "nvidia.com/v1": expected one of nvidia.com/v1alpha1, nvidia.com/v1beta1',
        severity: 'error',
      },
      {
        path: 'kind',
        message: `unsupported kind "DynamoGraph": expected one of ${KINDS}`,
        severity: 'error',
      },
    ]);
  });

  test('missing apiVersion', () => {
    expect(loadGraph(dgd({ apiVersion: undefined })).problems[0]).toEqual({
      path: 'apiVersion',
      message: 'unsupported apiVersion null: expected one of nvidia.com/v1alpha1, nvidia.com/v1beta1',
      severity: 'error',
    });
  });

  test('missing metadata.name and spec', () => {
    expect(loadGraph(dgd({ metadata: {}, spec: undefined }))).toEqual({
      kind: 'DynamoGraphDeployment',
      problems: [
        { path: 'metadata.name', message: 'Required value', severity: 'error' },
        { path: 'spec', message: 'Required value', severity: 'error' },
      ],
    });
  });

  test.each(['DynamoModel', 'DynamoCheckpoint'])('%s is recognised and passed through', (kind) => {
    expect(loadGraph({ apiVersion: 'nvidia.com/v1alpha1', kind, metadata: { name: 'm' }, spec: {} })).toEqual({
      kind,
      problems: [],
    });
  });

  test('namespace: metadata, else the default given, else "default"', () => {
    expect(
      loadGraph(dgd({ metadata: { name: 'g', namespace: 'ns' } }), { defaultNamespace: 'other' }).model?.namespace,
    ).toBe('ns');
    expect(loadGraph(dgd(), { defaultNamespace: 'other' }).model?.namespace).toBe('other');
    expect(loadGraph(dgd()).model?.namespace).toBe('default');
  });

  test('wrong-typed fields are problems at their path; the rest still converts', () => {
    const loaded = loadGraph(
      dgd({
        spec: {
          components: [{ name: 'Frontend', type: 'frontend', replicas: 'two', globalDynamoNamespace: 'yes' }],
          labels: ['x'],
        },
      }),
    );
    expect(loaded.problems).toEqual([
      { path: 'spec.components[0].replicas', message: 'must be an integer', severity: 'error' },
      { path: 'spec.components[0].globalDynamoNamespace', message: 'must be a boolean', severity: 'error' },
      { path: 'spec.labels', message: 'must be an object', severity: 'error' },
    ]);
    expect(loaded.model?.components[0].name).toBe('Frontend');
  });
});
