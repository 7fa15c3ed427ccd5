import { loadGraph } from '../../../../src/api';
import { graphKeyOfGroveObject, groveObjectName } from '../../../../src/operator/controllers/grove';
import { podCliqueReport, scalingGroupReport } from '../../../../src/operator/controllers/graph-status/grove-readiness';
import { graphStatus, WorkloadLookup } from '../../../../src/operator/controllers/graph-status/graph-status';

const pclq = (spec: object, status: object, generation = 2) => ({
  apiVersion: 'grove.io/v1alpha1',
  kind: 'PodClique',
  metadata: { name: 'x', generation },
  spec,
  status,
});

describe('PodClique readiness (upstream rules)', () => {
  const steady = { observedGeneration: 2, replicas: 3, updatedReplicas: 3, readyReplicas: 3 };
  test('ready when replicas, updated and ready all equal spec.replicas; status has readyReplicas', () => {
    expect(podCliqueReport('g-0-w', pclq({ replicas: 3 }, steady))).toEqual({
      ready: true,
      status: {
        componentKind: 'PodClique',
        componentNames: ['g-0-w'],
        replicas: 3,
        updatedReplicas: 3,
        readyReplicas: 3,
      },
    });
  });
  test('missing, or a generation not yet observed: some_resources_are_not_ready', () => {
    expect(podCliqueReport('g-0-w', undefined)).toMatchObject({
      ready: false,
      reason: 'some_resources_are_not_ready',
      status: { componentKind: 'PodClique', replicas: 0 },
    });
    expect(podCliqueReport('g-0-w', pclq({ replicas: 3 }, { ...steady, observedGeneration: 1 }))).toMatchObject({
      ready: false,
      reason: 'some_resources_are_not_ready',
    });
    expect(podCliqueReport('g-0-w', pclq({ replicas: 3 }, { replicas: 3 }))).toMatchObject({
      reason: 'some_resources_are_not_ready',
    });
  });
  test('zero replicas is ready; an omitted replicas counts as Grove default 1', () => {
    expect(podCliqueReport('n', pclq({ replicas: 0 }, { observedGeneration: 2 })).ready).toBe(true);
    expect(
      podCliqueReport('n', pclq({}, { observedGeneration: 2, replicas: 1, updatedReplicas: 1, readyReplicas: 1 }))
        .ready,
    ).toBe(true);
  });
  test('insufficient_capacity: schedule-gated pods, the PodCliqueScheduled=False condition, or a partial scheduled count', () => {
    const notReady = { ...steady, readyReplicas: 0 };
    expect(
      podCliqueReport('n', pclq({ replicas: 3 }, { ...notReady, scheduleGatedReplicas: 1, scheduledReplicas: 3 }))
        .reason,
    ).toBe('insufficient_capacity');
    const cond = { type: 'PodCliqueScheduled', status: 'False', reason: 'InsufficientScheduledPods' };
    expect(podCliqueReport('n', pclq({ replicas: 3 }, { ...notReady, conditions: [cond] })).reason).toBe(
      'insufficient_capacity',
    );
    expect(podCliqueReport('n', pclq({ replicas: 3 }, { ...notReady, scheduledReplicas: 1 })).reason).toBe(
      'insufficient_capacity',
    );
    // Capacity wins over an unfinished update, as upstream orders the checks.
    expect(
      podCliqueReport('n', pclq({ replicas: 3 }, { ...notReady, updatedReplicas: 1, scheduledReplicas: 2 })).reason,
    ).toBe('insufficient_capacity');
    // A True condition or nothing scheduled yet is not a capacity signal.
    expect(
      podCliqueReport('n', pclq({ replicas: 3 }, { ...notReady, conditions: [{ ...cond, status: 'True' }] })).reason,
    ).toBe('pods_not_ready');
  });
  test('updating while updated or total replicas differ from desired; else pods_not_ready', () => {
    expect(podCliqueReport('n', pclq({ replicas: 3 }, { ...steady, updatedReplicas: 2 })).reason).toBe('updating');
    expect(podCliqueReport('n', pclq({ replicas: 3 }, { ...steady, replicas: 4 })).reason).toBe('updating');
    expect(
      podCliqueReport('n', pclq({ replicas: 3 }, { ...steady, readyReplicas: 2, scheduledReplicas: 3 })).reason,
    ).toBe('pods_not_ready');
  });
});

