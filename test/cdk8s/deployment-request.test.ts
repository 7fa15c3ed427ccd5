/**
 * The DynamoGraphDeploymentRequest construct: the same objects as `dynamo-iac render` from the
 * committed lock, synth never starts Python unless DYNAMO_IAC_PLAN asks, problems fail synth.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Chart, Testing } from 'cdk8s';
import { parse } from 'yaml';
import { DynamoGraphDeploymentRequest, PLAN_LOCK_CONTEXT_KEY } from '../../src';
import { resolveSettings } from '../../src/api/settings';
import { renderManifests } from '../../src/pipeline/manifests';
import { parseLock } from '../../src/plan/lock';
import { fakeTool, QWEN_REQUEST, workdir } from '../plan/fake-tool';
import { synthError } from './synth-error';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const LOCK_FILE = path.join(EXAMPLES, 'dynamo-plan.lock');
const REQUEST_FILE = path.join(EXAMPLES, 'requests', 'qwen3-32b-h200.yaml');
const example = () => parse(fs.readFileSync(REQUEST_FILE, 'utf8'));

const key = (o: any) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`;

test('props: the request record and every object the CLI renders from the same lock', () => {
  const chart = new Chart(Testing.app(), 'c');
  const { metadata, spec } = example();
  const request = new DynamoGraphDeploymentRequest(chart, 'qwen', {
    name: metadata.name,
    namespace: metadata.namespace,
    spec,
    lockFile: LOCK_FILE,
  });
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const synthesized = Testing.synth(chart);
  // The generated graph's replicas are the plan's: no scaling-adapter note for the user to act on.
  expect(stderr.mock.calls).toEqual([]);
  stderr.mockRestore();
  const cli = renderManifests(
    [{ source: REQUEST_FILE, text: fs.readFileSync(REQUEST_FILE, 'utf8') }],
    resolveSettings({}),
    {
      plans: { file: LOCK_FILE, lock: parseLock(fs.readFileSync(LOCK_FILE, 'utf8'), LOCK_FILE) },
    },
  );
  expect(cli.problems).toEqual([]);
  const byKey = (objects: any[]) => Object.fromEntries(objects.map((o) => [key(o), o]));
  expect(byKey(synthesized)).toEqual(byKey(cli.objects));
  expect(request.name).toBe('qwen3-32b');
  expect(request.plan?.chosen.mode).toBe('disagg');
  expect(request.graph?.objects.length).toBeGreaterThan(5);
});

test('fromFile, with the lock from app context; autoApply: false keeps only the record', () => {
  const app = Testing.app();
  app.node.setContext(PLAN_LOCK_CONTEXT_KEY, LOCK_FILE);
  const chart = new Chart(app, 'c');
  const request = DynamoGraphDeploymentRequest.fromFile(chart, 'qwen', REQUEST_FILE);
  expect(Testing.synth(chart).map(key)).toContain('DynamoGraphDeployment/dynamo-examples/qwen3-32b');
  const review = DynamoGraphDeploymentRequest.fromFile(
    new Chart(app, 'r'),
    'small',
    path.join(EXAMPLES, 'requests', 'qwen3-0.6b-review.yaml'),
  );
  expect(Testing.synth(review.node.scope as Chart).map((o: any) => o.kind)).toEqual(['DynamoGraphDeploymentRequest']);
  expect(review.graph).toBeUndefined();
  expect(review.generatedManifest?.metadata.name).toBe('qwen3-small');
  expect(request.request?.spec.autoApply).toBe(true);
});

test('a request the lock has no plan for fails synth with how to plan it; no search runs', () => {
  const app = Testing.app();
  const { metadata, spec } = example();
  new DynamoGraphDeploymentRequest(new Chart(app, 'c'), 'qwen', {
    name: metadata.name,
    spec: { ...spec, sla: { ttft: 450, itl: 20 } },
    lockFile: LOCK_FILE,
  });
  const message = synthError(app);
  expect(message).toContain('[c/qwen] spec: valid, but not planned: ');
  expect(message).toContain('has no plan for its search inputs');
  expect(message).toContain('(or run the synth with DYNAMO_IAC_PLAN=missing to search and record it)');
});

test('invalid input fails synth with field paths and upstream messages', () => {
  const app = Testing.app();
  new DynamoGraphDeploymentRequest(new Chart(app, 'c'), 'bad', {
    spec: { model: 'm', searchStrategy: 'thorough', hardware: { gpuSku: 'h200_sxm', totalGpus: 8 } },
    lockFile: LOCK_FILE,
  });
  expect(synthError(app)).toContain(
    '[c/bad] spec.searchStrategy: Invalid value: "thorough": is incompatible with spec.backend "auto"; set spec.backend to a specific backend (sglang, trtllm, or vllm)',
  );
});

test('DYNAMO_IAC_PLAN=missing: synth runs dynamo-iac plan for what the lock lacks, then renders from it', () => {
  const tool = fakeTool();
  const dir = workdir({});
  const lockFile = path.join(dir, 'dynamo-plan.lock');
  const saved = { ...process.env };
  Object.assign(process.env, tool.env, { DYNAMO_IAC_PLAN: 'missing' });
  try {
    const chart = new Chart(Testing.app(), 'c');
    const doc = parse(QWEN_REQUEST);
    const request = new DynamoGraphDeploymentRequest(chart, 'qwen', {
      name: doc.metadata.name,
      namespace: doc.metadata.namespace,
      spec: doc.spec,
      lockFile,
    });
    expect(request.plan?.chosen.mode).toBe('disagg');
    expect(Testing.synth(chart).map(key)).toContain('DynamoGraphDeployment/inference/qwen3-32b');
    expect(fs.existsSync(lockFile)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'dynamo-plan', 'inference', 'qwen3-32b', 'pareto.svg'))).toBe(true);
    // Planned now: a second construct finds it without another search.
    new DynamoGraphDeploymentRequest(new Chart(Testing.app(), 'd'), 'qwen', {
      name: doc.metadata.name,
      namespace: doc.metadata.namespace,
      spec: doc.spec,
      lockFile,
    });
    expect(tool.calls()).toHaveLength(1);
  } finally {
    process.env = saved;
  }
});

test("DYNAMO_IAC_PLAN=missing in a Chart with a namespace: planned, written and locked in the Chart's namespace", () => {
  const tool = fakeTool();
  const dir = workdir({});
  const lockFile = path.join(dir, 'dynamo-plan.lock');
  const saved = { ...process.env };
  Object.assign(process.env, tool.env, { DYNAMO_IAC_PLAN: 'missing' });
  try {
    const chart = new Chart(Testing.app(), 'c', { namespace: 'team-a' });
    const doc = parse(QWEN_REQUEST);
    const request = new DynamoGraphDeploymentRequest(chart, 'qwen', {
      name: doc.metadata.name,
      spec: doc.spec,
      lockFile,
    });
    expect(request.plan?.chosen.mode).toBe('disagg');
    expect(Testing.synth(chart).map(key)).toContain('DynamoGraphDeployment/team-a/qwen3-32b');
    const lock = parseLock(fs.readFileSync(lockFile, 'utf8'), lockFile);
    expect(lock.plans.flatMap((p) => p.requests)).toEqual(['team-a/qwen3-32b']);
    expect(fs.existsSync(path.join(dir, 'dynamo-plan', 'team-a', 'qwen3-32b', 'pareto.svg'))).toBe(true);
  } finally {
    process.env = saved;
  }
});
