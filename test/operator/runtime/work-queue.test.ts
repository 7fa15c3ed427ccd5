import { backoffDelay } from '../../../src/operator/runtime/backoff';
import { WorkQueue } from '../../../src/operator/runtime/work-queue';
import { FakeClock } from '../fake-clock';

const newQueue = (clock = new FakeClock()) => ({
  clock,
  q: new WorkQueue({ clock, backoff: { baseMs: 10, maxMs: 1000 } }),
});

describe('WorkQueue', () => {
  test('a key added many times is queued once, in first-add order', async () => {
    const { q } = newQueue();
    q.add('a');
    q.add('b');
    q.add('a');
    q.add('a');
    expect(q.length).toBe(2);
    expect(await q.get()).toBe('a');
    expect(await q.get()).toBe('b');
    expect(q.length).toBe(0);
  });

  test('a key added while it is processed is handed out again only after done', async () => {
    const { q } = newQueue();
    q.add('a');
    const key = (await q.get())!;
    q.add('a');
    q.add('a');
    expect(q.length).toBe(0); // not given to a second worker while the first holds it
    q.done(key);
    expect(q.length).toBe(1);
    expect(await q.get()).toBe('a');
    q.done('a');
    expect(q.length).toBe(0);
  });

  test('a waiting get receives the next add', async () => {
    const { q } = newQueue();
    const next = q.get();
    q.add('x');
    await expect(next).resolves.toBe('x');
  });

  test('addAfter queues when the timer fires; a sooner delay for the same key wins', () => {
    const { q, clock } = newQueue();
    q.addAfter('a', 100);
    q.addAfter('a', 30);
    q.addAfter('a', 500);
    expect(clock.pending()).toEqual([30]);
    clock.advance(29);
    expect(q.length).toBe(0);
    clock.advance(1);
    expect(q.length).toBe(1);
  });

  test('addRateLimited doubles the delay per failure up to the cap; forget resets it', () => {
    const { q, clock } = newQueue();
    const delays = Array.from({ length: 9 }, () => {
      const d = q.addRateLimited('k');
      clock.advance(d);
      return d;
    });
    expect(delays).toEqual([10, 20, 40, 80, 160, 320, 640, 1000, 1000]);
    expect(q.failureCount('k')).toBe(9);
    q.forget('k');
    expect(q.addRateLimited('k')).toBe(10);
  });

  test('failures are counted per key', () => {
    const { q } = newQueue();
    q.addRateLimited('a');
    q.addRateLimited('a');
    expect(q.addRateLimited('b')).toBe(10);
    expect(q.addRateLimited('a')).toBe(40);
  });

  test('shutDown releases waiting workers and cancels delayed adds', async () => {
    const { q, clock } = newQueue();
    const waiting = q.get();
    q.addAfter('later', 50);
    q.shutDown();
    await expect(waiting).resolves.toBeUndefined();
    expect(clock.pending()).toEqual([]);
    q.add('ignored');
    await expect(q.get()).resolves.toBeUndefined();
  });
});

describe('backoffDelay', () => {
  test('base · 2^n, capped, and safe for huge n', () => {
    const opts = { baseMs: 5, maxMs: 60_000 };
    expect(backoffDelay(0, opts)).toBe(5);
    expect(backoffDelay(3, opts)).toBe(40);
    expect(backoffDelay(20, opts)).toBe(60_000);
    expect(backoffDelay(5000, opts)).toBe(60_000);
  });
});
