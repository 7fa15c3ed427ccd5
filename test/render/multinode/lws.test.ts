import { frontend } from '../builders';
import { multinodeGraph, renderOn, worker } from './helpers';

const sglang = (over = {}) => worker('sglang', ['--model-path', 'm'], { replicas: 3, ...over });

describe('LeaderWorkerSet path', () => {
  const r = renderOn('lws', multinodeGraph(sglang()));

  test('per replica one LeaderWorkerSet and one Volcano PodGroup, no Deployment', () => {
    expect(r.ids.filter((id) => /^(LeaderWorkerSet|PodGroup|Deployment)\//.test(id))).toEqual([
      'LeaderWorkerSet/demo-worker-0',
      'LeaderWorkerSet/demo-worker-1',
      'LeaderWorkerSet/demo-worker-2',
      'PodGroup/demo-worker-0',
      'PodGroup/demo-worker-1',
      'PodGroup/demo-worker-2',
    ]);
  });

  test('LeaderWorkerSet: one group of nodeCount pods, started leader first, labelled with its instance', () => {
    const lws = r.find('LeaderWorkerSet', 'demo-worker-1');
    expect(lws.apiVersion).toBe('leaderworkerset.x-k8s.io/v1');
    expect(lws.metadata.labels).toEqual({
      'nvidia.com/dynamo-component': 'Worker',
      'nvidia.com/dynamo-namespace': 'ml-demo',
      'nvidia.com/dynamo-graph-deployment-name': 'demo',
      'instance-id': '1',
    });
    expect(lws.spec.replicas).toBe(1);
    expect(lws.spec.startupPolicy).toBe('LeaderCreated');
    expect(lws.spec.leaderWorkerTemplate.size).toBe(2);
  });

  test('pod templates: role and instance labels instead of the selector label, Volcano gang scheduling', () => {
    const t = r.find('LeaderWorkerSet', 'demo-worker-1').spec.leaderWorkerTemplate;
    for (const [template, role] of [
      [t.leaderTemplate, 'leader'],
      [t.workerTemplate, 'worker'],
    ]) {
      expect(template.metadata.labels).toMatchObject({
        role,
        'instance-id': '1',
        'nvidia.com/dynamo-component-type': 'worker',
      });
      expect(template.metadata.labels['nvidia.com/selector']).toBeUndefined();
      expect(template.metadata.annotations).toEqual({ 'scheduling.k8s.io/group-name': 'demo-worker-1' });
      expect(template.spec.schedulerName).toBe('volcano');
    }
  });

  test('PodGroup: the whole group or nothing', () => {
    expect(r.find('PodGroup', 'demo-worker-2')).toEqual({
      apiVersion: 'scheduling.volcano.sh/v1beta1',
      kind: 'PodGroup',
      metadata: { name: 'demo-worker-2', namespace: 'ml', labels: { 'instance-id': '2' } },
      spec: { minMember: 2 },
    });
  });

  test('the Service selects leaders only', () => {
    expect(r.find('Service', 'demo-worker').spec.selector).toEqual({
      'nvidia.com/dynamo-namespace': 'ml-demo',
      'nvidia.com/dynamo-component': 'Worker',
      'nvidia.com/dynamo-component-type': 'worker',
      role: 'leader',
    });
  });

  test('single-node components of the same graph stay Deployments', () => {
    const mixed = renderOn('lws', { ...multinodeGraph(sglang()), components: [frontend(), sglang()] });
    expect(mixed.ids).toContain('Deployment/demo-frontend');
    expect(mixed.find('Service', 'demo-frontend').spec.selector.role).toBeUndefined();
  });

  test('scale-down 3 → 2 drops the highest LeaderWorkerSet and PodGroup from the rendered set', () => {
    const two = renderOn('lws', multinodeGraph(sglang({ replicas: 2 })));
    const removed = r.ids.filter((id) => !two.ids.includes(id));
    expect(removed).toEqual(['LeaderWorkerSet/demo-worker-2', 'PodGroup/demo-worker-2']);
  });

  test('unset replicas means one group; zero means none', () => {
    expect(renderOn('lws', multinodeGraph(sglang({ replicas: undefined }))).ids).toContain(
      'LeaderWorkerSet/demo-worker-0',
    );
    expect(
      renderOn('lws', multinodeGraph(sglang({ replicas: 0 }))).ids.some((id) => id.startsWith('LeaderWorkerSet')),
    ).toBe(false);
  });

  test('without gang scheduling: no PodGroup, default scheduler, no group annotation', () => {
    const plain = renderOn('lws', multinodeGraph(sglang(), { gangScheduling: false }));
    expect(plain.ids.some((id) => id.startsWith('PodGroup'))).toBe(false);
    const t = plain.find('LeaderWorkerSet', 'demo-worker-0').spec.leaderWorkerTemplate.leaderTemplate;
    expect(t.spec.schedulerName).toBeUndefined();
    expect(t.metadata.annotations).toBeUndefined();
  });
});

describe('scaling adapter on a multinode component (LWS)', () => {
  const r = renderOn('lws', multinodeGraph(sglang({ scalingAdapter: true })));

  test('one LeaderWorkerSet named after the component, without replicas (the adapter owns the group count)', () => {
    expect(r.ids.filter((id) => /LeaderWorkerSet|PodGroup/.test(id))).toEqual(['LeaderWorkerSet/demo-worker']);
    const lws = r.find('LeaderWorkerSet', 'demo-worker');
    expect('replicas' in lws.spec).toBe(false);
    expect(lws.metadata.labels['instance-id']).toBeUndefined();
    expect(lws.spec.leaderWorkerTemplate.workerTemplate.metadata.labels).toMatchObject({ role: 'worker' });
    expect(lws.spec.leaderWorkerTemplate.workerTemplate.metadata.labels['instance-id']).toBeUndefined();
    expect(lws.spec.leaderWorkerTemplate.workerTemplate.spec.schedulerName).toBeUndefined();
  });
});

describe('a standalone DynamoComponentDeployment', () => {
  const model = {
    ...multinodeGraph(
      worker('vllm', ['--tensor-parallel-size', '16'], {
        annotations: { 'nvidia.com/vllm-distributed-executor-backend': 'mp' },
      }),
    ),
    kind: 'DynamoComponentDeployment' as const,
    name: 'dcd',
  };

  test('always renders LeaderWorkerSets named after the DCD, without the graph-level wait-for-leader', () => {
    const r = renderOn('grove', model);
    expect(r.ids).toContain('LeaderWorkerSet/dcd-0');
    expect(r.ids.some((id) => id.startsWith('PodCliqueSet') || id.startsWith('ConfigMap'))).toBe(false);
    const lws = r.find('LeaderWorkerSet', 'dcd-0');
    expect(lws.spec.leaderWorkerTemplate.workerTemplate.spec.initContainers).toBeUndefined();
  });
});
