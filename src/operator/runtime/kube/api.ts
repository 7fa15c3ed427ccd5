/**
 * What the operator says to the API server, over @kubernetes/client-node: a KubeConfig for the
 * server, TLS and authentication (client certificates, tokens, exec and OIDC plugins, rotated
 * service-account tokens), the request pipeline its generated APIs use (RequestContext, its
 * fetch-based HTTP library, its middleware), and its Watch.
 *
 * Objects go in and come out as plain JSON, as the server wrote them: client-node's typed models
 * would turn timestamps into Date objects and drop fields they do not know, and would load
 * thousands of modules (client-node.ts). Every verb addresses a Resource (resources.ts), so no
 * discovery round trip is needed.
 */
import { ApiError, StatusBody } from './errors';
import { Configuration, HttpMethod, KubeConfig, RequestContext, ResponseContext, Watch } from './client-node';
import { ServerObject, ObjectList, WatchEvent, WatchEventType } from './objects';
import { groupVersionPath, Resource, resourcePath } from './resources';

export const OPERATOR_FIELD_MANAGER = 'dynamo-iac-operator';

const REQUEST_TIMEOUT_MS = 30_000;
/** A watch that stays silent longer than the server's own timeout plus this is dead (no FIN). */
const WATCH_SILENCE_MARGIN_MS = 30_000;

export interface ListOptions {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
}

/** One page of a list: at most `limit` items, from the `continue` token of the page before. */
export interface ListPageOptions extends ListOptions {
  readonly limit?: number;
  readonly continue?: string;
}

export interface WriteOptions {
  /** `dryRun=All`: the server validates and admits, and stores nothing. */
  readonly dryRun?: boolean;
  readonly fieldManager?: string;
  /** Create only: `Strict` rejects unknown and duplicate fields. */
  readonly fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
}

export interface ApplyOptions extends WriteOptions {
  readonly subresource?: string;
  /** Take fields other managers own (default true, as controllers do). */
  readonly force?: boolean;
}

/** One RFC 6902 operation. */
export interface JsonPatchOp {
  readonly op: 'add' | 'replace' | 'remove' | 'test';
  /** JSON pointer: `/` in a key is written `~1`, `~` is `~0`. */
  readonly path: string;
  readonly value?: unknown;
}

/** A running watch; `done` settles when the server closes it (resolves) or it fails (rejects). */
export interface WatchHandle {
  readonly done: Promise<void>;
  abort(): void;
}

export interface WatchOptions extends ListOptions {
  readonly resourceVersion: string;
  readonly timeoutSeconds: number;
}

/** One API resource as discovery lists it. */
export interface DiscoveredResource {
  readonly name: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly verbs: readonly string[];
}

/** The verbs the controllers use; tests script this interface (test/operator/scripted-api.ts). */
export interface ObjectApi {
  get<T extends ServerObject>(res: Resource, namespace: string | undefined, name: string): Promise<T>;
  list<T extends ServerObject>(res: Resource, namespace?: string, opts?: ListPageOptions): Promise<ObjectList<T>>;
  create<T extends ServerObject>(res: Resource, obj: T, opts?: WriteOptions): Promise<T>;
  /** PUT; fails with 409 when `metadata.resourceVersion` is stale. */
  replace<T extends ServerObject>(res: Resource, obj: T): Promise<T>;
  /** Server-side apply; by default as the operator's own field manager, owning only the fields it sends. */
  apply<T extends ServerObject>(res: Resource, obj: ServerObject, opts?: ApplyOptions): Promise<T>;
  mergePatch<T extends ServerObject>(
    res: Resource,
    namespace: string | undefined,
    name: string,
    patch: unknown,
    subresource?: string,
  ): Promise<T>;
  /** JSON patch: changes exactly the paths named, also inside a list whose type the schema leaves open; `test` ops guard them. */
  jsonPatch<T extends ServerObject>(
    res: Resource,
    namespace: string | undefined,
    name: string,
    ops: readonly JsonPatchOp[],
    opts?: Pick<WriteOptions, 'fieldManager'>,
  ): Promise<T>;
  /** Background propagation; `uid` makes it a precondition. */
  delete(res: Resource, namespace: string | undefined, name: string, opts?: { uid?: string }): Promise<void>;
  watch<T extends ServerObject>(
    res: Resource,
    namespace: string | undefined,
    opts: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
  ): WatchHandle;
  /** Whether the server serves a resource (an optional CRD such as LeaderWorkerSet). */
  served(res: Resource): Promise<boolean>;
}

interface RequestOptions {
  readonly query?: Record<string, string | undefined>;
  readonly body?: unknown;
  readonly contentType?: string;
}

