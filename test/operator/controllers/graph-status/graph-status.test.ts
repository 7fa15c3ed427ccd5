import { loadGraph } from '../../../../src/api';
import { graphStatus } from '../../../../src/operator/controllers/graph-status/graph-status';

const v1alpha1 = {
  apiVersion: 'nvidia.com/v1alpha1',
  kind: 'DynamoGraphDeployment',
  metadata: { name: 'g', namespace: 'ns', generation: 3 },
  spec: {
    services: {
      Frontend: { componentType: 'frontend', replicas: 1 },
      worker: { componentType: 'worker', replicas: 2 },
    },
  },
};
const model = loadGraph(v1alpha1).model!;
const dep = (replicas: number, ready: number, generation = 1, observed = 1) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'x', generation },
  spec: { replicas },
  status: {
    observedGeneration: observed,
    replicas,
    updatedReplicas: replicas,
    readyReplicas: ready,
    availableReplicas: ready,
    conditions: [{ type: 'Available', status: ready === replicas ? 'True' : 'False' }],
  },
});
const lookup = (workloads: Record<string, any>) => ({
  deployment: (_ns: string, n: string) => workloads[n],
  leaderWorkerSet: () => undefined,
});

test('v1alpha1 graphs report under services, with the deprecated componentName', () => {
  const s = graphStatus(
    v1alpha1,
    model,
    lookup({ 'g-frontend': dep(1, 1), 'g-worker': dep(2, 2) }),
    '2026-01-01T00:00:00.000Z',
  ) as any;
  expect(s.state).toBe('successful');
  expect(s.observedGeneration).toBe(3);
  expect(Object.keys(s)).not.toContain('components');
  expect(s.services.worker).toEqual({
    componentKind: 'Deployment',
    componentName: 'g-worker',
    componentNames: ['g-worker'],
    replicas: 2,
    updatedReplicas: 2,
    readyReplicas: 2,
    availableReplicas: 2,
  });
  expect(s.conditions).toEqual([
    {
      type: 'Ready',
      status: 'True',
      reason: 'all_resources_are_ready',
      message: 'All resources are ready',
      lastTransitionTime: '2026-01-01T00:00:00.000Z',
      observedGeneration: 3,
    },
  ]);
});

test('no workloads yet: initializing, some_resources_are_not_ready; other conditions are kept', () => {
  const other = { type: 'Available', status: 'True' as const, reason: 'x', message: '', lastTransitionTime: 't' };
  const s = graphStatus(v1alpha1, model, lookup({}), 'now', [other]) as any;
  expect(s.state).toBe('initializing');
  expect(s.conditions).toEqual([
    other,
    expect.objectContaining({
      type: 'Ready',
      status: 'False',
      reason: 'some_resources_are_not_ready',
      message: 'Not ready: Frontend, worker',
    }),
  ]);
});

test('lastTransitionTime moves only when the Ready status changes', () => {
  const before = [
    { type: 'Ready', status: 'False' as const, reason: 'updating', message: '', lastTransitionTime: 'earlier' },
  ];
  const unchanged = graphStatus(
    v1alpha1,
    model,
    lookup({ 'g-frontend': dep(1, 0), 'g-worker': dep(2, 2) }),
    'now',
    before,
  ) as any;
  expect(unchanged.conditions[0]).toMatchObject({ reason: 'pods_not_ready', lastTransitionTime: 'earlier' });
  const flipped = graphStatus(
    v1alpha1,
    model,
    lookup({ 'g-frontend': dep(1, 1), 'g-worker': dep(2, 2) }),
    'now',
    before,
  ) as any;
  expect(flipped.conditions[0]).toMatchObject({ status: 'True', lastTransitionTime: 'now' });
});

test('a spec change not yet observed by the Deployment controller is updating', () => {
  const s = graphStatus(
    v1alpha1,
    model,
    lookup({ 'g-frontend': dep(1, 1, 2, 1), 'g-worker': dep(2, 2) }),
    'now',
  ) as any;
  expect(s.conditions[0]).toMatchObject({ reason: 'updating', message: 'Not ready: Frontend' });
  expect(s.state).toBe('pending');
});

test('Deployment readiness follows upstream IsDeploymentReady: Available condition, exact counts, paused, zero replicas', () => {
  const ok = dep(2, 2);
  const status = (workers: any) =>
    (graphStatus(v1alpha1, model, lookup({ 'g-frontend': dep(1, 1), 'g-worker': workers }), 'now') as any)
      .conditions[0];
  expect(status(ok)).toMatchObject({ status: 'True' });
  // Counts right but the Deployment controller has not declared it Available.
  expect(
    status({ ...ok, status: { ...ok.status, conditions: [{ type: 'Available', status: 'False' }] } }),
  ).toMatchObject({ status: 'False', reason: 'pods_not_ready' });
  expect(status({ ...ok, status: { ...ok.status, conditions: [] } })).toMatchObject({ reason: 'pods_not_ready' });
  // A surge (more replicas than desired) is an update in progress.
  expect(status({ ...ok, status: { ...ok.status, replicas: 3 } })).toMatchObject({ reason: 'updating' });
  expect(status({ ...ok, spec: { replicas: 2, paused: true } })).toMatchObject({ reason: 'updating' });
  // Scaled to zero is ready without any pods or conditions.
  expect(status({ ...ok, spec: { replicas: 0 }, status: { observedGeneration: 1 } })).toMatchObject({ status: 'True' });
});

