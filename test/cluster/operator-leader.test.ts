/**
 * Leader election between two operator replicas on the real API server, with short durations:
 * exactly one leads; when the leader dies (stops renewing without releasing) the other takes
 * over after the lease duration; a graceful stop releases the lease for an immediate handover.
 */
import { LeaderElectionConfig } from '../../src/operator/runtime/leader-election';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { LeaderElector } from '../../src/operator/runtime/leader-election';
import { KubeClient, uniqueName, until } from './kube';
import { operatorApi, testLogger } from './operator-harness';

let kube: KubeClient;
let api: KubeApi;
let config: LeaderElectionConfig;
const electors: LeaderElector[] = [];

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  api = operatorApi();
  const ns = uniqueName('op-leader');
  await kube.createNamespace(ns);
  config = {
    enabled: true,
    leaseName: 'dynamo-iac-operator-leader',
    namespace: ns,
    durationMs: 2000,
    retryPeriodMs: 200,
  };
});
afterAll(async () => {
  await Promise.all(electors.map((e) => e.stop({ release: false })));
  api?.close();
  kube.close();
});

function candidate(identity: string) {
  const events: string[] = [];
  const e = new LeaderElector(
    api,
    config,
    identity,
    { onStartedLeading: () => events.push('started'), onStoppedLeading: () => events.push('stopped') },
    testLogger(),
  );
  electors.push(e);
  e.start();
  return { e, events };
}

/** Elections move in renew periods of a few hundred ms: look often, give up after 30 s. */
const leaderPoll = { timeoutMs: 30_000, intervalMs: 50 };

test('two replicas: exactly one leads, the other takes over when the leader dies, and a released lease hands over', async () => {
  const a = candidate('replica-a');
  const b = candidate('replica-b');
  await until('a leader', () => a.e.isLeader || b.e.isLeader, leaderPoll);
  // Sample the invariant over many renew periods: never two leaders.
  for (let i = 0; i < 20; i++) {
    expect([a.e.isLeader, b.e.isLeader].filter(Boolean)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 100));
  }
  const [leader, follower] = a.e.isLeader ? [a, b] : [b, a];
  const lease = await kube.get<any>('coordination.k8s.io/v1', 'Lease', config.leaseName, config.namespace);
  expect(lease.spec.holderIdentity).toBe(leader === a ? 'replica-a' : 'replica-b');

  // The leader dies: it stops renewing and never releases.
  await leader.e.stop({ release: false });
  await until('failover to the follower', () => follower.e.isLeader, leaderPoll);
  expect(follower.events).toEqual(['started']);
  const after = await kube.get<any>('coordination.k8s.io/v1', 'Lease', config.leaseName, config.namespace);
  expect(after.spec.holderIdentity).toBe(follower === a ? 'replica-a' : 'replica-b');
  expect(after.spec.leaseTransitions).toBe(1);

  // A new replica waits while the follower leads; a graceful stop hands over by releasing the lease.
  const c = candidate('replica-c');
  await new Promise((r) => setTimeout(r, 500));
  expect(c.e.isLeader).toBe(false);
  await follower.e.stop();
  const released = await kube.get<any>('coordination.k8s.io/v1', 'Lease', config.leaseName, config.namespace);
  expect(released.spec.holderIdentity === '' || released.spec.holderIdentity === 'replica-c').toBe(true);
  await until('replica-c to take the released lease', () => c.e.isLeader, leaderPoll);
});