/** Holds the configuration KubeConfig.makeApiClient builds: server URL, authentication, middleware. */
class ApiConfiguration {
  constructor(readonly configuration: Configuration) {}
}

export class KubeApi implements ObjectApi {
  private readonly configuration: Configuration;
  private readonly watches = new Set<WatchHandle>();

  constructor(readonly kubeConfig: KubeConfig) {
    this.configuration = kubeConfig.makeApiClient(ApiConfiguration).configuration;
  }

  /** Aborts the watches still running (their `done` resolves). */
  close(): void {
    for (const w of [...this.watches]) w.abort();
  }

  async get<T extends ServerObject>(res: Resource, namespace: string | undefined, name: string): Promise<T> {
    return withKind(res, await this.request<T>('GET', resourcePath(res, namespace, name)));
  }

  async list<T extends ServerObject>(
    res: Resource,
    namespace?: string,
    opts: ListPageOptions = {},
  ): Promise<ObjectList<T>> {
    const { limit, ...rest } = opts;
    const query = { ...rest, limit: limit === undefined ? undefined : String(limit) };
    const list = await this.request<ObjectList<T>>('GET', resourcePath(res, namespace), { query });
    return { ...list, items: list.items.map((i) => withKind(res, i)) };
  }

  create<T extends ServerObject>(res: Resource, obj: T, opts: WriteOptions = {}): Promise<T> {
    return this.request('POST', resourcePath(res, obj.metadata.namespace), { body: obj, query: writeQuery(opts) });
  }

  replace<T extends ServerObject>(res: Resource, obj: T): Promise<T> {
    return this.request('PUT', resourcePath(res, obj.metadata.namespace, obj.metadata.name), { body: obj });
  }

  apply<T extends ServerObject>(res: Resource, obj: ServerObject, opts: ApplyOptions = {}): Promise<T> {
    return this.request('PATCH', resourcePath(res, obj.metadata.namespace, obj.metadata.name, opts.subresource), {
      body: obj,
      contentType: 'application/apply-patch+yaml',
      query: { ...writeQuery({ fieldManager: OPERATOR_FIELD_MANAGER, ...opts }), force: String(opts.force ?? true) },
    });
  }

  mergePatch<T extends ServerObject>(
    res: Resource,
    namespace: string | undefined,
    name: string,
    patch: unknown,
    subresource?: string,
  ): Promise<T> {
    return this.request('PATCH', resourcePath(res, namespace, name, subresource), {
      body: patch,
      contentType: 'application/merge-patch+json',
      query: { fieldManager: OPERATOR_FIELD_MANAGER },
    });
  }

  jsonPatch<T extends ServerObject>(
    res: Resource,
    namespace: string | undefined,
    name: string,
    ops: readonly JsonPatchOp[],
    opts: Pick<WriteOptions, 'fieldManager'> = {},
  ): Promise<T> {
    return this.request('PATCH', resourcePath(res, namespace, name), {
      body: ops,
      contentType: 'application/json-patch+json',
      query: { fieldManager: opts.fieldManager ?? OPERATOR_FIELD_MANAGER },
    });
  }

  async delete(res: Resource, namespace: string | undefined, name: string, opts: { uid?: string } = {}): Promise<void> {
    await this.request('DELETE', resourcePath(res, namespace, name), {
      body: {
        apiVersion: 'v1',
        kind: 'DeleteOptions',
        propagationPolicy: 'Background',
        ...(opts.uid ? { preconditions: { uid: opts.uid } } : {}),
      },
    });
  }

  /** The resources of a group version; undefined when the server does not serve it. */
  async discover(apiVersion: string): Promise<DiscoveredResource[] | undefined> {
    try {
      return (await this.request<{ resources: DiscoveredResource[] }>('GET', groupVersionPath(apiVersion))).resources;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return undefined;
      throw err;
    }
  }

  async served(res: Resource): Promise<boolean> {
    return (await this.discover(res.apiVersion))?.some((r) => r.name === res.plural) ?? false;
  }

