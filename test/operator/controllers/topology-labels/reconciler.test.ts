/** The topology-label reconciler and its predicates against a scripted API: which pods get which label, and the warning. */
import { Pod } from '../../../../src/operator/controllers/kinds';
import { RESOURCES } from '../../../../src/operator/controllers/resources';
import {
  copyBecameNeeded,
  podView,
  topologyLabelToCopy,
} from '../../../../src/operator/controllers/topology-labels/pods';
import { TopologyLabelReconciler } from '../../../../src/operator/controllers/topology-labels/reconciler';
import { ApiError } from '../../../../src/operator/runtime/kube/errors';
import { cacheOf, eventsOf, notFound, reconcilerContext, ScriptedApi } from '../../scripted-api';

const NS = 'ml';
const ZONE = 'topology.kubernetes.io/zone';

function pod(opts: { node?: string; labels?: Record<string, string>; key?: string | null } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'g-decode-abc',
      namespace: NS,
      uid: 'uid-pod',
      resourceVersion: '5',
      labels: {
        'nvidia.com/dynamo-graph-deployment-name': 'g',
        'nvidia.com/dynamo-component': 'decode',
        ...opts.labels,
      },
      annotations: opts.key === null ? {} : { 'nvidia.com/topology-label-key': opts.key ?? ZONE },
    },
    ...(opts.node === undefined ? {} : { spec: { nodeName: opts.node } }),
  };
}
const node = (labels: Record<string, string>) => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name: 'node-1', labels },
});

function setup(p: Pod) {
  const api = new ScriptedApi();
  const pods = cacheOf(RESOURCES.pod, [p]);
  return { api, pods, reconciler: new TopologyLabelReconciler({ ...reconcilerContext(api), pods }) };
}

test("a scheduled worker pod gets its node's label under the same key", async () => {
  const { api, pods, reconciler } = setup(pod({ node: 'node-1' }));
  api.answer('get', { kind: 'Node', name: 'node-1' }, node({ [ZONE]: 'us-east-1a' }));
  await reconciler.reconcile(`${NS}/g-decode-abc`);
  expect(api.writes()).toEqual(['mergePatch Pod ml/g-decode-abc']);
  expect(api.bodies('mergePatch')[0]).toEqual({ metadata: { labels: { [ZONE]: 'us-east-1a' } } });
  // The cache now has it: nothing more to do.
  expect(topologyLabelToCopy(pods.get(NS, 'g-decode-abc')!)).toBeUndefined();
});

test('a node without the label: a TopologyLabelMissing warning on the pod, no patch', async () => {
  const { api, reconciler } = setup(pod({ node: 'node-1' }));
  api.answer('get', { kind: 'Node', name: 'node-1' }, node({}));
  await reconciler.reconcile(`${NS}/g-decode-abc`);
  expect(api.writes()).toEqual([]);
  expect(eventsOf(api)).toEqual([
    [
      'TopologyLabelMissing',
      `Node "node-1" does not have required topology label "${ZONE}"; topology metadata will remain unavailable`,
      'g-decode-abc',
    ],
  ]);
});

test('an operator not allowed to read nodes: a warning that says so, no retry', async () => {
  const { api, reconciler } = setup(pod({ node: 'node-1' }));
  api.answer(
    'get',
    { kind: 'Node' },
    new ApiError('GET', 'node-1', 403, { reason: 'Forbidden', message: 'nodes "node-1" is forbidden' }),
  );
  await expect(reconciler.reconcile(`${NS}/g-decode-abc`)).resolves.toBeUndefined();
  expect(eventsOf(api)).toEqual([
    ['TopologyLabelMissing', expect.stringContaining('may not get nodes'), 'g-decode-abc'],
  ]);
});

test('unscheduled, already labelled, without the annotation, or not a graph component: no request at all', async () => {
  for (const p of [
    pod(),
    pod({ node: 'node-1', labels: { [ZONE]: 'a' } }),
    pod({ node: 'node-1', key: null }),
    pod({ node: 'node-1', labels: { 'nvidia.com/dynamo-graph-deployment-name': '' } }),
  ]) {
    const { api, reconciler } = setup(p);
    await reconciler.reconcile(`${NS}/g-decode-abc`);
    expect(api.calls).toEqual([]);
  }
});

test('a pod deleted while its node was read: no error', async () => {
  const { api, reconciler } = setup(pod({ node: 'node-1' }));
  api
    .answer('get', { kind: 'Node' }, node({ [ZONE]: 'a' }))
    .answer('mergePatch', { kind: 'Pod' }, notFound('g-decode-abc'));
  await expect(reconciler.reconcile(`${NS}/g-decode-abc`)).resolves.toBeUndefined();
});

test('updates that make a copy needed: scheduled, a new key, the label removed; not any other update', () => {
  const scheduled = pod({ node: 'node-1' });
  expect(copyBecameNeeded(scheduled, pod())).toBe(true);
  expect(copyBecameNeeded(scheduled, pod({ node: 'node-1', key: 'other/key' }))).toBe(true);
  expect(copyBecameNeeded(scheduled, pod({ node: 'node-1', labels: { [ZONE]: 'a' } }))).toBe(true);
  expect(copyBecameNeeded(scheduled, scheduled)).toBe(false);
});

test('the cached view keeps only names, labels, annotations and the node', () => {
  const full = {
    ...pod({ node: 'node-1' }),
    spec: { nodeName: 'node-1', containers: [{ name: 'main' }] },
    status: { phase: 'Running' },
  };
  expect(podView(full)).toEqual({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: expect.objectContaining({ name: 'g-decode-abc', uid: 'uid-pod' }),
    spec: { nodeName: 'node-1' },
  });
});
