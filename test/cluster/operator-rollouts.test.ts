/**
 * Worker rollouts against the real API server, with the operator's loop in-process. There is
 * no kubelet and no Deployment controller, so the test writes each generation's Deployment
 * status (and creates a stand-in pod) as those would, step by step, and checks the replicas the
 * operator asks of each generation, status.rollingUpdate, its events, the ownerReference to the
 * record, and that an old generation is deleted only once it is at 0, has no pod left and is
 * not listed in `dynamo-iac.io/worker-hashes`. The garbage collector runs, so deleting the
 * record proves the ownerReference removes the generations it names.
 */
import { operatorNamespace } from './operator-harness';
import { poll, ServerObject } from './kube';
import { deploymentStatus } from './deployment-status';

const DGD = 'nvidia.com/v1beta1';
const OLD = 'aaaaaaaa';
const NEW = 'bbbbbbbb';
const THIRD = 'cccccccc';
const IMAGE = 'registry.example/vllm-runtime:1';

const env = operatorNamespace('op-rollout');

/** The graph record as the render writes it in 'operator' mode (hand-written: only what the operator reads). */
function record(hash: string, listed?: string): ServerObject {
  const main = { name: 'main', image: IMAGE, command: ['python3'], args: ['-m', 'dynamo.vllm'] };
  return {
    apiVersion: DGD,
    kind: 'DynamoGraphDeployment',
    metadata: {
      name: 'rg',
      namespace: env.ns,
      annotations: {
        'nvidia.com/current-worker-hash': hash,
        'dynamo-iac.io/worker-rollout': 'operator',
        ...(listed ? { 'dynamo-iac.io/worker-hashes': listed } : {}),
      },
    },
    spec: {
      backendFramework: 'vllm',
      components: [
        { name: 'Frontend', type: 'frontend', replicas: 1, podTemplate: { spec: { containers: [main] } } },
        { name: 'decode', type: 'worker', replicas: 2, podTemplate: { spec: { containers: [main] } } },
      ],
    },
  } as ServerObject;
}

const labels = (hash: string) => ({
  'nvidia.com/dynamo-graph-deployment-name': 'rg',
  'nvidia.com/dynamo-component': 'decode',
  'nvidia.com/dynamo-worker-hash': hash,
});
const PRUNE_DISABLED = {
  'kustomize.toolkit.fluxcd.io/prune': 'disabled',
  'argocd.argoproj.io/sync-options': 'Prune=false',
};
const name = (hash: string) => `rg-decode-${hash}`;

/** A worker generation as the render writes it: a Deployment without replicas, and its Service. */
function generation(hash: string): ServerObject[] {
  const selector = { 'nvidia.com/selector': name(hash) };
  const metadata = { name: name(hash), namespace: env.ns, labels: labels(hash), annotations: PRUNE_DISABLED };
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata,
      spec: {
        selector: { matchLabels: selector },
        template: {
          metadata: { labels: { ...labels(hash), ...selector } },
          spec: { containers: [{ name: 'main', image: IMAGE }] },
        },
      },
    } as ServerObject,
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata,
      spec: { selector, ports: [{ name: 'system', port: 9090 }] },
    } as ServerObject,
  ];
}

const apply = async (objs: ServerObject[]) => {
  for (const o of objs) await env.kube.apply(o);
};
const deployment = (hash: string) => env.kube.get<any>('apps/v1', 'Deployment', name(hash), env.ns);
const replicas = async (hash: string) => (await deployment(hash))?.spec?.replicas;

/** Waits until every named generation asks for the given replicas. */
async function expectReplicas(want: Record<string, number>): Promise<void> {
  let seen: Record<string, unknown> = {};
  await poll(
    `replicas ${JSON.stringify(want)}`,
    async () => {
      seen = Object.fromEntries(await Promise.all(Object.keys(want).map(async (h) => [h, await replicas(h)])));
      return Object.entries(want).every(([h, n]) => seen[h] === n) ? true : undefined;
    },
    { timeoutMs: 30_000, context: () => `saw ${JSON.stringify(seen)}` },
  );
}

