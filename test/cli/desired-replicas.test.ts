/**
 * Worker replicas left to the runtime operator (workerRollout: operator, the default) are not in
 * the rendered spec (the ownership contract), so they are said where the user looks: each
 * Deployment carries the count in an annotation a diff shows, and a run prints one line.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { FIXTURES, lines, run } from './run';

const DESIRED = 'dynamo-iac.io/desired-replicas';
const deployments = (stdout: string) =>
  parseAllDocuments(stdout)
    .map((d) => d.toJS())
    .filter((o) => o.kind === 'Deployment');
const worker = (stdout: string, component: string) =>
  deployments(stdout).find((d) => d.metadata.labels['nvidia.com/dynamo-component'] === component);
const notes = (stderr: string) => lines(stderr).filter((l) => l.startsWith('note: '));

test('operator rollout: the count is an annotation, not spec.replicas; one line for the whole run', () => {
  const r = run(['render', `${FIXTURES}/agg-v1beta1.yaml`, `${FIXTURES}/disagg-v1beta1.yaml`]);
  expect(r.code).toBe(0);
  const agg = worker(r.stdout, 'VllmDecodeWorker');
  expect(agg.spec.replicas).toBeUndefined();
  expect(agg.metadata.annotations[DESIRED]).toBe('1');
  // A scaling adapter decides its count at run time: no annotation to go stale.
  const adapted = deployments(r.stdout).filter((d) => d.metadata.name.startsWith('vllm-disagg-vllmdecodeworker'));
  expect(adapted).toHaveLength(1);
  expect(adapted[0].metadata.annotations?.[DESIRED]).toBeUndefined();
  // The frontend's replicas stay in its spec.
  expect(deployments(r.stdout).find((d) => d.metadata.name === 'vllm-disagg-frontend').spec.replicas).toBe(2);
  expect(notes(r.stderr)).toEqual([
    `note: 1 worker Deployment leaves spec.replicas to the runtime operator (workerRollout: operator), which sets the count in ${DESIRED}; without the operator a Deployment runs 1 pod (setting workerRollout: commits keeps replicas in the output; docs/rollouts.md)`,
  ]);
});

test('commits rollout: replicas in the spec, no annotation, no line', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desired-replicas-'));
  try {
    fs.writeFileSync(path.join(dir, 'settings.yaml'), 'workerRollout: commits\n');
    const r = run(['render', '--settings', path.join(dir, 'settings.yaml'), `${FIXTURES}/agg-v1beta1.yaml`]);
    expect(r.code).toBe(0);
    const agg = worker(r.stdout, 'VllmDecodeWorker');
    expect(agg.spec.replicas).toBe(1);
    expect(agg.metadata.annotations?.[DESIRED]).toBeUndefined();
    expect(notes(r.stderr)).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
