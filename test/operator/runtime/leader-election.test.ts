/**
 * Leader election on a fake Lease store and a fake clock: who leads, when a candidate takes
 * over (a full lease duration without a renewal, measured on its own clock), losing leadership
 * after failed renewals, and the release on a graceful stop.
 */
import { LeaderElectionConfig, LeaderElector } from '../../../src/operator/runtime/leader-election';
import { createLogger } from '../../../src/operator/runtime/log';
import { FakeClock } from '../fake-clock';
import { FakeLeaseApi } from './fake-lease-api';

const CONFIG: LeaderElectionConfig = {
  enabled: true,
  leaseName: 'leader',
  namespace: 'ops',
  durationMs: 15_000,
  retryPeriodMs: 2_000,
};
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

function candidate(api: FakeLeaseApi, clock: FakeClock, identity: string) {
  const events: string[] = [];
  const elector = new LeaderElector(
    api,
    CONFIG,
    identity,
    { onStartedLeading: () => events.push('started'), onStoppedLeading: () => events.push('stopped') },
    createLogger('silent'),
    clock,
  );
  return { elector, events };
}

async function advance(clock: FakeClock, ms: number, step = 1_000): Promise<void> {
  for (let t = 0; t < ms; t += step) {
    clock.advance(step);
    await flush();
  }
}

test('the first candidate leads; the second takes over only after a full duration without renewals', async () => {
  const api = new FakeLeaseApi();
  const clock = new FakeClock();
  const a = candidate(api, clock, 'a');
  const b = candidate(api, clock, 'b');
  a.elector.start();
  await flush();
  b.elector.start();
  await advance(clock, 30_000);
  expect([a.events, b.events]).toEqual([['started'], []]);
  expect(api.lease('ops/leader')?.spec).toMatchObject({
    holderIdentity: 'a',
    leaseDurationSeconds: 15,
    leaseTransitions: 0,
  });

  // a stops renewing without releasing (its process died): b waits a full duration, then leads.
  await a.elector.stop({ release: false });
  await advance(clock, 14_000);
  expect(b.events).toEqual([]);
  await advance(clock, 4_000);
  expect(b.events).toEqual(['started']);
  expect(api.lease('ops/leader')?.spec).toMatchObject({ holderIdentity: 'b', leaseTransitions: 1 });
  await b.elector.stop();
});

test('a leader that cannot renew for a whole duration stops leading (and the process exits)', async () => {
  const api = new FakeLeaseApi();
  const clock = new FakeClock();
  const a = candidate(api, clock, 'a');
  a.elector.start();
  await flush();
  api.failing = true;
  await advance(clock, 14_000);
  expect(a.events).toEqual(['started']);
  await advance(clock, 2_000);
  expect(a.events).toEqual(['started', 'stopped']);
  expect(a.elector.isLeader).toBe(false);
});

test('a graceful stop releases the Lease, so another replica leads at its next try', async () => {
  const api = new FakeLeaseApi();
  const clock = new FakeClock();
  const a = candidate(api, clock, 'a');
  const b = candidate(api, clock, 'b');
  a.elector.start();
  await flush();
  b.elector.start();
  await flush();
  await a.elector.stop();
  expect(api.lease('ops/leader')?.spec).toMatchObject({ holderIdentity: '', leaseDurationSeconds: 1 });
  await advance(clock, 2_000);
  expect(b.events).toEqual(['started']);
  await b.elector.stop();
});
