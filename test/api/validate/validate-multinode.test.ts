import { loadGraph, Problem, resolveSettings, validateGraph } from '../../../src/api';
import { PlatformSettings } from '../../../src/api/settings';

function problemsOf(doc: object, settings: PlatformSettings = {}, orchestrator?: 'lws' | 'grove'): Problem[] {
  const loaded = loadGraph(doc);
  const model = loaded.model && (orchestrator ? { ...loaded.model, orchestrator } : loaded.model);
  return [...loaded.problems, ...(model ? validateGraph(model, resolveSettings(settings)) : [])].filter(
    notRolloutWarning,
  );
}
// The worker-rollout warning of Grove and multinode graphs is worker-generation.test.ts's subject.
const notRolloutWarning = (p: Problem) => !p.message.startsWith('workerRollout ');

const err = (path: string, message: string): Problem => ({ path, message, severity: 'error' });
const warn = (path: string, message: string): Problem => ({ path, message, severity: 'warning' });

const alpha = (name: string, services: Record<string, object>, annotations: Record<string, string> = {}) => ({
  apiVersion: 'nvidia.com/v1alpha1',
  kind: 'DynamoGraphDeployment',
  metadata: { name, annotations },
  spec: { services },
});
const multinodeService = (mainContainer: object, over: object = {}) => ({
  componentType: 'worker',
  multinode: { nodeCount: 2 },
  resources: { limits: { gpu: '8' } },
  extraPodSpec: { mainContainer: { image: 'img:1.0.0', ...mainContainer } },
  ...over,
});
const RUN = { command: ['python3'], args: ['-m', 'dynamo.sglang'] };

describe('multinode validation', () => {
  test('a valid multinode component has no problems', () => {
    expect(problemsOf(alpha('g', { W: multinodeService(RUN) }))).toEqual([]);
  });

  // Upstream's controller golden tests (testdata/dcd/lws, dgd/grove) render such components.
  test('without command and args it is accepted, as upstream accepts it, with a warning each', () => {
    expect(problemsOf(alpha('g', { W: multinodeService({}) }))).toEqual([
      warn(
        'spec.services[W].extraPodSpec.mainContainer.command',
        'not set: a multinode component gets its launch rules (leader address, node rank, engine flags) through its command; without one every node runs the args unchanged, as upstream renders it',
      ),
      warn(
        'spec.services[W].extraPodSpec.mainContainer.args',
        'not set: a multinode component gets its launch rules (leader address, node rank, engine flags) through its args; without them every node runs the command unchanged, as upstream renders it',
      ),
    ]);
  });

  test('without a GPU limit it is accepted with a warning; a GPU limit must be a whole number', () => {
    expect(problemsOf(alpha('g', { W: multinodeService(RUN, { resources: {} }) }))).toEqual([
      warn(
        'spec.services[W].resources.limits.gpu',
        'not set: the multinode launch rules divide the work by the GPUs per node, and count 0 (as upstream does): set the GPU limit the engine needs',
      ),
    ]);
    expect(problemsOf(alpha('g', { W: multinodeService(RUN, { resources: { limits: { gpu: '500m' } } }) }))).toEqual([
      err(
        'spec.services[W].resources.limits.gpu',
        'must be a whole number of GPUs (at least 1) for a multinode component, got "500m"',
      ),
    ]);
  });

  test('v1beta1 paths point into the main container', () => {
    const doc = {
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g' },
      spec: {
        components: [
          {
            name: 'W',
            type: 'worker',
            multinode: { nodeCount: 2 },
            podTemplate: { spec: { containers: [{ name: 'main', image: 'img:1.0.0', ...RUN }] } },
          },
        ],
      },
    };
    expect(problemsOf(doc)).toEqual([
      warn(
        'spec.components[0].podTemplate.spec.containers[0].resources.limits[nvidia.com/gpu]',
        'not set: the multinode launch rules divide the work by the GPUs per node, and count 0 (as upstream does): set the GPU limit the engine needs',
      ),
    ]);
  });

  test('the image is required (reported once, by the common image rule)', () => {
    const noImage = multinodeService(RUN, { extraPodSpec: { mainContainer: RUN } });
    expect(problemsOf(alpha('g', { W: noImage }))).toEqual([
      err('spec.services[W].extraPodSpec.mainContainer.image', 'Required value: the main container needs an image'),
    ]);
  });

  test('LWS path without LeaderWorkerSet installed: upstream\'s "no multinode orchestrator available"', () => {
    expect(problemsOf(alpha('g', { W: multinodeService(RUN) }), { lwsAvailable: false })).toEqual([
      err(
        'spec.services[W].multinode',
        'no multinode orchestrator available: LeaderWorkerSet is not installed (settings lwsAvailable: false) and the graph is not rendered with Grove',
      ),
    ]);
    expect(problemsOf(alpha('g', { W: multinodeService(RUN) }), { lwsAvailable: false, groveAvailable: true })).toEqual(
      [],
    );
  });

  test('a shell command the flags cannot be inserted into is a warning', () => {
    const shell = multinodeService(
      { command: ['bash', '-c'], args: ['./start.sh'] },
      { extraPodSpec: { mainContainer: { image: 'img:1.0.0', command: ['bash', '-c'], args: ['./start.sh'] } } },
    );
    expect(problemsOf(alpha('g', { W: shell }, {}))).toEqual([]); // engine unknown: nothing to insert
    const withEngine = { ...alpha('g', { W: shell }), spec: { backendFramework: 'sglang', services: { W: shell } } };
    expect(problemsOf(withEngine)).toEqual([
      {
        path: 'spec.services[W].extraPodSpec.mainContainer.args',
        message:
          'the multinode launch flags are inserted after "python… -m dynamo.sglang" in a shell command\'s args, and none was found: every node would run the command unchanged',
        severity: 'warning',
      },
    ]);
  });

  test('EPP multinode reports only the EPP rule', () => {
    const epp = {
      componentType: 'epp',
      multinode: { nodeCount: 2 },
      eppConfig: { config: {} },
      extraPodSpec: { mainContainer: { image: 'img:1.0.0' } },
    };
    expect(problemsOf(alpha('g', { E: epp }))).toEqual([
      err('spec.services[E].multinode', 'EPP component cannot be multinode'),
    ]);
  });
});