async function setStatus(hash: string, available: number, pods?: number): Promise<void> {
  const d = await deployment(hash);
  await env.kube.patchStatus(d, deploymentStatus(d, available, pods));
}

const rollingUpdate = (pred: (r: any) => boolean, what: string) =>
  env.kube
    .waitFor<any>(
      DGD,
      'DynamoGraphDeployment',
      'rg',
      env.ns,
      (o) => !!o?.status?.rollingUpdate && pred(o.status.rollingUpdate),
      {
        what,
      },
    )
    .then((o) => o!.status.rollingUpdate);

async function events(reason: string): Promise<string[]> {
  const all = await env.kube.list<any>('v1', 'Event', { namespace: env.ns });
  return all.filter((e) => e.involvedObject?.name === 'rg' && e.reason === reason).map((e) => e.message);
}
const waitForEvent = (reason: string, message: string) =>
  poll(`a ${reason} event: ${message}`, async () => ((await events(reason)).includes(message) ? true : undefined), {
    timeoutMs: 30_000,
    context: async () => `saw ${JSON.stringify(await events(reason))}`,
  });

const ownerOf = (o: ServerObject | undefined) => (o?.metadata as any)?.ownerReferences;

test('steady state: the only generation goes to the desired replicas and gets a non-controller ownerReference to the record; no rollout status', async () => {
  await apply([record(OLD), ...generation(OLD)]);
  await expectReplicas({ [OLD]: 2 });
  const dgd = await env.kube.get(DGD, 'DynamoGraphDeployment', 'rg', env.ns);
  const owner = {
    apiVersion: DGD,
    kind: 'DynamoGraphDeployment',
    name: 'rg',
    uid: dgd!.metadata.uid,
    controller: false,
    blockOwnerDeletion: false,
  };
  expect(ownerOf(await deployment(OLD))).toEqual([owner]);
  await env.kube.waitFor('v1', 'Service', name(OLD), env.ns, (s) => ownerOf(s)?.[0]?.uid === dgd!.metadata.uid, {
    what: 'ownerReference on the Service',
  });
  // Only the rollout controller's field manager owns the replicas.
  const owners = ((await deployment(OLD)).metadata.managedFields as Array<{ manager: string; fieldsV1?: any }>)
    .filter((m) => m.fieldsV1?.['f:spec']?.['f:replicas'] !== undefined)
    .map((m) => m.manager);
  expect(owners).toEqual(['dynamo-iac-operator-rollout']);
  await setStatus(OLD, 2);
  expect((await env.kube.get<any>(DGD, 'DynamoGraphDeployment', 'rg', env.ns))!.status?.rollingUpdate).toBeUndefined();
});

test('a new hash before its generation is applied: Pending, the old generation untouched', async () => {
  await apply([record(NEW)]);
  const r = await rollingUpdate((r) => r.phase === 'Pending', 'phase Pending');
  expect(Date.parse(r.startTime)).not.toBeNaN();
  expect(r.updatedComponents).toEqual([]);
  expect(await replicas(OLD)).toBe(2);
});

test('the rollout, step by step with 25%/25% of 2 (surge 1, unavailable 0): InProgress; the old generation drains only as the new one becomes available', async () => {
  await apply(generation(NEW));
  // The API server defaults the new Deployment to 1: that is the one surge replica.
  await expectReplicas({ [NEW]: 1, [OLD]: 2 });
  await rollingUpdate((r) => r.phase === 'InProgress', 'phase InProgress');
  await waitForEvent('RolloutStarted', `Rolling out worker generation ${NEW}`);
  // Not ready yet: nothing moves.
  await setStatus(NEW, 0);
  await new Promise((r) => setTimeout(r, 1500));
  expect({ new: await replicas(NEW), old: await replicas(OLD) }).toEqual({ new: 1, old: 2 });

  await setStatus(NEW, 1);
  await expectReplicas({ [NEW]: 2, [OLD]: 1 });
  await setStatus(OLD, 1);
  await setStatus(NEW, 2);
  await expectReplicas({ [NEW]: 2, [OLD]: 0 });
  await waitForEvent('GenerationScaled', `Scaled worker generation ${name(OLD)} from 1 to 0 replicas`);
});

