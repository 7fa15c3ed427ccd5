/**
 * Graph status aggregation against the real API server. There is no kubelet or
 * controller-manager, so the test writes the workloads' status subresources as those would,
 * and checks the DGD status the operator derives: state, the Ready condition with upstream's
 * reasons, per-component replica status, observedGeneration.
 */
import { ServerObject } from './kube';
import { operatorNamespace, rendered } from './operator-harness';

const DGD = 'nvidia.com/v1beta1';
const env = operatorNamespace('op-status', async (env) => {
  for (const o of rendered(env.ns)) await env.kube.apply(o);
});

const dgdStatus = (pred: (s: any) => boolean, what: string) =>
  env.kube
    .waitFor<any>(DGD, 'DynamoGraphDeployment', 'sg', env.ns, (o) => !!o?.status && pred(o.status), {
      what,
      timeoutMs: 60_000,
    })
    .then((o) => o!.status);
const ready = (s: any) => s.conditions?.find((c: any) => c.type === 'Ready');

/** Writes a workload's status as its controller would, once the operator has set spec.replicas. */
async function setStatus(
  apiVersion: string,
  kind: string,
  plural: string,
  name: string,
  status: (gen: number, replicas: number) => object,
) {
  const w = await env.kube.waitFor<ServerObject>(
    apiVersion,
    kind,
    name,
    env.ns,
    (o) => typeof (o as any)?.spec?.replicas === 'number',
  );
  const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
  await env.kube.request(
    'PATCH',
    `${base}/namespaces/${env.ns}/${plural}/${name}/status`,
    { status: status(w!.metadata.generation!, (w as any).spec.replicas) },
    'application/merge-patch+json',
  );
}
const deploymentStatus = (ready: number, updated?: number) => (gen: number, replicas: number) => ({
  observedGeneration: gen,
  replicas,
  updatedReplicas: updated ?? replicas,
  readyReplicas: ready,
  availableReplicas: ready,
  conditions: [
    {
      type: 'Available',
      status: ready === replicas ? 'True' : 'False',
      reason: 'MinimumReplicasAvailable',
      lastUpdateTime: new Date().toISOString(),
      lastTransitionTime: new Date().toISOString(),
    },
  ],
});

test('workloads without status: pending, Ready=False because they are updating', async () => {
  const s = await dgdStatus((s) => s.state === 'pending', 'state pending');
  expect(ready(s)).toMatchObject({ status: 'False', reason: 'updating' });
  expect(s.observedGeneration).toBe(1);
});

test('all workloads ready: successful, Ready=True all_resources_are_ready, replica status per component', async () => {
  await env.kube.waitFor('apps/v1', 'Deployment', 'sg-decode', env.ns, (o) => (o as any)?.spec?.replicas === 2);
  await setStatus('apps/v1', 'Deployment', 'deployments', 'sg-frontend', deploymentStatus(1));
  await setStatus('apps/v1', 'Deployment', 'deployments', 'sg-decode', deploymentStatus(2));
  await setStatus('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', 'leaderworkersets', 'sg-prefill-0', (_g, r) => ({
    replicas: r,
    updatedReplicas: r,
    readyReplicas: r,
  }));
  const s = await dgdStatus((s) => s.state === 'successful', 'state successful');
  expect(ready(s)).toMatchObject({
    type: 'Ready',
    status: 'True',
    reason: 'all_resources_are_ready',
    observedGeneration: 1,
  });
  expect(s.components).toEqual({
    Frontend: {
      componentKind: 'Deployment',
      componentNames: ['sg-frontend'],
      replicas: 1,
      updatedReplicas: 1,
      readyReplicas: 1,
      availableReplicas: 1,
    },
    decode: {
      componentKind: 'Deployment',
      componentNames: ['sg-decode'],
      replicas: 2,
      updatedReplicas: 2,
      readyReplicas: 2,
      availableReplicas: 2,
    },
    prefill: {
      componentKind: 'LeaderWorkerSet',
      componentNames: ['sg-prefill-0'],
      replicas: 1,
      updatedReplicas: 1,
      readyReplicas: 1,
    },
  });
});

test('one component with unready pods: pending, pods_not_ready; a second reason makes it mixed', async () => {
  const before = ready(await dgdStatus(() => true, 'status'));
  await setStatus('apps/v1', 'Deployment', 'deployments', 'sg-decode', deploymentStatus(1));
  const s = await dgdStatus((s) => ready(s)?.reason === 'pods_not_ready', 'pods_not_ready');
  expect(s.state).toBe('pending');
  expect(ready(s).message).toBe('Not ready: decode');
  expect(Date.parse(ready(s).lastTransitionTime)).toBeGreaterThanOrEqual(Date.parse(before.lastTransitionTime));
  await setStatus('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', 'leaderworkersets', 'sg-prefill-0', (_g, r) => ({
    replicas: r,
    updatedReplicas: 0,
    readyReplicas: 0,
  }));
  await dgdStatus((s) => ready(s)?.reason === 'mixed_not_ready_reasons', 'mixed_not_ready_reasons');
});

test('a Deployment past its progress deadline makes the graph failed', async () => {
  await setStatus('apps/v1', 'Deployment', 'deployments', 'sg-frontend', (gen, r) => ({
    ...deploymentStatus(0)(gen, r),
    conditions: [
      {
        type: 'Progressing',
        status: 'False',
        reason: 'ProgressDeadlineExceeded',
        message: 'timed out',
        lastUpdateTime: new Date().toISOString(),
        lastTransitionTime: new Date().toISOString(),
      },
    ],
  }));
  const s = await dgdStatus((s) => s.state === 'failed', 'state failed');
  expect(ready(s).status).toBe('False');
});
