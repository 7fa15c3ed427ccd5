/**
 * The workload caches' view: what the controllers read of a Deployment, LeaderWorkerSet or Grove
 * object stays (restart annotations, cliques in order, replicas, status), the pod specs and
 * managedFields do not.
 */
import { WORKLOAD_VIEW } from '../../../src/operator/controllers/graphs';
import { ServerObject } from '../../../src/operator/runtime/kube/objects';

const metadata = {
  name: 'g-decode-1a2b3c4d',
  namespace: 'ns',
  resourceVersion: '7',
  generation: 3,
  labels: { 'nvidia.com/dynamo-graph-deployment-name': 'g' },
  managedFields: [{ manager: 'kubectl', operation: 'Apply' }],
};
const podSpec = { containers: [{ name: 'main', image: 'registry.example/vllm:1.0.0', args: ['--model', 'm'] }] };

test('a Deployment keeps its metadata, replicas, pause, pod-template annotations and status, not its pod spec or managedFields', () => {
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata,
    spec: {
      replicas: 2,
      paused: false,
      selector: { matchLabels: { a: 'b' } },
      template: { metadata: { labels: { a: 'b' }, annotations: { 'nvidia.com/restart-at': 'r1' } }, spec: podSpec },
    },
    status: { replicas: 2, availableReplicas: 1, observedGeneration: 3 },
  } as ServerObject;
  const { managedFields: _m, ...kept } = metadata;
  expect(WORKLOAD_VIEW.transform(deployment)).toEqual({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: kept,
    spec: { replicas: 2, paused: false, template: { metadata: { annotations: { 'nvidia.com/restart-at': 'r1' } } } },
    status: { replicas: 2, availableReplicas: 1, observedGeneration: 3 },
  });
});

test("a PodCliqueSet keeps each clique's name and annotations in order; a LeaderWorkerSet its templates' annotations", () => {
  const pcs = {
    apiVersion: 'grove.io/v1alpha1',
    kind: 'PodCliqueSet',
    metadata,
    spec: {
      replicas: 1,
      template: {
        cliques: [
          { name: 'frontend', annotations: { x: '1' }, spec: { podSpec } },
          { name: 'decode', spec: { podSpec } },
        ],
      },
    },
  } as unknown as ServerObject;
  const view = WORKLOAD_VIEW.transform(pcs) as unknown as { spec: { template: { cliques: unknown[] } } };
  expect(view.spec.template.cliques).toEqual([
    { name: 'frontend', annotations: { x: '1' } },
    { name: 'decode', annotations: undefined },
  ]);
  const lws = {
    apiVersion: 'leaderworkerset.x-k8s.io/v1',
    kind: 'LeaderWorkerSet',
    metadata,
    spec: {
      replicas: 1,
      leaderWorkerTemplate: {
        size: 2,
        leaderTemplate: { metadata: { annotations: { y: '2' } }, spec: podSpec },
        workerTemplate: { metadata: { annotations: { y: '3' } }, spec: podSpec },
      },
    },
  } as unknown as ServerObject;
  expect(WORKLOAD_VIEW.transform(lws)).toMatchObject({
    spec: {
      replicas: 1,
      leaderWorkerTemplate: {
        leaderTemplate: { metadata: { annotations: { y: '2' } } },
        workerTemplate: { metadata: { annotations: { y: '3' } } },
      },
    },
  });
  expect(JSON.stringify(WORKLOAD_VIEW.transform(lws))).not.toContain('registry.example');
});
