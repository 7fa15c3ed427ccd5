/**
 * A scripted API for reconciler unit tests. Every call is recorded; a test scripts what the
 * server answers (`answer`), and unscripted writes get the plain reply a server gives: the object
 * sent (a merge patch merged over the object the test registered) with a new resourceVersion.
 * No storage, defaults or validation: the test says what the server says, and asserts on the
 * requests the reconciler made. Caches are real informers filled with `cacheOf` (never started).
 */
import { ReconcilerContext } from '../../src/operator/runtime/controller';
import { EventRecorder } from '../../src/operator/runtime/events';
import { Informer } from '../../src/operator/runtime/informer';
import { ApplyOptions, JsonPatchOp, ObjectApi, WatchHandle, WriteOptions } from '../../src/operator/runtime/kube/api';
import { ApiError } from '../../src/operator/runtime/kube/errors';
import { ServerObject, ObjectList } from '../../src/operator/runtime/kube/objects';
import { Resource } from '../../src/operator/runtime/kube/resources';
import { createLogger } from '../../src/operator/runtime/log';
import { FakeClock } from './fake-clock';

export type Verb = 'get' | 'create' | 'replace' | 'apply' | 'mergePatch' | 'jsonPatch' | 'delete' | 'served';

export interface Call {
  readonly verb: Verb;
  readonly apiVersion: string;
  readonly kind: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly subresource?: string;
  readonly body?: unknown;
  readonly opts?: unknown;
}

type Answer = unknown | Error | ((call: Call) => unknown);

/** `404 NotFound` / `409 AlreadyExists` / `409 Conflict` as the API server says them. */
export const notFound = (name = 'x') =>
  new ApiError('GET', name, 404, { reason: 'NotFound', message: `${name} not found` });
export const alreadyExists = (name = 'x') =>
  new ApiError('POST', name, 409, { reason: 'AlreadyExists', message: `${name} already exists` });
export const conflict = (name = 'x') =>
  new ApiError('PUT', name, 409, { reason: 'Conflict', message: 'the object has been modified' });

export class ScriptedApi implements ObjectApi {
  readonly calls: Call[] = [];
  /** Objects merge patches apply to (`<namespace>/<name>`); the test keeps them as it likes. */
  readonly objects = new Map<string, ServerObject>();
  private readonly answers: Array<{ verb: Verb; match: Partial<Call>; answer: Answer; once: boolean }> = [];
  private rv = 100;

  /** Scripts the answer to calls matching `verb` and `match` (kind, name, subresource...). */
  answer(verb: Verb, match: Partial<Call>, answer: Answer, opts: { once?: boolean } = {}): this {
    this.answers.push({ verb, match, answer, once: opts.once ?? true });
    return this;
  }

  /** The writes other than Events (see eventsOf), as `verb kind namespace/name[/subresource]`. */
  writes(): string[] {
    return this.calls.filter((c) => c.verb !== 'get' && c.verb !== 'served' && c.kind !== 'Event').map(describe);
  }

  /** The bodies of the calls matching. */
  bodies(verb: Verb, match: Partial<Call> = {}): unknown[] {
    return this.calls.filter((c) => c.verb === verb && matches(c, match)).map((c) => c.body);
  }

  async get<T extends ServerObject>(res: Resource, namespace: string | undefined, name: string): Promise<T> {
    return this.call<T>({ verb: 'get', apiVersion: res.apiVersion, kind: res.kind, namespace, name }, () => {
      const obj = this.objects.get(keyOf(namespace, name));
      if (!obj) throw notFound(name);
      return obj;
    });
  }

  async list<T extends ServerObject>(): Promise<ObjectList<T>> {
    throw new Error('reconcilers read informer caches, not lists');
  }

  watch(): WatchHandle {
    throw new Error('reconcilers read informer caches, not watches');
  }

  async create<T extends ServerObject>(res: Resource, obj: T): Promise<T> {
    const call = {
      verb: 'create' as const,
      apiVersion: res.apiVersion,
      kind: res.kind,
      namespace: obj.metadata.namespace,
      name: obj.metadata.name,
      body: obj,
    };
    return this.call<T>(call, () =>
      this.stored({ ...obj, metadata: { ...obj.metadata, uid: `uid-${obj.metadata.name}` } }),
    );
  }

  async replace<T extends ServerObject>(res: Resource, obj: T): Promise<T> {
    return this.call<T>(
      {
        verb: 'replace',
        apiVersion: res.apiVersion,
        kind: res.kind,
        namespace: obj.metadata.namespace,
        name: obj.metadata.name,
        body: obj,
      },
      () => this.stored(obj),
    );
  }

  async apply<T extends ServerObject>(res: Resource, obj: ServerObject, opts: ApplyOptions = {}): Promise<T> {
    const call = {
      verb: 'apply' as const,
      apiVersion: res.apiVersion,
      kind: res.kind,
      namespace: obj.metadata.namespace,
      name: obj.metadata.name,
      subresource: opts.subresource,
      body: obj,
      opts,
    };
    return this.call<T>(call, () =>
      this.stored(mergePatch(this.objects.get(keyOf(obj.metadata.namespace, obj.metadata.name)), obj)),
    );
  }

