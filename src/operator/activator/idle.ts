/** A graph's requests in flight and when the last one began or ended: the idle rule's input. */
import { Clock } from '../runtime/clock';

export class IdleTracker {
  private inFlight = 0;
  private last: number;

  constructor(private readonly clock: Clock) {
    this.last = clock.now();
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  begin(): void {
    this.inFlight++;
    this.last = this.clock.now();
  }

  end(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.last = this.clock.now();
  }

  /** Milliseconds until the graph has been idle for `windowMs` (0: it has); undefined while a request is in flight. */
  idleIn(windowMs: number): number | undefined {
    if (this.inFlight > 0) return undefined;
    return Math.max(0, this.last + windowMs - this.clock.now());
  }
}
