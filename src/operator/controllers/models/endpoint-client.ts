/**
 * Calls the LoRA API of the model workers (`/v1/loras` on the Dynamo system port), the way
 * upstream does: at most `parallelism` requests at once, each bounded by `requestTimeoutMs`,
 * the whole batch by `batchTimeoutMs`; redirects are not followed (Node's http never does).
 */
import * as http from 'http';

export interface EndpointClientOptions {
  /** Requests in flight at once. Upstream: 10. */
  readonly parallelism: number;
  /** One request. Upstream: 15 s. */
  readonly requestTimeoutMs: number;
  /** A whole load or unload batch; requests not started by then count as failed. Upstream: 30 s. */
  readonly batchTimeoutMs: number;
}

export const UPSTREAM_ENDPOINT_TIMINGS: EndpointClientOptions = {
  parallelism: 10,
  requestTimeoutMs: 15_000,
  batchTimeoutMs: 30_000,
};

/** The outcome of one call; `error` is set when it failed. */
export interface CallResult {
  readonly address: string;
  readonly error?: string;
}

export class EndpointClient {
  constructor(private readonly opts: EndpointClientOptions = UPSTREAM_ENDPOINT_TIMINGS) {}

  /** `POST <address>/v1/loras` with upstream's body, on every address. Results are in input order. */
  loadLoRA(addresses: string[], loraName: string, sourceUri: string): Promise<CallResult[]> {
    const body = JSON.stringify({ lora_name: loraName, source: { uri: sourceUri } });
    return this.batch(addresses, (address, signal) => this.call('POST', joinUrl(address, 'v1', 'loras'), body, signal));
  }

  /** `DELETE <address>/v1/loras/<url-escaped name>` on every address. */
  unloadLoRA(addresses: string[], loraName: string): Promise<CallResult[]> {
    return this.batch(addresses, (address, signal) =>
      this.call('DELETE', joinUrl(address, 'v1', 'loras', loraName), undefined, signal),
    );
  }

  private async batch(
    addresses: string[],
    fn: (address: string, signal: AbortSignal) => Promise<void>,
  ): Promise<CallResult[]> {
    const results: CallResult[] = new Array(addresses.length);
    const batch = new AbortController();
    const deadline = setTimeout(() => batch.abort(), this.opts.batchTimeoutMs);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < addresses.length; i = next++) {
        if (batch.signal.aborted) {
          results[i] = { address: addresses[i], error: 'not attempted: batch timed out' };
          continue;
        }
        try {
          await fn(addresses[i], batch.signal);
          results[i] = { address: addresses[i] };
        } catch (err) {
          results[i] = { address: addresses[i], error: (err as Error).message };
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.opts.parallelism, addresses.length) }, worker));
    } finally {
      clearTimeout(deadline);
    }
    return results;
  }

  /** Resolves on any 2xx; rejects with the status and (the start of) the body otherwise. */
  private call(method: string, url: string, body: string | undefined, batchSignal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          headers:
            body !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } : {},
          // One connection per call: worker pods come and go, a pooled socket to a dead pod helps nobody.
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            if (size < 4096) chunks.push(c);
            size += c.length;
          });
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve();
            else
              reject(
                new Error(
                  `${method === 'POST' ? 'load' : 'unload'} LoRA failed with status ${status}: ${Buffer.concat(chunks).toString('utf8').slice(0, 4096)}`,
                ),
              );
          });
        },
      );
      const timer = setTimeout(
        () => req.destroy(new Error(`${method} ${url}: timed out after ${this.opts.requestTimeoutMs} ms`)),
        this.opts.requestTimeoutMs,
      );
      const onAbort = () =>
        req.destroy(new Error(`${method} ${url}: batch timed out after ${this.opts.batchTimeoutMs} ms`));
      batchSignal.addEventListener('abort', onAbort, { once: true });
      req.on('close', () => {
        clearTimeout(timer);
        batchSignal.removeEventListener('abort', onAbort);
      });
      req.on('error', reject);
      req.end(body);
    });
  }
}

/** `url.JoinPath`-like: keeps a path already in the address, escapes each segment. */
export function joinUrl(address: string, ...segments: string[]): string {
  return `${address.replace(/\/+$/, '')}/${segments.map(encodeURIComponent).join('/')}`;
}