  async mergePatch<T extends ServerObject>(
    res: Resource,
    namespace: string | undefined,
    name: string,
    patch: unknown,
    subresource?: string,
  ): Promise<T> {
    const call = {
      verb: 'mergePatch' as const,
      apiVersion: res.apiVersion,
      kind: res.kind,
      namespace,
      name,
      subresource,
      body: patch,
    };
    return this.call<T>(call, () => {
      const base = this.objects.get(keyOf(namespace, name)) ?? {
        apiVersion: res.apiVersion,
        kind: res.kind,
        metadata: { name, namespace },
      };
      return this.stored(mergePatch(base, patch));
    });
  }

  /** Recorded; the reply is the registered object with a new resourceVersion (the ops are not applied). */
  async jsonPatch<T extends ServerObject>(
    res: Resource,
    namespace: string | undefined,
    name: string,
    ops: readonly JsonPatchOp[],
    opts: Pick<WriteOptions, 'fieldManager'> = {},
  ): Promise<T> {
    const call = {
      verb: 'jsonPatch' as const,
      apiVersion: res.apiVersion,
      kind: res.kind,
      namespace,
      name,
      body: ops,
      opts,
    };
    return this.call<T>(call, () =>
      this.stored(
        this.objects.get(keyOf(namespace, name)) ?? {
          apiVersion: res.apiVersion,
          kind: res.kind,
          metadata: { name, namespace },
        },
      ),
    );
  }

  async delete(res: Resource, namespace: string | undefined, name: string, opts: { uid?: string } = {}): Promise<void> {
    await this.call(
      { verb: 'delete', apiVersion: res.apiVersion, kind: res.kind, namespace, name, opts },
      () => undefined,
    );
  }

  async served(res: Resource): Promise<boolean> {
    return this.call<boolean>({ verb: 'served', apiVersion: res.apiVersion, kind: res.kind }, () => true);
  }

  private async call<T>(call: Call, fallback: () => unknown): Promise<T> {
    this.calls.push(call);
    const i = this.answers.findIndex((a) => a.verb === call.verb && matches(call, a.match));
    if (i < 0) return fallback() as T;
    const { answer, once } = this.answers[i];
    if (once) this.answers.splice(i, 1);
    const value = typeof answer === 'function' ? answer(call) : answer;
    if (value instanceof Error) throw value;
    return value as T;
  }

  /** The reply to a write: the object with a new resourceVersion, kept for later patches. */
  private stored(obj: ServerObject): ServerObject {
    const out = { ...obj, metadata: { ...obj.metadata, resourceVersion: String(++this.rv) } };
    this.objects.set(keyOf(out.metadata.namespace, out.metadata.name), out);
    return out;
  }
}

const keyOf = (namespace: string | undefined, name: string) => (namespace ? `${namespace}/${name}` : name);

function matches(call: Call, match: Partial<Call>): boolean {
  return Object.entries(match).every(([k, v]) => call[k as keyof Call] === v);
}

function describe(c: Call): string {
  return `${c.verb} ${c.kind} ${keyOf(c.namespace, c.name ?? '')}${c.subresource ? `/${c.subresource}` : ''}`;
}

/** RFC 7386 JSON merge patch: what a server does with `application/merge-patch+json`. */
function mergePatch<T>(target: T | undefined, patch: unknown): T {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch as T;
  const out: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out as T;
}

const noApi = {
  list: () => Promise.reject(new Error('a test cache is never started')),
  watch: () => {
    throw new Error('a test cache is never started');
  },
};

/** An informer whose cache holds `objects` (never started, so nothing but the test changes it). */
export function cacheOf<T extends ServerObject>(res: Resource, objects: T[] = []): Informer<T> {
  const informer = new Informer<T>(noApi, res, createLogger('silent'));
  for (const o of objects) informer.remember(o);
  return informer;
}

/** What every reconciler gets: this API, silent logs, a fake clock, events through the API, and a gate. */
export function reconcilerContext(
  api: ScriptedApi,
  opts: { clock?: FakeClock; held?: string[] } = {},
): ReconcilerContext & { clock: FakeClock } {
  const clock = opts.clock ?? new FakeClock();
  const log = createLogger('silent');
  const held = new Set(opts.held ?? []);
  return {
    api,
    log,
    clock,
    events: new EventRecorder(api, clock, log),
    gate: { allows: (ns) => !held.has(ns), onResume: () => undefined },
  };
}

/** The reason and message of every Event the reconciler recorded. */
export function eventsOf(api: ScriptedApi): Array<[reason: unknown, message: unknown, about: unknown]> {
  return api.bodies('create', { kind: 'Event' }).map((e) => {
    const event = e as { reason?: unknown; message?: unknown; involvedObject?: { name?: unknown } };
    return [event.reason, event.message, event.involvedObject?.name];
  });
}
