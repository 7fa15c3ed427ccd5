/**
 * A client that keeps sending chat completions through a frontend while something changes under
 * it (a pod deleted, a worker rollout), and counts what failed. Bounded in time, and paced so it
 * is still sending when the change completes.
 *
 * With `retries`, it retries as OpenAI's own clients do by default (twice, on a 5xx or a lost
 * connection, after 0.5 s then 1 s): what a user of such a client would see fail is `failed`;
 * the attempts a retry answered are kept apart in `retried`, so a test can bound them too.
 */
import { chat } from './node';

export interface Sent {
  readonly status: number;
  readonly ms: number;
  readonly body: string;
}

export interface TrafficOptions {
  /** @default 600 s */
  readonly maxMs?: number;
  /** Retries of a 5xx or a lost connection, OpenAI's clients' default being 2. @default 0 */
  readonly retries?: number;
}

const retryable = (status: number) => status === 0 || status >= 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Traffic {
  /** Each request's final answer. */
  readonly results: Sent[] = [];
  /** Failed attempts a retry then answered. */
  readonly retried: Sent[] = [];
  private stopped = false;
  private readonly done: Promise<void>;

  constructor(base: string, { maxMs = 600_000, retries = 0 }: TrafficOptions = {}) {
    const deadline = Date.now() + maxMs;
    const send = async (): Promise<Sent> => {
      const t = Date.now();
      const c = await chat(base, 8, 10_000).catch((err: Error) => ({ status: 0, body: String(err.cause ?? err) }));
      return { status: c.status, ms: Date.now() - t, body: JSON.stringify(c.body).slice(0, 300) };
    };
    this.done = (async () => {
      while (!this.stopped && Date.now() < deadline) {
        let sent = await send();
        const attempts: Sent[] = [];
        for (let n = 0; n < retries && retryable(sent.status); n++) {
          attempts.push(sent);
          await sleep(500 * 2 ** n);
          sent = await send();
        }
        if (sent.status === 200) this.retried.push(...attempts);
        this.results.push(sent);
        await sleep(50);
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
    return `${this.results.length} requests, ${failed.length} failed, ${this.retried.length} answered after a retry; last failures: ${JSON.stringify(failed.slice(-3))}; last: ${JSON.stringify(this.results.slice(-3))}`;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
  }
}
