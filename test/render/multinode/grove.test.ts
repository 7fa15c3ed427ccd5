import { DEFAULT_SETTINGS } from '../../../src/api/settings';
import { targetOperatorVersion } from '../../../src/render/origin-version';
import { workerHash } from '../../../src/render/worker-generation';
import { frontend } from '../builders';
import { rendered } from '../helpers';
import { multinodeGraph, renderOn, worker } from './helpers';

const vllm = (over = {}) => worker('vllm', ['--model', 'm'], { replicas: 2, ...over });
const twoComponents = (over = {}) => ({
  ...multinodeGraph(vllm()),
  components: [vllm(), frontend({ replicas: 3 })],
  ...over,
});

describe('Grove path', () => {
  const r = renderOn('grove', twoComponents());
  const pcs = r.find('PodCliqueSet', 'demo');

  test('one PodCliqueSet for the whole graph, Services per component, no Deployments or LeaderWorkerSets', () => {
    expect(r.ids).toEqual([
      'ServiceAccount/demo-k8s-service-discovery',
      'ConfigMap/demo-wait-leader-script',
      'Role/demo-k8s-service-discovery-role',
      'RoleBinding/demo-k8s-service-discovery-binding',
      'Service/demo-frontend',
      'Service/demo-worker',
      'PodCliqueSet/demo',
      'DynamoGraphDeployment/demo',
    ]);
    expect(pcs.apiVersion).toBe('grove.io/v1alpha1');
    expect(pcs.spec.replicas).toBe(1);
    expect(pcs.spec.template).toMatchObject({
      cliqueStartupType: 'CliqueStartupTypeAnyOrder',
      headlessServiceConfig: { publishNotReadyAddresses: true },
      terminationDelay: '15m0s',
    });
  });

  test('a single-node component is one clique with its replicas (minAvailable 1 unless set, as upstream defaults it); a multinode one is ldr + wkr cliques', () => {
    const cliques = pcs.spec.template.cliques.map((c: any) => [
      c.name,
      c.spec.roleName,
      c.spec.replicas,
      c.spec.minAvailable,
    ]);
    expect(cliques).toEqual([
      ['frontend', 'frontend', 3, 1],
      ['worker-ldr', 'worker-ldr', 1, 1],
      ['worker-wkr', 'worker-wkr', 1, 1],
    ]);
  });

  test('the scaling group ties leader and workers and carries the component replicas', () => {
    expect(pcs.spec.template.podCliqueScalingGroups).toEqual([
      { name: 'worker', cliqueNames: ['worker-ldr', 'worker-wkr'], replicas: 2, minAvailable: 1 },
    ]);
  });

  test("worker cliques carry the graph's worker hash as label and Dynamo namespace suffix, as upstream's; the frontend does not", () => {
    const hash = workerHash(twoComponents());
    const clique = (name: string) => pcs.spec.template.cliques.find((c: any) => c.name === name);
    for (const name of ['worker-ldr', 'worker-wkr']) {
      expect(clique(name).labels['nvidia.com/dynamo-worker-hash']).toBe(hash);
      const env = clique(name).spec.podSpec.containers.find((c: any) => c.name === 'main').env;
      expect(env).toContainEqual({ name: 'DYN_NAMESPACE_WORKER_SUFFIX', value: hash });
    }
    expect(clique('frontend').labels['nvidia.com/dynamo-worker-hash']).toBeUndefined();
    // Names do not change with the hash: the cliques roll in place.
    expect(clique('worker-ldr').labels['nvidia.com/selector']).toBe('demo-worker');
  });

  test('every clique carries the discovery backend and the origin version our target release stamps', () => {
    for (const c of pcs.spec.template.cliques) {
      expect(c.annotations).toEqual({
        'nvidia.com/dynamo-discovery-backend': 'kubernetes',
        'nvidia.com/dynamo-operator-origin-version': targetOperatorVersion(DEFAULT_SETTINGS),
      });
    }
    const older = renderOn(
      'grove',
      twoComponents({ metadataAnnotations: { 'nvidia.com/dynamo-operator-origin-version': '1.4.0' } }),
    ).find('PodCliqueSet', 'demo');
    expect(older.spec.template.cliques[0].annotations['nvidia.com/dynamo-operator-origin-version']).toBe('1.4.0');
  });

  test('worker clique size is nodeCount - 1', () => {
    const big = renderOn('grove', multinodeGraph(vllm({ multinode: { nodeCount: 4 } }))).find('PodCliqueSet', 'demo');
    const wkr = big.spec.template.cliques.find((c: any) => c.name === 'worker-wkr');
    expect([wkr.spec.replicas, wkr.spec.minAvailable]).toEqual([3, 3]);
  });

  test('clique labels are the pod labels, including the selector label <graph>-<component>', () => {
    const ldr = pcs.spec.template.cliques.find((c: any) => c.name === 'worker-ldr');
    expect(ldr.labels).toMatchObject({
      'nvidia.com/selector': 'demo-worker',
      'nvidia.com/dynamo-graph-deployment-name': 'demo',
      'nvidia.com/dynamo-component': 'Worker',
      'nvidia.com/dynamo-component-type': 'worker',
      'nvidia.com/metrics-enabled': 'true',
    });
    expect(ldr.spec.podSpec.schedulerName).toBeUndefined();
  });

  test('the set carries the graph spec labels and annotations', () => {
    const labelled = renderOn('grove', twoComponents({ labels: { team: 'a' }, annotations: { note: 'b' } })).find(
      'PodCliqueSet',
      'demo',
    );
    expect(labelled.metadata).toEqual({
      name: 'demo',
      namespace: 'ml',
      labels: { team: 'a' },
      annotations: { note: 'b' },
    });
  });

  test('the Service of a multinode component selects the component (Grove has no role label)', () => {
    expect(r.find('Service', 'demo-worker').spec.selector).toEqual({
      'nvidia.com/dynamo-namespace': 'ml-demo',
      'nvidia.com/dynamo-component': 'Worker',
      'nvidia.com/dynamo-component-type': 'worker',
    });
  });
});

