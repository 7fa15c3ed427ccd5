import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CLI_FIXTURES, FIXTURES, lines, ROOT, run } from './run';

describe('validate', () => {
  test('valid inputs: exit 0, empty stdout, a one-line summary on stderr', () => {
    const r = run([
      'validate',
      `${FIXTURES}/agg-v1alpha1.yaml`,
      `${FIXTURES}/disagg-v1beta1.yaml`,
      `${CLI_FIXTURES}/two-graphs.yaml`,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    // disagg-v1beta1's workers leave their replicas to a scaling adapter: a warning says so.
    const adapter = (i: number, n: number) =>
      `${FIXTURES}/disagg-v1beta1.yaml: spec.components[${i}].replicas: warning: is left to the scaling adapter (scalingAdapter is set): the rendered workload carries no replicas; the runtime operator sets them from the DynamoGraphDeploymentScalingAdapter, which starts at ${n}`;
    expect(lines(r.stderr)).toEqual([adapter(2, 2), adapter(3, 1), '4 graphs valid']);
  });

  test('reads stdin for -', () => {
    const text = fs.readFileSync(path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml'), 'utf8');
    const r = run(['validate', '-'], { input: text });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('1 graph valid\n');
  });

  test('problems on stdin are reported against -', () => {
    const text = fs.readFileSync(path.join(ROOT, CLI_FIXTURES, 'bad-graph.yaml'), 'utf8');
    const r = run(['validate', '-'], { input: text });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)[0]).toBe('-: spec.components[1].replicas: must be an integer');
  });

  test('every problem of every input is reported in one run', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-empty-'));
    const r = run([
      'validate',
      'missing.yaml',
      empty,
      `${CLI_FIXTURES}/bad-graph.yaml`,
      `${CLI_FIXTURES}/not-yaml.yaml`,
      `${FIXTURES}/agg-v1beta1.yaml`,
    ]);
    fs.rmdirSync(empty);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      "missing.yaml: cannot read: ENOENT: no such file or directory, open 'missing.yaml'",
      `${empty}: is a directory with no .yaml, .yml or .json files`,
      `${CLI_FIXTURES}/bad-graph.yaml: spec.components[1].replicas: must be an integer`,
      `${CLI_FIXTURES}/bad-graph.yaml: spec.components[0].replicas: must be non-negative`,
      `${CLI_FIXTURES}/bad-graph.yaml: spec.components[1].podTemplate.spec.containers: must contain a container named "main" with an image`,
      expect.stringMatching(new RegExp(`^${CLI_FIXTURES}/not-yaml.yaml: invalid YAML at line \\d+, column \\d+: `)),
    ]);
  });

  test('with --only-dynamo, a document that is not a Dynamo resource is one line that says what to do', () => {
    const r = run(['validate', '--only-dynamo', '-'], {
      input: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n',
    });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      '-: kind: ConfigMap is not a Dynamo kind: dynamo-iac reads DynamoGraphDeployment, DynamoComponentDeployment, DynamoModel, DynamoCheckpoint, DynamoGraphDeploymentRequest, DynamoGraphDeploymentCandidate, DynamoGraphDeploymentRun; apply it with kubectl (or keep it beside the rendered output in Git)',
    ]);
  });

  test('a problem in one of several documents names the document: index, kind and name, line', () => {
    const text = fs.readFileSync(path.join(ROOT, CLI_FIXTURES, 'two-graphs.yaml'), 'utf8');
    // The same component name in both graphs: only the document tells them apart.
    const r = run(['validate', '-'], { input: text.replace(/type: frontend/g, 'type: Frontend') });
    expect(r.code).toBe(1);
    const unsupported =
      'spec.components[0].type: Unsupported value: "Frontend": supported values: "frontend", "worker", "prefill", "decode", "planner", "epp"';
    expect(lines(r.stderr)).toEqual([
      `- (document 1, DynamoGraphDeployment first, line 2): ${unsupported}`,
      `- (document 2, DynamoGraphDeployment second, line 17): ${unsupported}`,
    ]);
  });

  test.each([
    ['empty', ''],
    ['only comments', '# nothing here yet\n---\n# still nothing\n'],
  ])('%s input is an error, not "0 graphs valid"', (_, input) => {
    const r = run(['validate', '-'], { input });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      '-: no manifests in it (empty, or only comments): expected DynamoGraphDeployment, DynamoComponentDeployment, DynamoModel, DynamoCheckpoint, DynamoGraphDeploymentRequest',
    ]);
  });

  test('stdin can be named only once', () => {
    const text = fs.readFileSync(path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml'), 'utf8');
    const r = run(['validate', '-', '-'], { input: text });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual(['-: stdin (-) can be given only once']);
  });

  test('a binary file is refused without a parse error cascade', () => {
    const r = run(['validate', '-'], { input: 'kind: \u0000\u0001' });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual(['-: is not a text file: NUL byte at line 1']);
  });
});