describe('PodCliqueScalingGroup readiness (upstream rules)', () => {
  const pcsg = (status: object) => ({
    apiVersion: 'grove.io/v1alpha1',
    kind: 'PodCliqueScalingGroup',
    metadata: { name: 'x', generation: 1 },
    spec: { replicas: 2 },
    status: { observedGeneration: 1, ...status },
  });
  test('ready on available replicas; status has availableReplicas and no readyReplicas', () => {
    const r = scalingGroupReport('g-0-p', pcsg({ replicas: 2, updatedReplicas: 2, availableReplicas: 2 }));
    expect(r).toEqual({
      ready: true,
      status: {
        componentKind: 'PodCliqueScalingGroup',
        componentNames: ['g-0-p'],
        replicas: 2,
        updatedReplicas: 2,
        availableReplicas: 2,
      },
    });
  });
  test('MinAvailableBreached=False with a scheduling reason, or a partial scheduled count: insufficient_capacity', () => {
    for (const reason of ['InsufficientScheduledPodCliqueScalingGroupReplicas', 'ScheduledReplicasBelowMinAvailable']) {
      const r = scalingGroupReport(
        'n',
        pcsg({
          replicas: 2,
          updatedReplicas: 2,
          availableReplicas: 0,
          conditions: [{ type: 'MinAvailableBreached', status: 'False', reason }],
        }),
      );
      expect(r.reason).toBe('insufficient_capacity');
    }
    expect(
      scalingGroupReport('n', pcsg({ replicas: 2, updatedReplicas: 2, availableReplicas: 0, scheduledReplicas: 1 }))
        .reason,
    ).toBe('insufficient_capacity');
    // The availability reason is not a capacity signal.
    const availability = {
      type: 'MinAvailableBreached',
      status: 'True',
      reason: 'InsufficientAvailablePodCliqueScalingGroupReplicas',
    };
    expect(
      scalingGroupReport(
        'n',
        pcsg({ replicas: 2, updatedReplicas: 2, availableReplicas: 1, conditions: [availability] }),
      ).reason,
    ).toBe('pods_not_ready');
  });
  test('updating, then pods_not_ready', () => {
    expect(scalingGroupReport('n', pcsg({ replicas: 2, updatedReplicas: 1, availableReplicas: 1 })).reason).toBe(
      'updating',
    );
    expect(scalingGroupReport('n', pcsg({ replicas: 2, updatedReplicas: 2, availableReplicas: 1 })).reason).toBe(
      'pods_not_ready',
    );
  });
});

