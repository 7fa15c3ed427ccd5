/**
 * The informer against a scripted API: it lists, watches from the list's resourceVersion,
 * resumes from the last seen resourceVersion when a watch ends (as when the API server
 * restarts), and on 410 Gone relists and replays the differences — nothing is lost.
 */
import { Writable } from 'stream';
import { RESOURCES } from '../../../src/operator/controllers/resources';
import { Informer } from '../../../src/operator/runtime/informer';
import {
  ListOptions,
  ListPageOptions,
  ObjectApi,
  WatchHandle,
  WatchOptions,
} from '../../../src/operator/runtime/kube/api';
import { ApiError } from '../../../src/operator/runtime/kube/errors';
import { ServerObject, ObjectList, WatchEvent } from '../../../src/operator/runtime/kube/objects';
import { Resource } from '../../../src/operator/runtime/kube/resources';
import { createLogger } from '../../../src/operator/runtime/log';
import { FakeClock } from '../fake-clock';

const obj = (name: string, rv: string): ServerObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: 'ns', resourceVersion: rv },
});

type Step = { events: WatchEvent<ServerObject>[] } | { error: unknown };

/** Lists return `lists` in turn; each watch call plays the next step, then ends. */
class ScriptedApi implements Pick<ObjectApi, 'list' | 'watch'> {
  calls: string[] = [];
  constructor(
    private lists: Array<{ items: ServerObject[]; rv: string }>,
    private steps: Step[],
  ) {}
  async list<T extends ServerObject>(_r: Resource, _ns?: string, _opts?: ListOptions): Promise<ObjectList<T>> {
    const l = this.lists.shift();
    if (!l) throw new Error('no list scripted');
    this.calls.push(`list -> ${l.rv}`);
    return { items: l.items.map((i) => ({ ...i }) as T), metadata: { resourceVersion: l.rv } };
  }
  watch<T extends ServerObject>(
    _r: Resource,
    _ns: string | undefined,
    opts: WatchOptions,
    onEvent: (e: WatchEvent<T>) => void,
  ): WatchHandle {
    this.calls.push(`watch from ${opts.resourceVersion}`);
    const step = this.steps.shift();
    let abort = () => undefined as void;
    const done = new Promise<void>((resolve, reject) => {
      if (!step) {
        abort = resolve; // the last watch stays open until stop()
        return;
      }
      setImmediate(() => {
        if ('error' in step) return reject(step.error);
        for (const e of step.events) onEvent(e as WatchEvent<T>);
        resolve();
      });
    });
    return { done, abort: () => abort() };
  }
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};

test('resumes from the last resourceVersion, relists on 410 and replays the differences', async () => {
  const api = new ScriptedApi(
    [
      { items: [obj('a', '1'), obj('b', '2')], rv: '10' },
      // After the 410: b is gone, c appeared, a changed.
      { items: [obj('a', '30'), obj('c', '31')], rv: '40' },
    ],
    [
      {
        events: [
          { type: 'MODIFIED', object: obj('a', '11') },
          { type: 'BOOKMARK', object: obj('', '15') },
        ],
      }, // then the server closes the watch
      { error: new Error('connect ECONNREFUSED') }, // API server restarting
      {
        events: [
          { type: 'ERROR', object: { code: 410, message: 'too old resource version' } as unknown as ServerObject },
        ],
      },
    ],
  );
  const seen: string[] = [];
  const clock = new FakeClock();
  const informer = new Informer<ServerObject>(api, RESOURCES.deployment, createLogger('silent'), {
    clock,
    backoff: { baseMs: 100, maxMs: 1000 },
  });
  informer.addHandlers({
    onAdd: (o) => seen.push(`add ${o.metadata.name}@${o.metadata.resourceVersion}`),
    onUpdate: (o) => seen.push(`update ${o.metadata.name}@${o.metadata.resourceVersion}`),
    onDelete: (o) => seen.push(`delete ${o.metadata.name}`),
  });
  informer.start();
  await informer.waitForSync();
  await flush();
  clock.advance(100); // the backoff after the refused connection
  await flush();
  // The refused connection retries the watch from the bookmark; the 410 then forces the relist.
  expect(api.calls).toEqual([
    'list -> 10',
    'watch from 10',
    'watch from 15',
    'watch from 15',
    'list -> 40',
    'watch from 40',
  ]);
  expect(seen).toEqual(['add a@1', 'add b@2', 'update a@11', 'update a@30', 'add c@31', 'delete b']);
  expect(
    informer
      .list()
      .map((o) => o.metadata.name)
      .sort(),
  ).toEqual(['a', 'c']);
  await informer.stop();
});

test('a failed first list is retried with backoff until it succeeds', async () => {
  const api = new ScriptedApi([{ items: [obj('a', '1')], rv: '5' }], []);
  const realList = api.list.bind(api);
  let failures = 2;
  api.list = async <T extends ServerObject>() => {
    if (failures-- > 0) throw new ApiError('GET', '/x', 429, { message: 'storage is (re)initializing' });
    return realList<T>(RESOURCES.deployment);
  };
  const clock = new FakeClock();
  const informer = new Informer<ServerObject>(api, RESOURCES.deployment, createLogger('silent'), {
    clock,
    backoff: { baseMs: 100, maxMs: 1000 },
  });
  informer.start();
  await flush();
  expect(informer.hasSynced).toBe(false);
  clock.advance(100);
  await flush();
  clock.advance(200);
  await flush();
  expect(informer.hasSynced).toBe(true);
  expect(informer.get('ns', 'a')).toBeDefined();
  await informer.stop();
});

