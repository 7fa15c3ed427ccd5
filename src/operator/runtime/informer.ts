/**
 * List-then-watch with a local cache. A watch that ends is resumed from the last
 * resourceVersion seen (bookmarks keep it fresh); a 410 Gone, or an error that outlives a
 * resume, triggers a relist whose differences to the cache are replayed as add / update /
 * delete, so no change is lost across API server restarts. A handler that throws is logged and
 * does not stop the others, the cache or the watch.
 */
import { Logger } from 'pino';
import { BackoffOptions, backoffDelay } from './backoff';
import { Clock, sleep, systemClock } from './clock';
import { ListOptions, ObjectApi, WatchHandle } from './kube/api';
import { ApiError, isGone } from './kube/errors';
import { ObjectList, ServerObject, objectKey, WatchEvent } from './kube/objects';
import { Resource } from './kube/resources';
import { errorText } from './log';

export interface InformerHandlers<T> {
  onAdd?(obj: T): void;
  onUpdate?(obj: T, old: T): void;
  onDelete?(obj: T): void;
}

export interface InformerOptions extends ListOptions {
  /** Only this namespace; all namespaces when unset. */
  readonly namespace?: string;
  readonly clock?: Clock;
  readonly backoff?: BackoffOptions;
  /** Server-side timeout of one watch request; it is then resumed. */
  readonly watchTimeoutSeconds?: number;
  /** Keeps only what the readers use of each object (a smaller cache for a numerous kind such as Pods). */
  readonly transform?: (obj: ServerObject) => ServerObject;
}

/** What a reader of an informer's cache needs (the inventory metrics read nothing else). */
export interface ObjectCache<T> {
  list(filter?: (obj: T) => boolean): T[];
}

export class Informer<T extends ServerObject> implements ObjectCache<T> {
  private readonly cache = new Map<string, T>();
  private readonly clock: Clock;
  private readonly backoff: BackoffOptions;
  private readonly abort = new AbortController();
  private current?: WatchHandle;
  private running?: Promise<void>;
  private synced = false;
  private syncWaiters: Array<() => void> = [];
  private resourceVersion = '';
  private readonly handlers: InformerHandlers<T>[] = [];
  /** Remembered objects the handlers have not heard of yet: what the cache held before. */
  private readonly unannounced = new Map<string, { before?: T }>();

  constructor(
    private readonly api: Pick<ObjectApi, 'list' | 'watch'>,
    readonly resource: Resource,
    private readonly log: Logger,
    private readonly opts: InformerOptions = {},
  ) {
    this.clock = opts.clock ?? systemClock;
    this.backoff = opts.backoff ?? { baseMs: 200, maxMs: 30_000 };
  }

  /** Several controllers can share one informer; add handlers before `start`. */
  addHandlers(handlers: InformerHandlers<T>): void {
    this.handlers.push(handlers);
  }