describe('Grove 45-character name limit', () => {
  const limitMessage = (n: number) =>
    `combined resource name length ${n} exceeds 45-character limit required for pod naming. Shorten the DynamoGraphDeployment name or the service name`;
  // 20 + 6 + 10 = 36 for a multinode "worker"; a 29-character graph name makes it 45 exactly.
  const name = (length: number) => 'g'.repeat(length);

  test('multinode: graph + component + component-ldr, up to 45', () => {
    expect(problemsOf(alpha(name(29), { worker: multinodeService(RUN) }), {}, 'grove')).toEqual([]);
    expect(problemsOf(alpha(name(30), { worker: multinodeService(RUN) }), {}, 'grove')).toEqual([
      err('spec.services[worker]', limitMessage(46)),
    ]);
  });

  test('single node: graph + component', () => {
    const fe = { componentType: 'frontend', extraPodSpec: { mainContainer: { image: 'img:1.0.0' } } };
    expect(problemsOf(alpha(name(37), { frontend: fe }), {}, 'grove')).toEqual([]);
    expect(problemsOf(alpha(name(38), { frontend: fe }), {}, 'grove')).toEqual([
      err('spec.services[frontend]', limitMessage(46)),
    ]);
  });

  test('only checked when the graph renders with Grove', () => {
    const long = alpha(name(30), { worker: multinodeService(RUN) });
    expect(problemsOf(long)).toEqual([]);
    expect(problemsOf(long, { groveAvailable: true })).toEqual([err('spec.services[worker]', limitMessage(46))]);
    expect(
      problemsOf(
        { ...long, metadata: { name: name(30), annotations: { 'nvidia.com/enable-grove': 'false' } } },
        { groveAvailable: true },
      ),
    ).toEqual([]);
    expect(problemsOf(long, { groveAvailable: true }, 'lws')).toEqual([]);
  });
});