describe('Grove topology constraints', () => {
  const g = twoComponents({
    topologyConstraint: { topologyProfile: 'p', packDomain: 'zone' },
    components: [
      vllm({ topologyConstraint: { packDomain: 'rack' } }),
      frontend({ topologyConstraint: { packDomain: 'host' } }),
    ],
  });
  const t = renderOn('grove', g).find('PodCliqueSet', 'demo').spec.template;

  test('graph level on the set template, component level on the clique or the scaling group (never ldr/wkr), each naming the ClusterTopology', () => {
    expect(t.topologyConstraint).toEqual({ topologyName: 'p', packDomain: 'zone' });
    expect(t.cliques.find((c: any) => c.name === 'frontend').topologyConstraint).toEqual({
      topologyName: 'p',
      packDomain: 'host',
    });
    expect(t.cliques.filter((c: any) => c.name.startsWith('worker-')).map((c: any) => c.topologyConstraint)).toEqual([
      undefined,
      undefined,
    ]);
    expect(t.podCliqueScalingGroups[0].topologyConstraint).toEqual({ topologyName: 'p', packDomain: 'rack' });
  });
});

describe('kai-scheduler', () => {
  test('when asked for: scheduler name and queue label on every clique, queue from the annotation', () => {
    const g = twoComponents({
      kaiScheduler: true,
      metadataAnnotations: { 'nvidia.com/kai-scheduler-queue': 'gpu-team' },
    });
    for (const c of renderOn('grove', g).find('PodCliqueSet', 'demo').spec.template.cliques) {
      expect(c.labels['kai.scheduler/queue']).toBe('gpu-team');
      expect(c.spec.podSpec.schedulerName).toBe('kai-scheduler');
    }
  });

  test('default queue "dynamo"', () => {
    const c = renderOn('grove', twoComponents({ kaiScheduler: true })).find('PodCliqueSet', 'demo').spec.template
      .cliques[0];
    expect(c.labels['kai.scheduler/queue']).toBe('dynamo');
  });
});

describe('scaling adapters on Grove', () => {
  test('the scaling group and single-node cliques carry no replicas the adapter owns', () => {
    const g = twoComponents({
      components: [vllm({ scalingAdapter: true }), frontend({ replicas: 3, scalingAdapter: true })],
    });
    const t = renderOn('grove', g).find('PodCliqueSet', 'demo').spec.template;
    expect('replicas' in t.podCliqueScalingGroups[0]).toBe(false);
    expect('replicas' in t.cliques.find((c: any) => c.name === 'frontend').spec).toBe(false);
    // Pods per group are not the adapter's to change.
    expect(t.cliques.find((c: any) => c.name === 'worker-wkr').spec.replicas).toBe(1);
  });
});

describe('orchestrator choice', () => {
  const g = twoComponents();
  const kinds = (model: any, settings = {}) =>
    rendered(model, settings).ids.filter((id) => /^(LeaderWorkerSet|PodCliqueSet)\//.test(id));

  test('default: LWS (Grove not in the platform settings)', () => {
    expect(kinds(g)).toEqual(['LeaderWorkerSet/demo-worker-0']);
  });

  test('Grove when the platform has it', () => {
    expect(kinds(g, { groveAvailable: true })).toEqual(['PodCliqueSet/demo']);
  });

  test('the annotation nvidia.com/enable-grove: "false" opts out', () => {
    expect(
      kinds({ ...g, metadataAnnotations: { 'nvidia.com/enable-grove': 'false' } }, { groveAvailable: true }),
    ).toEqual(['LeaderWorkerSet/demo-worker-0']);
  });

  test('an explicit choice wins over the settings and the annotation', () => {
    expect(kinds({ ...g, orchestrator: 'grove', metadataAnnotations: { 'nvidia.com/enable-grove': 'false' } })).toEqual(
      ['PodCliqueSet/demo'],
    );
    expect(kinds({ ...g, orchestrator: 'lws' }, { groveAvailable: true })).toEqual(['LeaderWorkerSet/demo-worker-0']);
  });

  test('a graph without multinode components on Grove is still one PodCliqueSet, and no wait-for-leader ConfigMap', () => {
    const single = rendered({ ...g, components: [frontend()] }, { groveAvailable: true });
    expect(single.ids).toContain('PodCliqueSet/demo');
    expect(single.ids).not.toContain('ConfigMap/demo-wait-leader-script');
    expect(single.ids.some((id) => id.startsWith('Deployment/'))).toBe(false);
  });
});