test('the old generation at 0 is deleted only once its last pod is gone, with its Service', async () => {
  // Asked for 0, one pod still there (status and a pod object).
  await setStatus(OLD, 0, 1);
  await env.kube.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `${name(OLD)}-last`, namespace: env.ns, labels: labels(OLD) },
    spec: { containers: [{ name: 'main', image: IMAGE }] },
  });
  await new Promise((r) => setTimeout(r, 1500));
  expect(await deployment(OLD)).toBeDefined();
  // Its status says no pod, but the pod object is still there.
  await setStatus(OLD, 0, 0);
  await new Promise((r) => setTimeout(r, 1500));
  expect(await deployment(OLD)).toBeDefined();
  expect((await rollingUpdate(() => true, 'status')).phase).toBe('InProgress');

  await env.kube.delete('v1', 'Pod', `${name(OLD)}-last`, env.ns);
  await env.kube.waitFor('apps/v1', 'Deployment', name(OLD), env.ns, (o) => o === undefined, { what: 'deleted' });
  await env.kube.waitFor('v1', 'Service', name(OLD), env.ns, (o) => o === undefined, { what: 'deleted' });
  const r = await rollingUpdate((r) => r.phase === 'Completed', 'phase Completed');
  expect(r.updatedComponents).toEqual(['decode']);
  expect(Date.parse(r.endTime)).toBeGreaterThanOrEqual(Date.parse(r.startTime));
  await waitForEvent(
    'GenerationRetired',
    `Deleted drained worker generation ${OLD} (Deployment/${name(OLD)}, Service/${name(OLD)})`,
  );
  await waitForEvent('RolloutCompleted', `Worker generation ${NEW} serves every worker component (decode)`);
  // The current generation is untouched.
  expect(await replicas(NEW)).toBe(2);
});

test('a Flux-style re-apply of the generation leaves the replicas and the ownerReference', async () => {
  await apply(generation(NEW));
  const d = await deployment(NEW);
  expect(d.spec.replicas).toBe(2);
  expect(ownerOf(d)).toHaveLength(1);
});

test('a generation the record still lists is kept at 0 (drained), and a new start time marks the next rollout', async () => {
  const before = await rollingUpdate(() => true, 'status');
  await apply([record(THIRD, `${THIRD},${NEW}`), ...generation(THIRD)]);
  const r = await rollingUpdate((r) => r.phase === 'InProgress' && r.startTime !== before.startTime, 'a new rollout');
  expect(r.endTime).toBeUndefined();
  await setStatus(THIRD, 1);
  await expectReplicas({ [THIRD]: 2, [NEW]: 1 });
  // Two new replicas available: the old one's last replica is not needed for the floor.
  await setStatus(THIRD, 2);
  await expectReplicas({ [THIRD]: 2, [NEW]: 0 });
  await setStatus(NEW, 0, 0);
  await rollingUpdate((r) => r.phase === 'Completed', 'phase Completed');
  await waitForEvent(
    'GenerationDrained',
    `Worker generation ${NEW} is drained; kept at 0 replicas while dynamo-iac.io/worker-hashes lists it`,
  );
  expect(await deployment(NEW)).toBeDefined();
  expect(await env.kube.get('v1', 'Service', name(NEW), env.ns)).toBeDefined();
  expect(ownerOf(await deployment(THIRD))).toHaveLength(1);
});

test('deleting the record deletes every generation through the ownerReference (prune-disabled objects included)', async () => {
  await env.kube.delete(DGD, 'DynamoGraphDeployment', 'rg', env.ns);
  for (const h of [NEW, THIRD]) {
    await env.kube.waitFor('apps/v1', 'Deployment', name(h), env.ns, (o) => o === undefined, {
      what: 'collected',
      timeoutMs: 60_000,
    });
    await env.kube.waitFor('v1', 'Service', name(h), env.ns, (o) => o === undefined, {
      what: 'collected',
      timeoutMs: 60_000,
    });
  }
});