test('a worker generation is looked up by the hash its record declares', () => {
  const annotations = { 'nvidia.com/current-worker-hash': 'abcd1234', 'dynamo-iac.io/worker-rollout': 'operator' };
  const record = { ...v1alpha1, metadata: { ...v1alpha1.metadata, annotations } };
  const s = graphStatus(
    record,
    loadGraph(record).model!,
    lookup({ 'g-frontend': dep(1, 1), 'g-worker-abcd1234': dep(2, 2) }),
    '2026-01-01T00:00:00.000Z',
  ) as any;
  expect(s.state).toBe('successful');
  expect(s.services.worker.componentName).toBe('g-worker-abcd1234');
  expect(s.services.Frontend.componentName).toBe('g-frontend');
});

describe('a graph on the DisaggregatedSet path: its multinode roles read from the set', () => {
  const disagg = {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: {
      name: 'd',
      namespace: 'ns',
      generation: 1,
      annotations: { 'nvidia.com/enable-disaggregatedset': 'true' },
    },
    spec: {
      backendFramework: 'sglang',
      components: ['Prefill', 'Decode'].map((name) => ({
        name,
        type: name.toLowerCase(),
        replicas: 2,
        multinode: { nodeCount: 2 },
        podTemplate: { spec: { containers: [{ name: 'main', image: 'img:1.6.1' }] } },
      })),
    },
  };
  const dsModel = loadGraph(disagg).model!;
  const set = {
    apiVersion: 'disaggregatedset.x-k8s.io/v1',
    kind: 'DisaggregatedSet',
    metadata: { name: 'd-disagg', namespace: 'ns' },
    spec: {
      roles: [
        { name: 'prefill', spec: { replicas: 2 } },
        { name: 'decode', spec: { replicas: 2 } },
      ],
    },
  };
  /** A LeaderWorkerSet the set made for a role at a revision, with its group counts. */
  const roleSet = (role: string, ready: number, updated = 2, revision = 'r1') => ({
    apiVersion: 'leaderworkerset.x-k8s.io/v1',
    kind: 'LeaderWorkerSet',
    metadata: { name: `d-disagg-0-${revision}-${role}`, namespace: 'ns' },
    spec: { replicas: 2 },
    status: { replicas: 2, readyReplicas: ready, updatedReplicas: updated },
  });
  const statusWith = (sets: Record<string, ReturnType<typeof roleSet>[]>) =>
    graphStatus(
      disagg,
      dsModel,
      {
        deployment: () => undefined,
        leaderWorkerSet: () => undefined,
        disaggregatedSet: (_ns, n) => (n === 'd-disagg' ? set : undefined),
        disaggregatedRoleSets: (_ns, s, role) => (s === 'd-disagg' ? (sets[role] ?? []) : []),
      },
      'now',
    ) as any;
  const role = (name: string, ready: number, updated = 2) => [roleSet(name, ready, updated)];

  test('every role ready: successful, each component reported as its role', () => {
    const s = statusWith({ prefill: role('prefill', 2), decode: role('decode', 2) });
    expect(s.state).toBe('successful');
    expect(s.components.Decode).toEqual({
      componentKind: 'LeaderWorkerSet',
      componentNames: ['d-disagg/decode'],
      replicas: 2,
      updatedReplicas: 2,
      readyReplicas: 2,
    });
  });

  test('a role short of ready groups, or rolling, is not ready with the reason', () => {
    expect(statusWith({ prefill: role('prefill', 2), decode: role('decode', 1) }).conditions[0]).toMatchObject({
      status: 'False',
      message: 'Not ready: Decode',
    });
    expect(statusWith({ prefill: role('prefill', 2, 1), decode: role('decode', 2) }).conditions[0]).toMatchObject({
      status: 'False',
      message: 'Not ready: Prefill',
    });
  });

  test('two revisions of a role (the set rolling it) are updating; none yet is not ready', () => {
    const rolling = [roleSet('decode', 2, 2, 'r1'), roleSet('decode', 1, 1, 'r2')];
    const s = statusWith({ prefill: role('prefill', 2), decode: rolling });
    expect(s.components.Decode).toMatchObject({ replicas: 4, readyReplicas: 3, updatedReplicas: 3 });
    expect(s.conditions[0]).toMatchObject({ status: 'False', message: 'Not ready: Decode' });
    expect(statusWith({ prefill: role('prefill', 2) }).conditions[0]).toMatchObject({
      status: 'False',
      message: 'Not ready: Decode',
    });
  });
});
