/** The restart state machine as upstream's graph controller runs it (pure: no API, no caches). */
import { GraphModel, loadGraph } from '../../../../src/api';
import {
  componentsToStamp,
  nextRestartStatus,
  restartOrder,
} from '../../../../src/operator/controllers/restart/restart-status';

const main = { name: 'main', image: 'registry.example/vllm-runtime:1' };

function graph(restart?: object, names = ['worker', 'Frontend', 'decode']): GraphModel {
  const { model } = loadGraph({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g', namespace: 'ml' },
    spec: {
      backendFramework: 'vllm',
      components: names.map((name) => ({
        name,
        type: name === 'Frontend' ? 'frontend' : 'worker',
        podTemplate: { spec: { containers: [main] } },
      })),
      ...(restart ? { restart } : {}),
    },
  });
  return model!;
}
const none = () => false;
const all = () => true;

test('the order: strategy.order, else the component names sorted (upstream GetRestartOrder)', () => {
  expect(restartOrder(graph({ id: 'r1' }))).toEqual(['Frontend', 'decode', 'worker']);
  expect(
    restartOrder(graph({ id: 'r1', strategy: { type: 'Sequential', order: ['worker', 'decode', 'Frontend'] } })),
  ).toEqual(['worker', 'decode', 'Frontend']);
});

test('sequential: a new id starts with the first component, whatever is ready', () => {
  const g = graph({ id: 'r1', strategy: { order: ['worker', 'decode', 'Frontend'] } });
  expect(nextRestartStatus(g, undefined, all)).toEqual({
    observedID: 'r1',
    phase: 'Restarting',
    inProgress: ['worker'],
  });
  // A new id mid-run starts over (upstream: isNewRestartRequest).
  expect(nextRestartStatus(g, { observedID: 'r0', phase: 'Restarting', inProgress: ['decode'] }, all)).toEqual({
    observedID: 'r1',
    phase: 'Restarting',
    inProgress: ['worker'],
  });
});

test('sequential: moves on only when the current component is done, then Completed', () => {
  const g = graph({ id: 'r1', strategy: { order: ['worker', 'decode', 'Frontend'] } });
  const at = (c: string) => ({ observedID: 'r1', phase: 'Restarting' as const, inProgress: [c] });
  expect(nextRestartStatus(g, at('worker'), none)).toEqual(at('worker'));
  expect(nextRestartStatus(g, at('worker'), (c) => c === 'worker')).toEqual(at('decode'));
  expect(nextRestartStatus(g, at('decode'), (c) => c === 'worker')).toEqual(at('decode'));
  expect(nextRestartStatus(g, at('Frontend'), all)).toEqual({ observedID: 'r1', phase: 'Completed' });
  // A component that left the graph: start over from the first.
  expect(nextRestartStatus(g, at('gone'), all)).toEqual(at('worker'));
});

test('parallel: every component at once, narrowing to those not yet done', () => {
  const g = graph({ id: 'p1', strategy: { type: 'Parallel' } });
  expect(nextRestartStatus(g, undefined, all)).toEqual({
    observedID: 'p1',
    phase: 'Restarting',
    inProgress: ['Frontend', 'decode', 'worker'],
  });
  const running = { observedID: 'p1', phase: 'Restarting' as const, inProgress: ['Frontend', 'decode', 'worker'] };
  expect(nextRestartStatus(g, running, (c) => c !== 'decode')).toEqual({
    observedID: 'p1',
    phase: 'Restarting',
    inProgress: ['decode'],
  });
  expect(nextRestartStatus(g, running, all)).toEqual({ observedID: 'p1', phase: 'Completed' });
});

test('a finished run of the same id stays; without an id a finished status is kept and a running one cleared', () => {
  const g = graph({ id: 'r1' });
  for (const phase of ['Completed', 'Failed', 'Superseded'] as const) {
    expect(nextRestartStatus(g, { observedID: 'r1', phase }, none)).toEqual({ observedID: 'r1', phase });
    expect(nextRestartStatus(graph(), { observedID: 'r1', phase }, none)).toEqual({ observedID: 'r1', phase });
  }
  expect(
    nextRestartStatus(graph(), { observedID: 'r1', phase: 'Restarting', inProgress: ['worker'] }, none),
  ).toBeUndefined();
  expect(nextRestartStatus(graph(), undefined, none)).toBeUndefined();
});

test('which components carry the id: up to the one in progress, all once Completed, none for Parallel', () => {
  const g = graph({ id: 'r1', strategy: { order: ['worker', 'decode', 'Frontend'] } });
  expect(componentsToStamp(g, { observedID: 'r1', phase: 'Restarting', inProgress: ['worker'] })).toEqual(['worker']);
  expect(componentsToStamp(g, { observedID: 'r1', phase: 'Restarting', inProgress: ['decode'] })).toEqual([
    'worker',
    'decode',
  ]);
  expect(componentsToStamp(g, { observedID: 'r1', phase: 'Completed' })).toEqual(['worker', 'decode', 'Frontend']);
  expect(componentsToStamp(g, { observedID: 'r0', phase: 'Completed' })).toEqual([]);
  expect(componentsToStamp(g, { observedID: 'r1', phase: 'Superseded' })).toEqual([]);
  expect(
    componentsToStamp(graph({ id: 'p1', strategy: { type: 'Parallel' } }), {
      observedID: 'p1',
      phase: 'Restarting',
      inProgress: ['worker'],
    }),
  ).toEqual([]);
});
