import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { CLI_FIXTURES, FIXTURES, lines, ROOT, run } from './run';

const docs = (yaml: string) => parseAllDocuments(yaml).map((d) => d.toJS());
const ids = (yaml: string) => docs(yaml).map((o) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`);

describe('render', () => {
  test('prints every object as multi-document YAML on stdout, nothing on stderr', () => {
    const r = run(['render', `${FIXTURES}/agg-v1beta1.yaml`]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    // The worker is a worker generation, named with the hash the graph record declares.
    const hash = docs(r.stdout).find((o) => o.kind === 'DynamoGraphDeployment').metadata.annotations[
      'nvidia.com/current-worker-hash'
    ];
    expect(ids(r.stdout)).toEqual(
      expect.arrayContaining([
        'Deployment/default/vllm-agg-frontend',
        `Deployment/default/vllm-agg-vllmdecodeworker-${hash}`,
        'DynamoGraphDeployment/default/vllm-agg',
      ]),
    );
    expect(r.stdout.split('\n---\n')).toHaveLength(docs(r.stdout).length);
  });

  test('keys are sorted at every level and there are no YAML anchors', () => {
    const r = run(['render', `${FIXTURES}/disagg-v1beta1.yaml`]);
    const unsorted: string[] = [];
    const walk = (v: unknown, at: string) => {
      if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`));
      else if (typeof v === 'object' && v !== null) {
        const keys = Object.keys(v);
        if (keys.join('\n') !== [...keys].sort().join('\n')) unsorted.push(at);
        for (const k of keys) walk((v as Record<string, unknown>)[k], `${at}.${k}`);
      }
    };
    docs(r.stdout).forEach((d, i) => walk(d, `doc${i}`));
    expect(unsorted).toEqual([]);
    expect(r.stdout).not.toMatch(/(^|\s)[&*]a\d+\b/m);
  });

  test('is byte-identical across runs, and stdin (-) gives the same bytes as the file', () => {
    const args = ['render', `${FIXTURES}/disagg-v1alpha1.yaml`, `${FIXTURES}/agg-v1beta1.yaml`];
    const first = run(args);
    expect(first.code).toBe(0);
    expect(run(args).stdout).toBe(first.stdout);
    const text = fs.readFileSync(path.join(ROOT, FIXTURES, 'disagg-v1alpha1.yaml'), 'utf8');
    const viaStdin = run(['render', '-', `${FIXTURES}/agg-v1beta1.yaml`], { input: text });
    expect(viaStdin.code).toBe(0);
    expect(viaStdin.stdout).toBe(first.stdout);
  });

  test('input order does not change the output', () => {
    const a = run(['render', `${FIXTURES}/agg-v1beta1.yaml`, `${FIXTURES}/disagg-v1beta1.yaml`]);
    const b = run(['render', `${FIXTURES}/disagg-v1beta1.yaml`, `${FIXTURES}/agg-v1beta1.yaml`]);
    expect(a.code).toBe(0);
    expect(b.stdout).toBe(a.stdout);
  });

  test('renders every document of a multi-document file', () => {
    const r = run(['render', `${CLI_FIXTURES}/two-graphs.yaml`]);
    expect(r.code).toBe(0);
    expect(ids(r.stdout)).toEqual(
      expect.arrayContaining(['DynamoGraphDeployment/default/first', 'DynamoGraphDeployment/team-b/second']),
    );
  });

  test('--namespace applies to inputs without one, not to those that set it', () => {
    const r = run(['render', '--namespace', 'team-a', `${CLI_FIXTURES}/two-graphs.yaml`]);
    expect(r.code).toBe(0);
    const namespaces = new Set(docs(r.stdout).map((o) => `${o.metadata.name.split('-')[0]}:${o.metadata.namespace}`));
    expect(namespaces).toContain('first:team-a');
    expect(namespaces).toContain('second:team-b');
    expect(namespaces).not.toContain('first:default');
  });

  test('--no-graph-record leaves out the DynamoGraphDeployment record', () => {
    const r = run(['render', '--no-graph-record', `${FIXTURES}/agg-v1beta1.yaml`]);
    expect(r.code).toBe(0);
    expect(docs(r.stdout).map((o) => o.kind)).not.toContain('DynamoGraphDeployment');
    expect(docs(r.stdout).map((o) => o.kind)).toContain('Deployment');
  });

  test('warnings go to stderr and keep exit code 0', () => {
    const file = `${CLI_FIXTURES}/deprecated-field.yaml`;
    const r = run(['render', file]);
    expect(r.code).toBe(0);
    expect(lines(r.stderr)).toEqual([
      `${file}: spec.services[Frontend].dynamoNamespace: warning: is deprecated and ignored. Value 'legacy' will be replaced with 'default-deprecated'. Remove this field from your configuration`,
    ]);
    expect(docs(r.stdout).length).toBeGreaterThan(0);
  });

  test('invalid input: exit 1, nothing on stdout, every problem on stderr', () => {
    const file = `${CLI_FIXTURES}/bad-graph.yaml`;
    const r = run(['render', file, `${FIXTURES}/agg-v1beta1.yaml`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      `${file}: spec.components[1].replicas: must be an integer`,
      `${file}: spec.components[0].replicas: must be non-negative`,
      `${file}: spec.components[1].podTemplate.spec.containers: must contain a container named "main" with an image`,
    ]);
  });
});
