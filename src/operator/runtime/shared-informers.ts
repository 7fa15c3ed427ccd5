/**
 * One informer per resource and selector, however many controllers watch it: the operator
 * creates them through this factory while the controllers are set up, then starts them all,
 * waits for their first list, and stops them on shutdown.
 */
import { Logger } from 'pino';
import { Clock } from './clock';
import { Informer } from './informer';
import { ObjectApi } from './kube/api';
import { ServerObject } from './kube/objects';
import { Resource } from './kube/resources';

export interface InformerSelector {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
}

/** A reduced view of each cached object; informers of one resource and selector share it by name. */
export interface InformerView {
  readonly name: string;
  readonly transform: (obj: ServerObject) => ServerObject;
}

export class SharedInformers {
  private readonly informers = new Map<string, Informer<ServerObject>>();

  constructor(
    private readonly api: Pick<ObjectApi, 'list' | 'watch'>,
    private readonly log: Logger,
    /** `namespace`: only that namespace (namespace scope); all namespaces when unset. */
    private readonly opts: { readonly namespace?: string; readonly clock?: Clock } = {},
  ) {}

  /**
   * The informer of `resource` with `selector`, created on first use. `T` is the shape the
   * caller reads; every caller of one resource must agree on it.
   */
  for<T extends ServerObject>(resource: Resource, selector: InformerSelector = {}, view?: InformerView): Informer<T> {
    const key = `${resource.apiVersion}/${resource.plural}?${selector.labelSelector ?? ''}&${selector.fieldSelector ?? ''}#${view?.name ?? ''}`;
    let informer = this.informers.get(key);
    if (!informer) {
      informer = new Informer<ServerObject>(this.api, resource, this.log, {
        ...selector,
        ...this.opts,
        transform: view?.transform,
      });
      this.informers.set(key, informer);
    }
    return informer as Informer<T>;
  }

  get synced(): boolean {
    return [...this.informers.values()].every((i) => i.hasSynced);
  }

  /** Starts every informer and resolves once each has listed. */
  async start(): Promise<void> {
    for (const i of this.informers.values()) i.start();
    await Promise.all([...this.informers.values()].map((i) => i.waitForSync()));
  }

  async stop(): Promise<void> {
    await Promise.all([...this.informers.values()].map((i) => i.stop()));
  }
}