  /**
   * Starts a watch with client-node's Watch; every event goes to `onEvent`. Bookmarks are asked
   * for, so an idle watch still advances its resourceVersion. A line that is not JSON is dropped
   * by client-node; an exception thrown by `onEvent` ends the watch with that error (the
   * informer logs it and resumes), so neither can escape as an uncaught exception.
   */
  watch<T extends ServerObject>(
    res: Resource,
    namespace: string | undefined,
    opts: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void,
  ): WatchHandle {
    const path = resourcePath(res, namespace);
    const watch = new Watch(this.kubeConfig);
    // client-node aborts a watch silent for 30 s; the server sends nothing on an idle watch until
    // its own timeout, so wait that long (plus a margin) before calling the connection dead.
    Reflect.set(watch, 'requestTimeoutMs', opts.timeoutSeconds * 1000 + WATCH_SILENCE_MARGIN_MS);
    let controller: AbortController | undefined;
    let aborted = false;
    let handlerError: unknown;
    let settle: () => void = () => undefined;
    const handle: WatchHandle = {
      done: new Promise<void>((resolve, reject) => {
        settle = resolve;
        const query = {
          allowWatchBookmarks: true,
          resourceVersion: opts.resourceVersion,
          timeoutSeconds: opts.timeoutSeconds,
          labelSelector: opts.labelSelector,
          fieldSelector: opts.fieldSelector,
        };
        const onLine = (type: string, object: unknown) => {
          if (handlerError !== undefined) return;
          try {
            const event = { type: type as WatchEventType, object: object as T };
            if (event.type !== 'ERROR' && event.type !== 'BOOKMARK' && typeof object === 'object' && object !== null)
              withKind(res, event.object);
            onEvent(event);
          } catch (err) {
            // Stop this watch: the informer resumes from the last resourceVersion it applied.
            handlerError = err;
            controller?.abort();
          }
        };
        const onDone = (err: unknown) => {
          this.watches.delete(handle);
          if (handlerError !== undefined) reject(handlerError);
          else if (!err || aborted) resolve();
          else reject(watchError(err, path));
        };
        watch.watch(path, query, onLine, onDone).then(
          (c) => {
            controller = c;
            if (aborted || handlerError !== undefined) c.abort();
          },
          (err: unknown) => onDone(err),
        );
      }),
      abort: () => {
        aborted = true;
        this.watches.delete(handle);
        // Before the server answered, client-node has no controller to give yet: end now, and
        // abort the request as soon as it does.
        controller?.abort();
        settle();
      },
    };
    this.watches.add(handle);
    return handle;
  }

  /**
   * One request through client-node's pipeline, as its generated APIs send it: the request
   * context from the configured server, the KubeConfig's authentication, the middleware, and
   * its HTTP library. JSON in, JSON out; a non-2xx answer throws ApiError.
   */
  async request<T>(method: HttpMethod, path: string, opts: RequestOptions = {}): Promise<T> {
    const { baseServer, authMethods, middleware, httpApi } = this.configuration;
    let ctx: RequestContext = baseServer.makeRequestContext(path, method);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) ctx.setQueryParam(k, v);
    ctx.setHeaderParam('Accept', 'application/json');
    if (opts.body !== undefined) {
      ctx.setHeaderParam('Content-Type', opts.contentType ?? 'application/json');
      ctx.setBody(JSON.stringify(opts.body));
    }
    // A timer cleared when the answer is in (AbortSignal.timeout would keep one alive per request for 30 s).
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new Error(`${method} ${path}: no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)),
      REQUEST_TIMEOUT_MS,
    );
    ctx.setSignal(timeout.signal);
    let text: string;
    let response: ResponseContext;
    try {
      await authMethods.default?.applySecurityAuthentication(ctx);
      for (const m of middleware) ctx = await m.pre(ctx).toPromise();
      response = await httpApi.send(ctx).toPromise();
      for (const m of [...middleware].reverse()) response = await m.post(response).toPromise();
      text = await response.body.text();
    } finally {
      clearTimeout(timer);
    }
    const body = parseJson(text);
    if (response.httpStatusCode < 200 || response.httpStatusCode > 299) {
      throw new ApiError(
        method,
        path,
        response.httpStatusCode,
        typeof body === 'object' && body !== null ? (body as StatusBody) : text || undefined,
      );
    }
    return body as T;
  }
}

/** List items and watch objects come without apiVersion / kind; set them for the handlers. */
function withKind<T extends ServerObject>(res: Resource, obj: T): T {
  obj.apiVersion = res.apiVersion;
  obj.kind = res.kind;
  return obj;
}

function writeQuery(opts: WriteOptions): Record<string, string | undefined> {
  return {
    dryRun: opts.dryRun ? 'All' : undefined,
    fieldManager: opts.fieldManager,
    fieldValidation: opts.fieldValidation,
  };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** client-node reports a non-200 watch answer as an Error with `statusCode`; make it an ApiError. */
function watchError(err: unknown, path: string): unknown {
  const status = typeof err === 'object' && err !== null ? Reflect.get(err, 'statusCode') : undefined;
  return typeof status === 'number'
    ? new ApiError('GET', `${path}?watch=true`, status, String((err as Error).message))
    : err;
}
