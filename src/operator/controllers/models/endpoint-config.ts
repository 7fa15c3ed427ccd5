/** How the DynamoModel controller reaches the model workers (`operator` flags / tests). */
import { EndpointPort } from './discovery';

export interface ModelEndpointConfig {
  /** Where the workers' LoRA API listens. @default 9090 (upstream's system port) */
  readonly port: EndpointPort;
  /**
   * Connect to this host instead of each pod's IP. Only for tests, whose stand-in workers
   * listen on 127.0.0.1 (a slice may not hold a loopback address); no flag sets it.
   * @default - the pod IP from the EndpointSlice
   */
  readonly hostOverride?: string;
  /** Calls in flight at once. @default 10 */
  readonly parallelism: number;
  /** Time limit of one call to an endpoint. @default 15 s */
  readonly requestTimeoutMs: number;
  /** A whole load / unload batch. @default 30 s */
  readonly batchTimeoutMs: number;
  /** Requeue after a partial failure. @default 30 s */
  readonly retryAfterMs: number;
}

/** Upstream's values. */
export const DEFAULT_MODEL_ENDPOINTS: ModelEndpointConfig = {
  port: 9090,
  parallelism: 10,
  requestTimeoutMs: 15_000,
  batchTimeoutMs: 30_000,
  retryAfterMs: 30_000,
};

/** `--model-endpoint-port`: a port number, or `endpointslice` for the port the slices publish. */
export function parseEndpointPort(text: string): EndpointPort {
  if (text === 'endpointslice') return text;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new Error(`--model-endpoint-port must be a port number or "endpointslice", got ${JSON.stringify(text)}`);
  return n;
}
