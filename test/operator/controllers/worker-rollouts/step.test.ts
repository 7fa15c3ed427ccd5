/** The rollout step rule, table-style: per case the generations' states and the replicas each step asks for. */
import {
  GenerationState,
  RolloutBounds,
  resolveBound,
  rolloutBounds,
  rolloutStep,
} from '../../../../src/operator/controllers/worker-rollouts/step';

const gen = (hash: string, replicas: number, available = replicas, pods = replicas): GenerationState => ({
  hash,
  replicas,
  available,
  pods,
});
const KEYS = { strategy: 'strategy', maxSurge: 'surge', maxUnavailable: 'unavailable' };
const bounds = (desired: number, annotations: Record<string, string> = {}): RolloutBounds =>
  rolloutBounds(annotations, KEYS, desired).bounds;

describe('rolloutStep', () => {
  test.each<[string, Parameters<typeof rolloutStep>[0], Record<string, number>, boolean]>([
    [
      'steady state: the current generation at desired',
      { desired: 3, current: gen('new', 2), previous: [], bounds: bounds(3) },
      { new: 3 },
      false,
    ],
    [
      'steady state, settled',
      { desired: 3, current: gen('new', 3), previous: [], bounds: bounds(3) },
      { new: 3 },
      true,
    ],
    ['current not applied yet: nothing moves', { desired: 1, previous: [gen('old', 1)], bounds: bounds(1) }, {}, false],
  ])('%s', (_name, input, replicas, done) => {
    const r = rolloutStep(input);
    expect(r.replicas).toEqual(replicas);
    expect(r.done).toBe(done);
  });
});

/**
 * Runs a rollout step by step. Each row is what the cluster shows before the step (available
 * replicas of the current generation, and pods of the old ones, as the test decides readiness),
 * and the replicas the step asks for.
 */
interface Row {
  /** Available replicas of each generation before the step (default: what it asks for, capped by `ready`). */
  readonly ready: Record<string, number>;
  readonly expect: Record<string, number>;
  readonly done?: boolean;
  /** Desired from this row on (scaling during a rollout). */
  readonly desired?: number;
}

function run(
  desired: number,
  annotations: Record<string, string>,
  start: Record<string, number>,
  order: string[],
  rows: Row[],
): void {
  const asked = new Map(Object.entries(start));
  let d = desired;
  rows.forEach((row, i) => {
    d = row.desired ?? d;
    const state = (h: string): GenerationState => {
      const r = asked.get(h) ?? 0;
      const avail = Math.min(r, row.ready[h] ?? r);
      return gen(h, r, avail, r);
    };
    const [current, ...rest] = order;
    const result = rolloutStep({
      desired: d,
      current: state(current),
      previous: rest.map(state),
      bounds: bounds(d, annotations),
    });
    expect({ step: i, replicas: result.replicas }).toEqual({ step: i, replicas: row.expect });
    if (row.done !== undefined) expect({ step: i, done: result.done }).toEqual({ step: i, done: row.done });
    for (const [h, n] of Object.entries(result.replicas)) asked.set(h, n);
  });
}

