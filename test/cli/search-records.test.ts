/**
 * Dynamo 1.7's search records as input: a DynamoGraphDeploymentCandidate renders as the
 * DynamoGraphDeployment a person would copy it into (the same bytes, with one warning saying so);
 * a DynamoGraphDeploymentRun is refused in one line (the operator writes it); for 1.6 both are
 * refused at `kind` (the release has no such kind), and a v1beta2 request at `apiVersion`.
 */
import * as fs from 'fs';
import { parse, stringify } from 'yaml';
import { CLI_FIXTURES, lines, run } from './run';

const CANDIDATE = `${CLI_FIXTURES}/search-candidate.yaml`;
const candidate = () => parse(fs.readFileSync(CANDIDATE, 'utf8'));
const RUN = {
  apiVersion: 'nvidia.com/v1beta2',
  kind: 'DynamoGraphDeploymentRun',
  metadata: { name: 'qwen-search-1', namespace: 'inference' },
  spec: { modelRef: { name: 'Qwen/Qwen3-0.6B' } },
};

test('--dynamo-version 1.7: a Candidate renders as the DGD copied from it by hand, with one warning', () => {
  const r = run(['render', '--dynamo-version', '1.7', CANDIDATE]);
  expect(r.code).toBe(0);
  expect(lines(r.stderr).filter((l) => !l.startsWith('note:'))).toEqual([
    `${CANDIDATE}: kind: warning: DynamoGraphDeploymentCandidate "qwen-search-c1" is rendered as the DynamoGraphDeployment "qwen-search-c1" it describes (nvidia.com/v1beta1, its spec and metadata unchanged), as upstream has you copy a candidate into a DGD by hand`,
  ]);
  const { status: _, ...copied } = { ...candidate(), apiVersion: 'nvidia.com/v1beta1', kind: 'DynamoGraphDeployment' };
  const byHand = run(['render', '--dynamo-version', '1.7', '-'], { input: stringify(copied) });
  expect(byHand.code).toBe(0);
  expect(r.stdout).toBe(byHand.stdout);
  expect(run(['validate', '--dynamo-version', '1.7', CANDIDATE]).code).toBe(0);
});

test("a Candidate's problems are its DGD spec's, at the same paths, after the warning", () => {
  const c = candidate();
  c.spec.components[1].replicas = -1;
  c.spec.bogus = 1;
  const r = run(['validate', '--dynamo-version', '1.7', '-'], { input: stringify(c) });
  expect(r.code).toBe(1);
  const { status: _, ...copied } = { ...c, apiVersion: 'nvidia.com/v1beta1', kind: 'DynamoGraphDeployment' };
  const byHand = run(['validate', '--dynamo-version', '1.7', '-'], { input: stringify(copied) });
  const [warning, ...errors] = lines(r.stderr);
  expect(warning).toMatch(/^-: kind: warning: DynamoGraphDeploymentCandidate "qwen-search-c1" is rendered as/);
  expect(errors).toEqual(lines(byHand.stderr));
  expect(errors).toEqual([
    '-: spec.components[1].replicas: must be non-negative',
    '-: spec.bogus: unknown field "bogus"',
  ]);
});

test('a Candidate is nvidia.com/v1beta2 only', () => {
  const r = run(['validate', '--dynamo-version', '1.7', '-'], {
    input: stringify({ ...candidate(), apiVersion: 'nvidia.com/v1beta1' }),
  });
  expect(r.code).toBe(1);
  expect(lines(r.stderr)).toEqual([
    '-: apiVersion: unsupported apiVersion "nvidia.com/v1beta1": expected one of nvidia.com/v1beta2',
  ]);
});

test('a Run is refused in one line: the operator writes it for each search', () => {
  const r = run(['render', '--dynamo-version', '1.7', '-'], { input: stringify(RUN) });
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(lines(r.stderr)).toEqual([
    "-: kind: Forbidden: a DynamoGraphDeploymentRun is written by upstream's operator for each search of a v1beta2 DynamoGraphDeploymentRequest and is never authored: give the DynamoGraphDeploymentRequest instead",
  ]);
});

test('Dynamo 1.6 has neither kind: each refused at kind in one line', () => {
  for (const [kind, input] of [
    ['DynamoGraphDeploymentCandidate', fs.readFileSync(CANDIDATE, 'utf8')],
    ['DynamoGraphDeploymentRun', stringify(RUN)],
  ]) {
    const r = run(['render', '--dynamo-version', '1.6', '-'], { input });
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      `-: kind: Forbidden: Dynamo 1.6 has no ${kind} kind (upstream added it in 1.7 with the v1beta2 deployment search): render for 1.7 (dynamoVersion, --dynamo-version)`,
    ]);
  }
});

test('Dynamo 1.6 serves no v1beta2 DynamoGraphDeploymentRequest: refused at apiVersion; its CRD set has no v1beta2', () => {
  const request = fs.readFileSync('test/kinds/request/fixtures/v1beta2-request.yaml', 'utf8');
  const r = run(['render', '--dynamo-version', '1.6', '-'], { input: request });
  expect(r.code).toBe(1);
  expect(lines(r.stderr)).toEqual([
    '-: apiVersion: Forbidden: Dynamo 1.6 serves no nvidia.com/v1beta2 DynamoGraphDeploymentRequest (upstream added it in 1.7 with the deployment search): write nvidia.com/v1beta1, or render for 1.7 (dynamoVersion, --dynamo-version)',
  ]);
  const served = (release: string) => {
    const crds = run(['crds', '--dynamo-version', release])
      .stdout.split('\n---\n')
      .map((d) => parse(d));
    const dgdr = crds.find((c) => c.metadata.name === 'dynamographdeploymentrequests.nvidia.com');
    return dgdr.spec.versions.map((v: { name: string }) => v.name);
  };
  expect(served('1.6')).toEqual(['v1alpha1', 'v1beta1']);
  expect(served('1.7')).toEqual(['v1alpha1', 'v1beta1', 'v1beta2']);
});
