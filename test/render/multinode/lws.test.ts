import { validateGraph } from '../../../src/api/validate/validate';
import { resolveSettings } from '../../../src/api/settings';
import { frontend } from '../builders';
import { multinodeGraph, renderOn, worker } from './helpers';

const sglang = (over = {}) => worker('sglang', ['--model-path', 'm'], { replicas: 3, ...over });

describe('LeaderWorkerSet path', () => {
  const r = renderOn('lws', multinodeGraph(sglang()));

  test('one LeaderWorkerSet <component>-0 carries every replica; no Deployment, no Volcano PodGroup', () => {
    expect(r.ids.filter((id) => /^(LeaderWorkerSet|PodGroup|Deployment)\//.test(id))).toEqual([
      'LeaderWorkerSet/demo-worker-0',
    ]);
  });

  test("LeaderWorkerSet: upstream's native-scaling shape", () => {
    const lws = r.find('LeaderWorkerSet', 'demo-worker-0');
    expect(lws.apiVersion).toBe('leaderworkerset.x-k8s.io/v1');
    expect(lws.metadata.labels).toEqual({
      'nvidia.com/dynamo-component': 'Worker',
      'nvidia.com/dynamo-namespace': 'ml-demo',
      'nvidia.com/dynamo-graph-deployment-name': 'demo',
    });
    const { leaderWorkerTemplate, ...spec } = lws.spec;
    expect(spec).toEqual({
      replicas: 3,
      startupPolicy: 'LeaderCreated',
      networkConfig: { subdomainPolicy: 'Shared' },
      rolloutStrategy: {
        type: 'RollingUpdate',
        rollingUpdateConfiguration: { maxSurge: 0, maxUnavailable: 1, partition: 0 },
      },
    });
    expect(leaderWorkerTemplate.size).toBe(2);
    expect(leaderWorkerTemplate.restartPolicy).toBe('RecreateGroupOnPodRestart');
  });

  test('pod templates: the role label instead of the selector label, no scheduler of their own', () => {
    const t = r.find('LeaderWorkerSet', 'demo-worker-0').spec.leaderWorkerTemplate;
    for (const [template, role] of [
      [t.leaderTemplate, 'leader'],
      [t.workerTemplate, 'worker'],
    ]) {
      expect(template.metadata.labels).toMatchObject({ role, 'nvidia.com/dynamo-component-type': 'worker' });
      expect(template.metadata.labels['nvidia.com/selector']).toBeUndefined();
      expect(template.metadata.labels['instance-id']).toBeUndefined();
      expect(template.metadata.annotations).toBeUndefined();
      expect(template.spec.schedulerName).toBeUndefined();
    }
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

  test('scaling changes the count, not the set of objects; zero keeps the set with no groups', () => {
    const two = renderOn('lws', multinodeGraph(sglang({ replicas: 2 })));
    expect(two.ids).toEqual(r.ids);
    expect(two.find('LeaderWorkerSet', 'demo-worker-0').spec.replicas).toBe(2);
    const none = renderOn('lws', multinodeGraph(sglang({ replicas: 0 })));
    expect(none.find('LeaderWorkerSet', 'demo-worker-0').spec.replicas).toBe(0);
  });

  test('unset replicas: no count written (LeaderWorkerSet defaults to one group)', () => {
    const unset = renderOn('lws', multinodeGraph(sglang({ replicas: undefined })));
    expect('replicas' in unset.find('LeaderWorkerSet', 'demo-worker-0').spec).toBe(false);
  });

  test('gangScheduling has no effect and says so', () => {
    const plain = renderOn('lws', multinodeGraph(sglang(), { gangScheduling: true }));
    expect(plain.ids).toEqual(r.ids);
    const problems = validateGraph({ ...multinodeGraph(sglang(), { gangScheduling: false }) }, resolveSettings({}));
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: 'gangScheduling',
        severity: 'warning',
        message: expect.stringContaining('no effect'),
      }),
    );
  });
});

describe('scaling adapter on a multinode component (LWS)', () => {
  const r = renderOn('lws', multinodeGraph(sglang({ scalingAdapter: true })));

  test('the same LeaderWorkerSet, without replicas (the adapter owns the group count)', () => {
    expect(r.ids.filter((id) => /LeaderWorkerSet|PodGroup/.test(id))).toEqual(['LeaderWorkerSet/demo-worker-0']);
    const lws = r.find('LeaderWorkerSet', 'demo-worker-0');
    expect('replicas' in lws.spec).toBe(false);
    expect(lws.spec.leaderWorkerTemplate.workerTemplate.metadata.labels).toMatchObject({ role: 'worker' });
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