test('a handler that throws is logged; the cache, the other handlers and the watch go on', async () => {
  const api = new ScriptedApi(
    [{ items: [], rv: '1' }],
    [
      {
        events: [
          { type: 'ADDED', object: obj('a', '2') },
          { type: 'ADDED', object: obj('b', '3') },
          { type: 'MODIFIED', object: obj('a', '4') },
        ],
      },
    ],
  );
  const lines: string[] = [];
  const sink = new Writable({
    write: (chunk, _enc, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  const informer = new Informer<ServerObject>(api, RESOURCES.deployment, createLogger('error', sink), {
    clock: new FakeClock(),
  });
  const seen: string[] = [];
  informer.addHandlers({
    onAdd: (o) => {
      if (o.metadata.name === 'a') throw new Error('handler bug');
    },
  });
  informer.addHandlers({
    onAdd: (o) => seen.push(`add ${o.metadata.name}`),
    onUpdate: (o) => seen.push(`update ${o.metadata.name}`),
  });
  informer.start();
  await informer.waitForSync();
  await flush();
  expect(seen).toEqual(['add a', 'add b', 'update a']);
  expect(informer.get('ns', 'a')?.metadata.resourceVersion).toBe('4');
  // The watch was not restarted: one list, then the one (still open) watch after the scripted step.
  expect(api.calls).toEqual(['list -> 1', 'watch from 1', 'watch from 4']);
  expect(lines.map((l) => JSON.parse(l))).toEqual([
    expect.objectContaining({
      msg: 'informer handler failed',
      object: 'ns/a',
      handler: 'onAdd',
      err: 'Error: handler bug',
    }),
  ]);
  await informer.stop();
});

test('an event without an object is ignored, not a crash', async () => {
  const api = new ScriptedApi(
    [{ items: [], rv: '1' }],
    [
      {
        events: [
          { type: 'ADDED', object: undefined as unknown as ServerObject },
          { type: 'ADDED', object: obj('a', '2') },
        ],
      },
    ],
  );
  const informer = new Informer<ServerObject>(api, RESOURCES.deployment, createLogger('silent'), {
    clock: new FakeClock(),
  });
  informer.start();
  await informer.waitForSync();
  await flush();
  expect(informer.list().map((o) => o.metadata.name)).toEqual(['a']);
  await informer.stop();
});

test('an object a controller wrote and remembered still reaches the handlers when the watch delivers it, once; a view transforms what is cached', async () => {
  const written = obj('a', '12');
  const api = new ScriptedApi(
    [{ items: [obj('a', '1')], rv: '10' }],
    [
      {
        events: [
          { type: 'MODIFIED', object: written },
          { type: 'MODIFIED', object: written },
          { type: 'ADDED', object: obj('b', '13') },
        ],
      },
    ],
  );
  const informer = new Informer<ServerObject>(api, RESOURCES.deployment, createLogger('silent'), {
    clock: new FakeClock(),
    transform: (o) => ({ ...o, metadata: { ...o.metadata, labels: { viewed: 'yes' } } }),
  });
  const seen: string[] = [];
  informer.addHandlers({
    onAdd: (o) => seen.push(`add ${o.metadata.name}@${o.metadata.resourceVersion}`),
    onUpdate: (o, old) =>
      seen.push(`update ${o.metadata.name} ${old.metadata.resourceVersion}->${o.metadata.resourceVersion}`),
  });
  informer.start();
  await informer.waitForSync();
  // Another controller sharing the informer wrote `a` and put the reply in the cache first.
  informer.remember(written);
  await flush();
  expect(seen).toEqual(['add a@1', 'update a 1->12', 'add b@13']);
  expect(informer.get('ns', 'b')?.metadata.labels).toEqual({ viewed: 'yes' });
  await informer.stop();
});

test('lists in pages of 500, following continue tokens, and caches objects without managedFields (also those remembered)', async () => {
  const withFields = (name: string, rv: string): ServerObject => ({
    ...obj(name, rv),
    metadata: { ...obj(name, rv).metadata, managedFields: [{ manager: 'kubectl', operation: 'Apply' }] },
  });
  const pages: Record<string, ObjectList<ServerObject>> = {
    '': { items: [withFields('a', '1'), withFields('b', '2')], metadata: { resourceVersion: '10', continue: 'p2' } },
    p2: { items: [withFields('c', '3')], metadata: { resourceVersion: '10' } },
  };
  const asked: Array<{ limit?: number; continue?: string }> = [];
  const api: Pick<ObjectApi, 'list' | 'watch'> = {
    list: async <T extends ServerObject>(_r: Resource, _ns?: string, opts: ListPageOptions = {}) => {
      asked.push({ limit: opts.limit, continue: opts.continue });
      return pages[opts.continue ?? ''] as ObjectList<T>;
    },
    watch: (_r, _ns, opts) => {
      asked.push({ continue: `watch from ${opts.resourceVersion}` });
      let abort = () => undefined as void;
      return { done: new Promise<void>((resolve) => (abort = resolve)), abort: () => abort() };
    },
  };
  const informer = new Informer<ServerObject>(api, RESOURCES.deployment, createLogger('silent'), {
    clock: new FakeClock(),
  });
  informer.start();
  await informer.waitForSync();
  await flush();
  expect(asked).toEqual([{ limit: 500 }, { limit: 500, continue: 'p2' }, { continue: 'watch from 10' }]);
  expect(informer.list().map((o) => o.metadata.name)).toEqual(['a', 'b', 'c']);
  informer.remember(withFields('d', '11'));
  expect(informer.list().every((o) => !('managedFields' in o.metadata))).toBe(true);
  await informer.stop();
});
