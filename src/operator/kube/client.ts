/**
 * A small JSON REST client for the Kubernetes API. We do not use @kubernetes/client-node:
 * 1.x is ESM-only, which this CommonJS package can load at run time (Node ≥ 20.19) but jest
 * cannot, and the operator needs only these few verbs.
 */
import * as http from 'http';
import * as https from 'https';
import { Connection } from './connection';
import { ApiError } from './errors';
import { Resource, resourcePath } from './resources';

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  deletionTimestamp?: string;
  [k: string]: unknown;
}

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [k: string]: any;
}

export interface ListResult<T> {
  items: T[];
  metadata: { resourceVersion: string };
}

export interface WatchEvent<T> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: T;
}

export interface ListOptions {
  labelSelector?: string;
  fieldSelector?: string;
}

/** A running watch request; `done` settles when the server closes it or it fails. */
export interface WatchHandle {
  readonly done: Promise<void>;
  abort(): void;
}

export const OPERATOR_FIELD_MANAGER = 'dynamo-iac-operator';

const REQUEST_TIMEOUT_MS = 30_000;

export class KubeApi {
  private readonly agent: https.Agent;

  constructor(readonly conn: Connection) {
    this.agent = new https.Agent({
      ca: conn.ca,
      cert: conn.cert,
      key: conn.key,
      rejectUnauthorized: !conn.insecureSkipTlsVerify,
      keepAlive: true,
      maxSockets: 16,
    });
  }

  close(): void {
    this.agent.destroy();
  }

  request<T = any>(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<T>((resolve, reject) => {
      const req = this.open(method, path, payload, contentType, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: any = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text for the error message
          }
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) reject(new ApiError(method, path, status, parsed));
          else resolve(parsed as T);
        });
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`${method} ${path}: timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  async get<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string): Promise<T> {
    return withKind(res, await this.request<T>('GET', resourcePath(res, namespace, name)));
  }

  async list<T extends KubeObject>(res: Resource, namespace?: string, opts: ListOptions = {}): Promise<ListResult<T>> {
    const list = await this.request<ListResult<T>>('GET', `${resourcePath(res, namespace)}${query(opts)}`);
    return { ...list, items: list.items.map((i) => withKind(res, i)) };
  }

  create<T extends KubeObject>(res: Resource, obj: T): Promise<T> {
    return this.request('POST', resourcePath(res, obj.metadata.namespace), obj);
  }

  /** PUT; fails with 409 when `metadata.resourceVersion` is stale. */
  replace<T extends KubeObject>(res: Resource, obj: T): Promise<T> {
    return this.request('PUT', resourcePath(res, obj.metadata.namespace, obj.metadata.name), obj);
  }

  /** Server-side apply as the operator's own field manager, so it owns only the fields it sends. */
  apply<T extends KubeObject>(res: Resource, obj: Partial<T> & KubeObject, subresource?: string): Promise<T> {
    const q = new URLSearchParams({ fieldManager: OPERATOR_FIELD_MANAGER, force: 'true' });
    return this.request('PATCH', `${resourcePath(res, obj.metadata.namespace, obj.metadata.name, subresource)}?${q}`, obj, 'application/apply-patch+yaml');
  }

  mergePatch<T extends KubeObject>(res: Resource, namespace: string | undefined, name: string, patch: unknown, subresource?: string): Promise<T> {
    const q = new URLSearchParams({ fieldManager: OPERATOR_FIELD_MANAGER });
    return this.request('PATCH', `${resourcePath(res, namespace, name, subresource)}?${q}`, patch, 'application/merge-patch+json');
  }

  delete(res: Resource, namespace: string | undefined, name: string, preconditions?: { uid?: string }): Promise<unknown> {
    return this.request('DELETE', resourcePath(res, namespace, name), {
      apiVersion: 'v1',
      kind: 'DeleteOptions',
      propagationPolicy: 'Background',
      ...(preconditions ? { preconditions } : {}),
    });
  }

  /**
   * Starts a watch from `resourceVersion`; every event goes to `onEvent`. Bookmarks are asked
   * for so an idle watch still advances its resourceVersion.
   */
  watch<T extends KubeObject>(
    res: Resource,
    namespace: string | undefined,
    opts: ListOptions & { resourceVersion: string; timeoutSeconds: number },
    onEvent: (event: WatchEvent<T>) => void,
  ): WatchHandle {
    const q = new URLSearchParams({ watch: '1', allowWatchBookmarks: 'true', resourceVersion: opts.resourceVersion, timeoutSeconds: String(opts.timeoutSeconds) });
    if (opts.labelSelector) q.set('labelSelector', opts.labelSelector);
    if (opts.fieldSelector) q.set('fieldSelector', opts.fieldSelector);
    const path = `${resourcePath(res, namespace)}?${q}`;
    let req: http.ClientRequest | undefined;
    const done = new Promise<void>((resolve, reject) => {
      req = this.open('GET', path, undefined, 'application/json', (response) => {
        const status = response.statusCode ?? 0;
        if (status !== 200) {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => reject(new ApiError('GET', path, status, safeJson(Buffer.concat(chunks).toString('utf8')))));
          return;
        }
        let buffered = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffered += chunk;
          let nl: number;
          while ((nl = buffered.indexOf('\n')) >= 0) {
            const line = buffered.slice(0, nl).trim();
            buffered = buffered.slice(nl + 1);
            if (line) {
              const event = JSON.parse(line) as WatchEvent<T>;
              if (event.type !== 'ERROR' && event.type !== 'BOOKMARK') withKind(res, event.object);
              onEvent(event);
            }
          }
        });
        response.on('end', () => resolve());
        response.on('error', reject);
        response.on('aborted', () => resolve());
      });
      req.on('error', (err) => (req?.destroyed && (err as any).code === 'ECONNRESET' ? resolve() : reject(err)));
      // A connection that died without a FIN would hang the watch forever: give up after a
      // silence longer than the server's own timeout, and the informer resumes.
      req.setTimeout((opts.timeoutSeconds + 30) * 1000, () => req?.destroy(new Error(`${path}: watch connection silent`)));
      req.end();
    });
    return { done, abort: () => req?.destroy() };
  }

  private open(method: string, path: string, payload: string | undefined, contentType: string, onResponse: (res: http.IncomingMessage) => void): http.ClientRequest {
    const token = this.conn.token?.();
    return https.request(
      new URL(path, this.conn.server),
      {
        method,
        agent: this.agent,
        headers: {
          Accept: 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(this.conn.impersonate ? { 'Impersonate-User': this.conn.impersonate } : {}),
          ...(payload !== undefined ? { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      onResponse,
    );
  }
}

/** List items and watch objects come without apiVersion/kind; set them for the handlers. */
function withKind<T extends KubeObject>(res: Resource, obj: T): T {
  obj.apiVersion = res.apiVersion;
  obj.kind = res.kind;
  return obj;
}

function query(opts: ListOptions): string {
  const q = new URLSearchParams();
  if (opts.labelSelector) q.set('labelSelector', opts.labelSelector);
  if (opts.fieldSelector) q.set('fieldSelector', opts.fieldSelector);
  const s = q.toString();
  return s ? `?${s}` : '';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