  /**
   * Puts an object this process just wrote into the cache, so a reconcile that runs before the
   * watch delivers it does not act on the old state. Handlers are called when the watch delivers
   * it, as for any change: other controllers sharing this informer must hear of it.
   */
  remember(obj: T): void {
    const key = objectKey(obj);
    if (!this.unannounced.has(key)) this.unannounced.set(key, { before: this.cache.get(key) });
    this.cache.set(key, withoutManagedFields(obj));
  }

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.current?.abort();
    await this.running;
  }

  get hasSynced(): boolean {
    return this.synced;
  }

  /** Resolves after the first complete list. */
  waitForSync(): Promise<void> {
    return this.synced ? Promise.resolve() : new Promise((resolve) => this.syncWaiters.push(resolve));
  }

  get(namespace: string | undefined, name: string): T | undefined {
    return this.cache.get(namespace ? `${namespace}/${name}` : name);
  }

  list(filter?: (obj: T) => boolean): T[] {
    const all = [...this.cache.values()];
    return filter ? all.filter(filter) : all;
  }

  private async run(): Promise<void> {
    let failures = 0;
    let needList = true;
    while (!this.abort.signal.aborted) {
      try {
        if (needList) {
          await this.relist();
          needList = false;
        }
        await this.watchOnce();
        failures = 0;
      } catch (err) {
        if (this.abort.signal.aborted) break;
        if (isGone(err)) {
          this.log.info({ resource: this.resource.kind }, 'watch expired (410 Gone), relisting');
          needList = true;
          continue;
        }
        // A failed list must be retried; after a failed resume too: the resourceVersion may be too old by now.
        needList = needList || failures > 0;
        const delay = backoffDelay(failures++, this.backoff);
        this.log.warn({ resource: this.resource.kind, err: errorText(err), retryInMs: delay }, 'watch failed');
        await sleep(this.clock, delay, this.abort.signal);
      }
    }
  }

  /**
   * Lists in pages, as client-go's reflector does: the server's answer for a thousand objects is
   * megabytes of JSON, held three times over (bytes, text, parsed) while it is read, and the
   * process keeps that peak as resident memory long after. Each page goes into the cache before
   * the next is asked for; a continue token that expires (410) relists from the start.
   */
  private async relist(): Promise<void> {
    const { namespace, labelSelector, fieldSelector } = this.opts;
    const seen = new Set<string>();
    let page: ObjectList<T> | undefined;
    do {
      page = await this.api.list<T>(this.resource, namespace, {
        labelSelector,
        fieldSelector,
        limit: LIST_PAGE_SIZE,
        continue: page?.metadata.continue,
      });
      for (const item of page.items) {
        const obj = this.view(item);
        const key = objectKey(obj);
        seen.add(key);
        this.upsert(key, obj);
      }
    } while (page.metadata.continue);
    for (const [key, old] of [...this.cache]) {
      if (!seen.has(key)) {
        this.cache.delete(key);
        this.unannounced.delete(key);
        this.notify('onDelete', old);
      }
    }
    this.resourceVersion = page.metadata.resourceVersion;
    if (!this.synced) {
      this.synced = true;
      for (const w of this.syncWaiters) w();
      this.syncWaiters = [];
    }
  }

  private async watchOnce(): Promise<void> {
    const { namespace, labelSelector, fieldSelector } = this.opts;
    let gone = false;
    this.current = this.api.watch<T>(
      this.resource,
      namespace,
      {
        labelSelector,
        fieldSelector,
        resourceVersion: this.resourceVersion,
        timeoutSeconds: this.opts.watchTimeoutSeconds ?? 300,
      },
      (event) => {
        if (event.type === 'ERROR') {
          gone ||= statusCodeOf(event) === 410;
          return;
        }
        this.apply(event);
      },
    );
    // stop() may have run while this watch was being opened.
    if (this.abort.signal.aborted) this.current.abort();
    await this.current.done;
    if (gone) throw new GoneError(this.resource);
  }

  private apply(event: WatchEvent<T>): void {
    if (!event.object?.metadata) {
      this.log.warn({ resource: this.resource.kind, type: event.type }, 'watch event without an object; ignored');
      return;
    }
    this.resourceVersion = event.object.metadata.resourceVersion ?? this.resourceVersion;
    if (event.type === 'BOOKMARK') return;
    const obj = this.view(event.object);
    const key = objectKey(obj);
    if (event.type === 'DELETED') {
      this.cache.delete(key);
      this.unannounced.delete(key);
      this.notify('onDelete', obj);
    } else {
      this.upsert(key, obj);
    }
  }

  private view(obj: T): T {
    return this.opts.transform ? (this.opts.transform(obj) as T) : withoutManagedFields(obj);
  }

  private upsert(key: string, obj: T): void {
    const remembered = this.unannounced.get(key);
    this.unannounced.delete(key);
    const old = remembered ? remembered.before : this.cache.get(key);
    this.cache.set(key, obj);
    if (!old) this.notify('onAdd', obj);
    else if (old.metadata.resourceVersion !== obj.metadata.resourceVersion) this.notify('onUpdate', obj, old);
  }

  /** Calls every handler; one that throws is logged and the rest still run. */
  private notify(which: keyof InformerHandlers<T>, obj: T, old?: T): void {
    for (const h of this.handlers) {
      try {
        if (which === 'onUpdate') h.onUpdate?.(obj, old ?? obj);
        else h[which]?.(obj);
      } catch (err) {
        this.log.error(
          { resource: this.resource.kind, object: objectKey(obj), handler: which, err: errorText(err) },
          'informer handler failed',
        );
      }
    }
  }
}

/** Items per page of a list (client-go's reflector asks for 500 too). */
const LIST_PAGE_SIZE = 500;

/**
 * The object without `metadata.managedFields`: the server's field-ownership record, often the
 * largest part of an object, which no controller reads (server-side apply sends only the fields
 * it owns; a PUT without the field keeps the server's). client-go's informers drop it the same way.
 */
function withoutManagedFields<T extends ServerObject>(obj: T): T {
  if (obj.metadata?.managedFields === undefined) return obj;
  const { managedFields: _dropped, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}

/** The HTTP code of an ERROR event's Status object. */
function statusCodeOf(event: WatchEvent<unknown>): number | undefined {
  const status = event.object;
  return typeof status === 'object' && status !== null && typeof Reflect.get(status, 'code') === 'number'
    ? Reflect.get(status, 'code')
    : undefined;
}

/** A 410 delivered inside the watch stream; handled like a 410 response. */
class GoneError extends ApiError {
  constructor(resource: Resource) {
    super('GET', `${resource.plural}?watch=true`, 410, { reason: 'Expired', message: 'watch expired (410 Gone)' });
  }
}
