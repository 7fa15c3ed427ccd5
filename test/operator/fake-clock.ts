/** A manual clock for deterministic timer tests: time moves only when the test advances it. */
import { Clock, TimerHandle } from '../../src/operator/runtime/clock';

export class FakeClock implements Clock {
  private t = 0;
  private timers: Array<{ at: number; fn: () => void; id: number }> = [];
  private nextId = 0;

  now(): number {
    return this.t;
  }

  setTimer(fn: () => void, delayMs: number): TimerHandle {
    const id = this.nextId++;
    this.timers.push({ at: this.t + Math.max(0, delayMs), fn, id });
    return { cancel: () => (this.timers = this.timers.filter((x) => x.id !== id)) };
  }

  /** Pending timers' due times, soonest first. */
  pending(): number[] {
    return this.timers.map((x) => x.at).sort((a, b) => a - b);
  }

  /** Moves time forward, firing due timers in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x.id !== due.id);
      this.t = due.at;
      due.fn();
    }
    this.t = end;
  }
}
