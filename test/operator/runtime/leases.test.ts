import { createLogger } from '../../../src/operator/runtime/log';
import { leaseExpiry, maxRenewFailures, NamespaceScopeLease } from '../../../src/operator/runtime/leases';
import { FakeClock } from '../fake-clock';
import { FakeLeaseApi } from './fake-lease-api';

const LEASE = 'team-a/dynamo-operator-namespace-scope';
const flush = () => new Promise((r) => setImmediate(r));
const T0 = Date.parse('2026-01-02T03:04:05.678Z');

function setup() {
  const clock = new FakeClock();
  clock.advance(T0);
  const api = new FakeLeaseApi();
  const fatal: Error[] = [];
  const lease = new NamespaceScopeLease({
    api,
    namespace: 'team-a',
    version: '1.2.3',
    timings: { durationMs: 30_000, renewIntervalMs: 10_000 },
    log: createLogger('silent'),
    clock,
    principal: 'system:serviceaccount:team-a:dynamo-iac-operator',
    onFatal: (e) => fatal.push(e),
  });
  /** Moves time to the next renew and lets it finish. */
  const tick = async () => {
    clock.advance(10_000);
    await flush();
  };
  return { clock, api, fatal, lease, tick };
}

test('max consecutive renew failures: floor(duration / renew) − 1, at least 1', () => {
  expect(maxRenewFailures({ durationMs: 30_000, renewIntervalMs: 10_000 })).toBe(2);
  expect(maxRenewFailures({ durationMs: 15_000, renewIntervalMs: 10_000 })).toBe(1);
  expect(maxRenewFailures({ durationMs: 60_000, renewIntervalMs: 5_000 })).toBe(11);
});

test('start creates the Lease exactly as upstream names and fills it', async () => {
  const { api, lease } = setup();
  await lease.start();
  expect(api.lease(LEASE)).toMatchObject({
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: 'dynamo-operator-namespace-scope',
      namespace: 'team-a',
      annotations: {
        'nvidia.com/dynamo-operator-admission-feature-gates': '{}',
        'nvidia.com/dynamo-operator-principal': 'system:serviceaccount:team-a:dynamo-iac-operator',
      },
    },
    spec: {
      holderIdentity: 'namespace-restricted-operator-1.2.3',
      leaseDurationSeconds: 30,
      acquireTime: '2026-01-02T03:04:05.678000Z',
      renewTime: '2026-01-02T03:04:05.678000Z',
    },
  });
  expect(leaseExpiry(api.lease(LEASE)!)).toBe(T0 + 30_000);
});

test('start fails when the first create-or-update fails', async () => {
  const { api, lease } = setup();
  api.failing = true;
  await expect(lease.start()).rejects.toThrow(/503/);
});

test('renews every interval, keeping acquireTime, and re-creates a deleted Lease', async () => {
  const { api, lease, tick } = setup();
  await lease.start();
  await tick();
  expect(api.lease(LEASE)!.spec!.renewTime).toBe('2026-01-02T03:04:15.678000Z');
  expect(api.lease(LEASE)!.spec!.acquireTime).toBe('2026-01-02T03:04:05.678000Z');
  api.leases.clear();
  await tick();
  expect(api.lease(LEASE)!.spec).toMatchObject({
    holderIdentity: 'namespace-restricted-operator-1.2.3',
    renewTime: '2026-01-02T03:04:25.678000Z',
  });
});

test('an update that was taken over by another holder resets acquireTime', async () => {
  const { api, lease, tick } = setup();
  await lease.start();
  api.lease(LEASE)!.spec!.holderIdentity = 'someone-else';
  await tick();
  expect(api.lease(LEASE)!.spec!.holderIdentity).toBe('namespace-restricted-operator-1.2.3');
  expect(api.lease(LEASE)!.spec!.acquireTime).toBe('2026-01-02T03:04:15.678000Z');
});

test('two consecutive renew failures are fatal before the Lease can expire; one failure is not', async () => {
  const { api, lease, tick, fatal, clock } = setup();
  await lease.start();
  api.failing = true;
  await tick();
  expect(fatal).toHaveLength(0);
  api.failing = false;
  await tick(); // success resets the count
  api.failing = true;
  await tick();
  expect(fatal).toHaveLength(0);
  await tick();
  expect(fatal).toHaveLength(1);
  expect(fatal[0].message).toMatch(/2 consecutive renew failures/);
  // The last successful renew was 20 s ago: the Lease is still live (10 s margin).
  expect(leaseExpiry(api.lease(LEASE)!)).toBeGreaterThan(clock.now());
  // No more renew attempts after the fatal one.
  expect(clock.pending()).toEqual([]);
});

test('stop deletes the Lease and stops renewing; a missing Lease is fine', async () => {
  const { api, lease, clock } = setup();
  await lease.start();
  await lease.stop();
  expect(api.lease(LEASE)).toBeUndefined();
  expect(clock.pending()).toEqual([]);
  await expect(lease.stop()).resolves.toBeUndefined();
});

test('a Lease without renewTime or duration counts as expired', () => {
  const l = (spec: object) => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'x' }, spec });
  expect(leaseExpiry(l({ leaseDurationSeconds: 30 }))).toBe(-Infinity);
  expect(leaseExpiry(l({ renewTime: '2026-01-02T03:04:05.000000Z' }))).toBe(-Infinity);
});