describe('rollouts, step by step', () => {
  test('1 → 1 with the defaults (25%/25%: surge 1, unavailable 0)', () => {
    run(
      1,
      {},
      { new: 0, old: 1 },
      ['new', 'old'],
      [
        { ready: { new: 0 }, expect: { new: 1, old: 1 } },
        { ready: { new: 0 }, expect: { new: 1, old: 1 }, done: false },
        { ready: { new: 1 }, expect: { new: 1, old: 0 }, done: false },
        { ready: { new: 1 }, expect: { new: 1, old: 0 }, done: true },
      ],
    );
  });

  test('2 → 2 with 25%/25% (surge rounds up to 1, unavailable down to 0)', () => {
    run(
      2,
      { surge: '25%', unavailable: '25%' },
      { new: 0, old: 2 },
      ['new', 'old'],
      [
        { ready: { new: 0 }, expect: { new: 1, old: 2 } },
        { ready: { new: 1 }, expect: { new: 2, old: 1 } },
        { ready: { new: 1 }, expect: { new: 2, old: 1 } },
        { ready: { new: 2 }, expect: { new: 2, old: 0 }, done: false },
        { ready: { new: 2 }, expect: { new: 2, old: 0 }, done: true },
      ],
    );
  });

  test('surge 0, unavailable 1: drain one, then add one', () => {
    run(
      2,
      { surge: '0', unavailable: '1' },
      { new: 0, old: 2 },
      ['new', 'old'],
      [
        { ready: { new: 0 }, expect: { new: 1, old: 1 } },
        { ready: { new: 0 }, expect: { new: 1, old: 1 } },
        { ready: { new: 1 }, expect: { new: 2, old: 0 } },
        { ready: { new: 2 }, expect: { new: 2, old: 0 }, done: true },
      ],
    );
  });

  test('surge 0 and unavailable 0% still moves (one may be unavailable)', () => {
    expect(bounds(4, { surge: '0%', unavailable: '0' })).toEqual({
      strategy: 'RollingUpdate',
      maxSurge: 0,
      maxUnavailable: 1,
    });
  });

  test('Recreate: every old replica goes, then the new generation comes up once their pods are gone', () => {
    const b = bounds(2, { strategy: 'Recreate' });
    // The new Deployment as the API server created it (defaulted to 1): back to 0 too.
    const first = rolloutStep({ desired: 2, current: gen('new', 1, 0), previous: [gen('old', 2)], bounds: b });
    expect(first.replicas).toEqual({ new: 0, old: 0 });
    // Asked for 0, one pod still terminating: the new one waits.
    const terminating = rolloutStep({ desired: 2, current: gen('new', 0), previous: [gen('old', 0, 0, 1)], bounds: b });
    expect(terminating.replicas).toEqual({ new: 0, old: 0 });
    expect(terminating.drained).toEqual([]);
    const gone = rolloutStep({ desired: 2, current: gen('new', 0), previous: [gen('old', 0, 0, 0)], bounds: b });
    expect(gone.replicas).toEqual({ new: 2, old: 0 });
    expect(gone.drained).toEqual(['old']);
    expect(gone.done).toBe(false);
    const ready = rolloutStep({ desired: 2, current: gen('new', 2), previous: [gen('old', 0, 0, 0)], bounds: b });
    expect(ready.done).toBe(true);
  });

  test('scaling during a rollout: the new generation takes the difference, the old one never grows', () => {
    run(
      2,
      {},
      { new: 0, old: 2 },
      ['new', 'old'],
      [
        { ready: { new: 0 }, expect: { new: 1, old: 2 } },
        // 2 → 4: surge 1, unavailable 1; 1 new + 2 old available hold the floor of 3.
        { ready: { new: 1 }, desired: 4, expect: { new: 3, old: 2 } },
        { ready: { new: 3 }, expect: { new: 4, old: 0 } },
        // 4 → 1 before it settled.
        { ready: { new: 4 }, desired: 1, expect: { new: 1, old: 0 } },
        { ready: { new: 1 }, expect: { new: 1, old: 0 }, done: true },
      ],
    );
  });

  test('a third generation arriving mid-rollout: the unready middle one drains first, the ready old one holds availability', () => {
    // `mid` was surging (1 asked, not ready) when `new` became current.
    run(
      2,
      {},
      { new: 0, mid: 1, old: 2 },
      ['new', 'old', 'mid'],
      [
        { ready: { new: 0, mid: 0 }, expect: { new: 1, old: 2, mid: 0 } },
        { ready: { new: 1 }, expect: { new: 2, old: 1, mid: 0 } },
        { ready: { new: 2 }, expect: { new: 2, old: 0, mid: 0 }, done: false },
        { ready: { new: 2 }, expect: { new: 2, old: 0, mid: 0 }, done: true },
      ],
    );
  });

  test('a new generation that never becomes ready: stays in progress, the old one keeps the availability floor', () => {
    const rows: Row[] = Array.from({ length: 5 }, () => ({
      ready: { new: 0 },
      expect: { new: 1, old: 4 },
      done: false,
    }));
    // 4 replicas, 25%/25%: surge 1, unavailable 1 → the old one may lose one, never more.
    run(
      4,
      {},
      { new: 0, old: 4 },
      ['new', 'old'],
      [{ ready: { new: 0 }, expect: { new: 2, old: 3 } }, ...rows.map((r) => ({ ...r, expect: { new: 2, old: 3 } }))],
    );
    // With unavailable 0 the old one keeps everything.
    run(
      2,
      { unavailable: '0' },
      { new: 0, old: 2 },
      ['new', 'old'],
      rows.map((r) => ({ ...r, expect: { new: 1, old: 2 } })),
    );
  });
});

describe('bounds', () => {
  test.each<[string, number, boolean, number | undefined]>([
    ['25%', 1, true, 1],
    ['25%', 1, false, 0],
    ['25%', 4, false, 1],
    ['50%', 3, true, 2],
    ['50%', 3, false, 1],
    ['2', 10, true, 2],
    [' 3 ', 10, false, 3],
    ['-1', 4, true, undefined],
    ['1.5', 4, true, undefined],
    ['ten', 4, true, undefined],
  ])('%j of %i (round up %s) → %s', (value, desired, up, expected) => {
    expect(resolveBound(value, desired, up)).toBe(expected);
  });

  test('an unreadable annotation falls back to the default and says why, one line per value', () => {
    const { bounds: b, problems } = rolloutBounds({ surge: 'lots', unavailable: '10%' }, KEYS, 4);
    expect(b).toEqual({ strategy: 'RollingUpdate', maxSurge: 1, maxUnavailable: 0 });
    expect(problems).toEqual(['surge: "lots" is neither a count nor a percentage; using 25%']);
  });
});
