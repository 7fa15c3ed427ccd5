/**
 * A client that keeps sending chat completions through a frontend while something changes under
 * it (a pod deleted, a worker rollout), and counts what failed. Bounded in time, and paced so it
 * is still sending when the change completes.
 */
import { chat } from './node';

export interface Sent {
  readonly status: number;
  readonly ms: number;
  readonly body: string;
}

export class Traffic {
  readonly results: Sent[] = [];
  private stopped = false;
  private readonly done: Promise<void>;

  constructor(base: string, maxMs = 600_000) {
    const deadline = Date.now() + maxMs;
    this.done = (async () => {
      while (!this.stopped && Date.now() < deadline) {
        const t = Date.now();
        const c = await chat(base, 8, 10_000).catch((err: Error) => ({ status: 0, body: String(err.cause ?? err) }));
        this.results.push({ status: c.status, ms: Date.now() - t, body: JSON.stringify(c.body).slice(0, 300) });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
  }

  get failed(): Sent[] {
    return this.results.filter((r) => r.status !== 200);
  }

  /** Successful requests since `from` (an index into `results`). */
  succeededSince(from: number): number {
    return this.results.slice(from).filter((r) => r.status === 200).length;
  }

  summary(): string {
    const failed = this.failed;
    return `${this.results.length} requests, ${failed.length} failed; last failures: ${JSON.stringify(failed.slice(-3))}; last: ${JSON.stringify(this.results.slice(-3))}`;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }
}