describe('graph status on Grove', () => {
  const dgd = {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g', namespace: 'ns', generation: 1 },
    spec: {
      backendFramework: 'vllm',
      components: [
        { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [{ name: 'main', image: 'i' }] } } },
        {
          name: 'Decode',
          type: 'worker',
          multinode: { nodeCount: 2 },
          podTemplate: { spec: { containers: [{ name: 'main', image: 'i' }] } },
        },
      ],
    },
  };
  const model = loadGraph(dgd).model!;
  const lookup = (objs: Record<string, any>): WorkloadLookup => ({
    deployment: () => undefined,
    leaderWorkerSet: () => undefined,
    podCliqueSet: (_ns, n) =>
      n === 'g' ? { apiVersion: 'grove.io/v1alpha1', kind: 'PodCliqueSet', metadata: { name: 'g' } } : undefined,
    podClique: (_ns, n) => objs[n],
    podCliqueScalingGroup: (_ns, n) => objs[n],
  });
  const frontend = (status: object) =>
    pclq({ replicas: 1 }, { observedGeneration: 2, replicas: 1, updatedReplicas: 1, ...status });
  const decode = (status: object) => ({
    kind: 'PodCliqueScalingGroup',
    metadata: { name: 'g-0-decode', generation: 1 },
    spec: { replicas: 1 },
    status: { observedGeneration: 1, replicas: 1, updatedReplicas: 1, ...status },
  });

  test('reads the PodClique (single node) and the PodCliqueScalingGroup (multinode) named <graph>-0-<component>', () => {
    const s = graphStatus(
      dgd,
      model,
      lookup({ 'g-0-frontend': frontend({ readyReplicas: 1 }), 'g-0-decode': decode({ availableReplicas: 1 }) }),
      'now',
    ) as any;
    expect(s.state).toBe('successful');
    expect(s.components).toEqual({
      Frontend: {
        componentKind: 'PodClique',
        componentNames: ['g-0-frontend'],
        replicas: 1,
        updatedReplicas: 1,
        readyReplicas: 1,
      },
      Decode: {
        componentKind: 'PodCliqueScalingGroup',
        componentNames: ['g-0-decode'],
        replicas: 1,
        updatedReplicas: 1,
        availableReplicas: 1,
      },
    });
  });
  test('insufficient_capacity when every not-ready component lacks capacity; mixed with another reason', () => {
    const gated = frontend({ readyReplicas: 0, scheduleGatedReplicas: 1 });
    const s = graphStatus(
      dgd,
      model,
      lookup({ 'g-0-frontend': gated, 'g-0-decode': decode({ availableReplicas: 1 }) }),
      'now',
    ) as any;
    expect(s.conditions[0]).toMatchObject({
      status: 'False',
      reason: 'insufficient_capacity',
      message: 'Not ready: Frontend',
    });
    expect(s.state).toBe('pending');
    const mixed = graphStatus(
      dgd,
      model,
      lookup({ 'g-0-frontend': gated, 'g-0-decode': decode({ availableReplicas: 0 }) }),
      'now',
    ) as any;
    expect(mixed.conditions[0].reason).toBe('mixed_not_ready_reasons');
  });
  test('nothing created by Grove yet: initializing', () => {
    expect((graphStatus(dgd, model, lookup({}), 'now') as any).state).toBe('initializing');
  });
});

test('Grove object names and the graph an object belongs to', () => {
  expect(groveObjectName('g', 'VllmDecodeWorker')).toBe('g-0-vllmdecodeworker');
  expect(
    graphKeyOfGroveObject({
      apiVersion: 'grove.io/v1alpha1',
      kind: 'PodCliqueSet',
      metadata: { name: 'g', namespace: 'ns' },
    }),
  ).toBe('ns/g');
  expect(
    graphKeyOfGroveObject({
      apiVersion: 'grove.io/v1alpha1',
      kind: 'PodClique',
      metadata: {
        name: 'g-0-x',
        namespace: 'ns',
        ownerReferences: [{ apiVersion: 'grove.io/v1alpha1', kind: 'PodCliqueSet', name: 'g', uid: 'u' }],
      },
    }),
  ).toBe('ns/g');
  expect(
    graphKeyOfGroveObject({
      apiVersion: 'grove.io/v1alpha1',
      kind: 'PodClique',
      metadata: { name: 'g-0-p-0-l', namespace: 'ns', labels: { 'app.kubernetes.io/part-of': 'g' } },
    }),
  ).toBe('ns/g');
  expect(
    graphKeyOfGroveObject({
      apiVersion: 'grove.io/v1alpha1',
      kind: 'PodClique',
      metadata: { name: 'y', namespace: 'ns' },
    }),
  ).toBeUndefined();
});
