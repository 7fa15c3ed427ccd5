/**
 * A small JSON client for the test cluster: authentication and TLS from @kubernetes/client-node's
 * KubeConfig, requests as plain JSON. (client-node's own typed serializer renames or drops keys it
 * does not model, such as `x-kubernetes-int-or-string` in a CRD schema, so what it applies is not
 * what we rendered.)
 */
import { KubeConfig } from '@kubernetes/client-node';
import * as https from 'https';

export interface Obj {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    resourceVersion?: string;
    generation?: number;
    uid?: string;
    managedFields?: { manager: string; operation: string; subresource?: string }[];
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface ApiResource {
  readonly apiVersion: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
  readonly verbs: readonly string[];
}

export class KubeRestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: HTTP ${status}: ${body.slice(0, 2000)}`);
  }
}

class NotServed extends Error {}

export class KubeRest {
  static fromKubeconfig(file: string): KubeRest {
    const kc = new KubeConfig();
    kc.loadFromFile(file);
    return new KubeRest(kc);
  }

  private readonly discovery = new Map<string, ApiResource[]>();

  constructor(private readonly kc: KubeConfig) {}

  async request<T>(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<T> {
    const server = new URL(this.kc.getCurrentCluster()!.server);
    const options: https.RequestOptions = {
      method,
      host: server.hostname,
      port: server.port,
      path,
      headers: { accept: 'application/json' },
    };
    await this.kc.applyToHTTPSOptions(options);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined)
      options.headers = {
        ...options.headers,
        'content-type': contentType,
        'content-length': Buffer.byteLength(payload),
      };
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = https.request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
    if (status < 200 || status >= 300) throw new KubeRestError(status, text, `${method} ${path}`);
    return JSON.parse(text) as T;
  }

  /** Server-side apply as `fieldManager` (forced: the test is the only writer it cares about). */
  async apply(o: Obj, fieldManager: string, opts: { dryRun?: boolean } = {}): Promise<Obj> {
    const query = `?fieldManager=${encodeURIComponent(fieldManager)}&force=true${opts.dryRun ? '&dryRun=All' : ''}`;
    return this.request(
      'PATCH',
      `${await this.path(o.apiVersion, o.kind, o.metadata.namespace, o.metadata.name)}${query}`,
      o,
      'application/apply-patch+yaml',
    );
  }

  /** The object, or undefined when it does not exist (or its kind is not served, e.g. its CRD is gone). */
  async get(apiVersion: string, kind: string, name: string, namespace?: string): Promise<Obj | undefined> {
    const path = await this.path(apiVersion, kind, namespace, name).catch((err) =>
      err instanceof NotServed ? undefined : Promise.reject(err),
    );
    if (path === undefined) return undefined;
    try {
      return await this.request<Obj>('GET', path);
    } catch (err) {
      if (err instanceof KubeRestError && err.status === 404) return undefined;
      throw err;
    }
  }

  /** Every object of a kind (in every namespace when `namespace` is not given). */
  async list(apiVersion: string, kind: string, namespace?: string): Promise<Obj[]> {
    const list = await this.request<{ items: Obj[] }>('GET', await this.path(apiVersion, kind, namespace));
    // Lists leave out each item's apiVersion and kind.
    return list.items.map((i) => ({ ...i, apiVersion, kind }));
  }

  async delete(o: Pick<Obj, 'apiVersion' | 'kind' | 'metadata'>): Promise<void> {
    await this.request('DELETE', await this.path(o.apiVersion, o.kind, o.metadata.namespace, o.metadata.name));
  }

  /** A merge patch of a subresource (`status`, `scale`) or of the object itself. */
  async mergePatch(
    o: Pick<Obj, 'apiVersion' | 'kind' | 'metadata'>,
    patch: unknown,
    subresource?: string,
    fieldManager?: string,
  ): Promise<Obj> {
    const path = await this.path(o.apiVersion, o.kind, o.metadata.namespace, o.metadata.name);
    const query = fieldManager ? `?fieldManager=${encodeURIComponent(fieldManager)}` : '';
    return this.request(
      'PATCH',
      `${path}${subresource ? `/${subresource}` : ''}${query}`,
      patch,
      'application/merge-patch+json',
    );
  }

  /** Every listable resource type the server serves, re-read on each call (CRDs come and go). */
  async resources(): Promise<ApiResource[]> {
    this.discovery.clear();
    const core = await this.request<{ versions: string[] }>('GET', '/api');
    type Group = { name: string; versions: { groupVersion: string }[]; preferredVersion: { groupVersion: string } };
    const groups = await this.request<{ groups: Group[] }>('GET', '/apis');
    // As kubectl's preferred resources: each kind at its group's preferred version, and the kinds
    // that version lacks at the first other version serving them (a group's newest version may
    // serve one kind only, as nvidia.com/v1beta2 serves the request alone).
    const perGroup = await Promise.all(
      groups.groups.map(async (g) => {
        const ordered = [
          g.preferredVersion,
          ...g.versions.filter((v) => v.groupVersion !== g.preferredVersion.groupVersion),
        ];
        const seen = new Set<string>();
        const out: ApiResource[] = [];
        for (const v of ordered)
          for (const r of await this.resourcesOf(v.groupVersion))
            if (!seen.has(r.kind)) {
              seen.add(r.kind);
              out.push(r);
            }
        return out;
      }),
    );
    const coreResources = await Promise.all(core.versions.map((v) => this.resourcesOf(v)));
    return [...coreResources.flat(), ...perGroup.flat()].filter((r) => r.verbs.includes('list'));
  }

  /** Waits until `check` holds for the object (polling; `what` names it in the error). */
  async waitFor(
    apiVersion: string,
    kind: string,
    name: string,
    namespace: string | undefined,
    check: (o: Obj | undefined) => boolean,
    what: string,
    timeoutMs = 60_000,
  ): Promise<Obj | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const o = await this.get(apiVersion, kind, name, namespace);
      if (check(o)) return o;
      if (Date.now() > deadline)
        throw new Error(
          `timed out after ${timeoutMs / 1000}s waiting for ${what}: ${JSON.stringify(o?.status ?? o)?.slice(0, 500)}`,
        );
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  private async resourcesOf(apiVersion: string): Promise<ApiResource[]> {
    const cached = this.discovery.get(apiVersion);
    if (cached) return cached;
    const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    let list: { name: string; kind: string; namespaced: boolean; verbs: string[] }[] = [];
    try {
      list = (await this.request<{ resources: typeof list }>('GET', base)).resources;
    } catch (err) {
      if (!(err instanceof KubeRestError && err.status === 404)) throw err;
    }
    const resources = list
      .filter((r) => !r.name.includes('/'))
      .map((r) => ({ apiVersion, kind: r.kind, plural: r.name, namespaced: r.namespaced, verbs: r.verbs }));
    this.discovery.set(apiVersion, resources);
    return resources;
  }

  private async path(apiVersion: string, kind: string, namespace?: string, name?: string): Promise<string> {
    let r = (await this.resourcesOf(apiVersion)).find((x) => x.kind === kind);
    if (!r) {
      // A kind served since the last look (a CRD just became Established).
      this.discovery.delete(apiVersion);
      r = (await this.resourcesOf(apiVersion)).find((x) => x.kind === kind);
    }
    if (!r) throw new NotServed(`the server does not serve ${kind} in ${apiVersion}`);
    const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    const ns = r.namespaced && namespace ? `/namespaces/${namespace}` : '';
    return `${base}${ns}/${r.plural}${name ? `/${name}` : ''}`;
  }
}
