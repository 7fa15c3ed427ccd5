/**
 * Worker replicas left to the runtime operator (workerRollout: operator, the default) are not in
 * the rendered spec (the ownership contract), so they are said where the user looks: each
 * Deployment carries the count in an annotation a diff shows, and a run prints one line.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { FIXTURES, lines, ROOT, run } from './run';

const DESIRED = 'dynamo-iac.io/desired-replicas';
const deployments = (stdout: string) =>
  parseAllDocuments(stdout)
    .map((d) => d.toJS())
    .filter((o) => o.kind === 'Deployment');
const worker = (stdout: string, component: string) =>
  deployments(stdout).find((d) => d.metadata.labels['nvidia.com/dynamo-component'] === component);
const notes = (stderr: string) => lines(stderr).filter((l) => l.startsWith('note: '));

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desired-replicas-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** agg-v1beta1.yaml under another name, its worker asking for `replicas`. */
function aggWithWorkers(name: string, replicas: number): string {
  const text = fs.readFileSync(path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml'), 'utf8');
  const worker = text.indexOf('- name: VllmDecodeWorker');
  const file = path.join(dir, `${name}.yaml`);
  fs.writeFileSync(
    file,
    (text.slice(0, worker) + text.slice(worker).replace('replicas: 1', `replicas: ${replicas}`)).replace(
      'name: vllm-agg',
      `name: ${name}`,
    ),
  );
  return file;
}

test('operator rollout: the count is an annotation, not spec.replicas; one line for the whole run', () => {
  const files = [aggWithWorkers('two', 2), aggWithWorkers('three', 3), `${FIXTURES}/disagg-v1beta1.yaml`];
  const r = run(['render', ...files, `${FIXTURES}/agg-v1beta1.yaml`]);
  expect(r.code).toBe(0);
  const byGraph = (graph: string) =>
    deployments(r.stdout).find(
      (d) =>
        d.metadata.labels['nvidia.com/dynamo-component'] === 'VllmDecodeWorker' &&
        d.metadata.name.startsWith(`${graph}-`),
    );
  for (const [graph, count] of [
    ['two', '2'],
    ['three', '3'],
    ['vllm-agg', '1'],
  ]) {
    expect(byGraph(graph).spec.replicas).toBeUndefined();
    expect(byGraph(graph).metadata.annotations[DESIRED]).toBe(count);
  }
  // A scaling adapter decides its count at run time: no annotation to go stale.
  const adapted = deployments(r.stdout).filter((d) => d.metadata.name.startsWith('vllm-disagg-vllmdecodeworker'));
  expect(adapted).toHaveLength(1);
  expect(adapted[0].metadata.annotations?.[DESIRED]).toBeUndefined();
  // The frontend's replicas stay in its spec.
  expect(deployments(r.stdout).find((d) => d.metadata.name === 'vllm-disagg-frontend').spec.replicas).toBe(2);
  // One line, counting the workers whose count is not the 1 a Deployment runs without the operator.
  expect(notes(r.stderr)).toEqual([
    `note: 2 worker Deployments leave spec.replicas to the runtime operator (workerRollout: operator), which sets the count in ${DESIRED}; without the operator a Deployment runs 1 pod (setting workerRollout: commits keeps replicas in the output; docs/rollouts.md)`,
  ]);
  expect(notes(run(['render', `${FIXTURES}/agg-v1beta1.yaml`]).stderr)).toEqual([]);
});

test('commits rollout: replicas in the spec, no annotation, no line', () => {
  fs.writeFileSync(path.join(dir, 'settings.yaml'), 'workerRollout: commits\n');
  const r = run(['render', '--settings', path.join(dir, 'settings.yaml'), aggWithWorkers('two', 2)]);
  expect(r.code).toBe(0);
  const agg = worker(r.stdout, 'VllmDecodeWorker');
  expect(agg.spec.replicas).toBe(2);
  expect(agg.metadata.annotations?.[DESIRED]).toBeUndefined();
  expect(notes(r.stderr)).toEqual([]);
});
