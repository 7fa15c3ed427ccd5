/**
 * A deliberately small Kubernetes client for the cluster tests: plain HTTPS
 * with the admin client certificate, API discovery for kind -> resource,
 * server-side apply (as Flux's kustomize-controller does), get, list, create,
 * delete and wait-for-condition. No kubectl, no extra dependencies.
 */
import * as fs from 'fs';
import * as https from 'https';
import { parse as parseYaml } from 'yaml';

/** The field manager Flux uses; our rendered output must apply cleanly under it. */
export const FLUX_FIELD_MANAGER = 'kustomize-controller';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    resourceVersion?: string;
    uid?: string;
    generation?: number;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    managedFields?: unknown[];
    [k: string]: unknown;
  };
  [k: string]: unknown;
}

export interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

/** A non-2xx answer; `body` is usually a metav1.Status. */
export class KubeError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: any,
  ) {
    super(`${method} ${path} -> ${status}: ${typeof body === 'object' && body?.message ? body.message : JSON.stringify(body)}`);
  }
  /** metav1.Status reason, e.g. Invalid, Forbidden, NotFound, AlreadyExists. */
  get reason(): string | undefined {
    return this.body?.reason;
  }
  /** Field-level causes of an Invalid error. */
  get causes(): Array<{ reason?: string; message?: string; field?: string }> {
    return this.body?.details?.causes ?? [];
  }
}

export interface Connection {
  server: string;
  ca: string;
  cert: string;
  key: string;
}

interface ApiResource {
  name: string;
  namespaced: boolean;
  kind: string;
  verbs: string[];
}

/** Reads server + credentials from an (our-shaped) kubeconfig: *-data fields. */
export function connectionFromKubeconfig(kubeconfigPath: string): Connection {
  const cfg = parseYaml(fs.readFileSync(kubeconfigPath, 'utf8'));
  const ctxName = cfg['current-context'];
  const ctx = (cfg.contexts ?? []).find((c: any) => c.name === ctxName)?.context ?? cfg.contexts?.[0]?.context;
  const cluster = (cfg.clusters ?? []).find((c: any) => c.name === ctx?.cluster)?.cluster;
  const user = (cfg.users ?? []).find((u: any) => u.name === ctx?.user)?.user;
  if (!cluster?.server || !cluster['certificate-authority-data'] || !user?.['client-certificate-data'] || !user['client-key-data']) {
    throw new Error(`${kubeconfigPath}: expected server, certificate-authority-data, client-certificate-data and client-key-data`);
  }
  const dec = (s: string) => Buffer.from(s, 'base64').toString('utf8');
  return {
    server: cluster.server,
    ca: dec(cluster['certificate-authority-data']),
    cert: dec(user['client-certificate-data']),
    key: dec(user['client-key-data']),
  };
}

export class KubeClient {
  /** Client for the cluster started by the jest global setup (env DYNAMO_IAC_TEST_KUBECONFIG). */
  static fromTestEnv(): KubeClient {
    const kc = process.env.DYNAMO_IAC_TEST_KUBECONFIG;
    if (!kc) {
      throw new Error('DYNAMO_IAC_TEST_KUBECONFIG is not set: run cluster tests with `npm run test:cluster`');
    }
    return new KubeClient(connectionFromKubeconfig(kc));
  }

  private readonly agent: https.Agent;
  private readonly discovery = new Map<string, ApiResource[]>();

  constructor(readonly conn: Connection) {
    this.agent = new https.Agent({ ca: conn.ca, cert: conn.cert, key: conn.key, keepAlive: true, maxSockets: 8 });
  }

  /** Closes pooled connections (call in afterAll so jest exits promptly). */
  close(): void {
    this.agent.destroy();
  }

  /** Raw request; JSON in, JSON out. Throws KubeError on non-2xx. */
  request<T = any>(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<T> {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    return new Promise<T>((resolve, reject) => {
      const req = https.request(
        new URL(path, this.conn.server),
        {
          method,
          agent: this.agent,
          headers: {
            Accept: 'application/json',
            ...(payload !== undefined ? { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: any = text;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              // keep text
            }
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) reject(new KubeError(method, path, status, parsed));
            else resolve(parsed as T);
          });
        },
      );
      req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: timed out`)));
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /** GET /version. */
  version(): Promise<{ major: string; minor: string; gitVersion: string; [k: string]: string }> {
    return this.request('GET', '/version');
  }

  /** URL path of a resource (collection when name is omitted), via discovery. */
  async resourcePath(apiVersion: string, kind: string, namespace?: string, name?: string): Promise<string> {
    const r = await this.resource(apiVersion, kind);
    const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    if (r.namespaced && !namespace) throw new Error(`${kind} (${apiVersion}) is namespaced; no namespace given`);
    const ns = r.namespaced ? `/namespaces/${encodeURIComponent(namespace!)}` : '';
    return `${base}${ns}/${r.name}${name ? `/${encodeURIComponent(name)}` : ''}`;
  }

  /**
   * Server-side apply (PATCH application/apply-patch+yaml; JSON is YAML) with
   * field manager `kustomize-controller` and force=true, like Flux.
   */
  async apply<T extends KubeObject>(obj: T, opts: { fieldManager?: string; force?: boolean; dryRun?: boolean } = {}): Promise<T> {
    const p = await this.resourcePath(obj.apiVersion, obj.kind, obj.metadata.namespace, obj.metadata.name);
    const q = new URLSearchParams({ fieldManager: opts.fieldManager ?? FLUX_FIELD_MANAGER, force: String(opts.force ?? true) });
    if (opts.dryRun) q.set('dryRun', 'All');
    return this.request('PATCH', `${p}?${q}`, obj, 'application/apply-patch+yaml');
  }

  /** POST (create); useful for negative tests. fieldValidation=Strict rejects unknown fields. */
  async create<T extends KubeObject>(obj: T, opts: { fieldValidation?: 'Strict' | 'Warn' | 'Ignore'; dryRun?: boolean } = {}): Promise<T> {
    const p = await this.resourcePath(obj.apiVersion, obj.kind, obj.metadata.namespace);
    const q = new URLSearchParams({ fieldValidation: opts.fieldValidation ?? 'Strict' });
    if (opts.dryRun) q.set('dryRun', 'All');
    return this.request('POST', `${p}?${q}`, obj);
  }

  /** GET; undefined when NotFound. */
  async get<T extends KubeObject = KubeObject>(apiVersion: string, kind: string, name: string, namespace?: string): Promise<T | undefined> {
    try {
      return await this.request('GET', await this.resourcePath(apiVersion, kind, namespace, name));
    } catch (err) {
      if (err instanceof KubeError && err.status === 404) return undefined;
      throw err;
    }
  }

  async list<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    opts: { namespace?: string; labelSelector?: string } = {},
  ): Promise<T[]> {
    const r = await this.resource(apiVersion, kind);
    const p = r.namespaced && !opts.namespace
      ? `${apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`}/${r.name}` // all namespaces
      : await this.resourcePath(apiVersion, kind, opts.namespace);
    const q = opts.labelSelector ? `?${new URLSearchParams({ labelSelector: opts.labelSelector })}` : '';
    const res = await this.request<{ items: T[] }>('GET', `${p}${q}`);
    return res.items.map((i) => ({ ...i, apiVersion, kind }));
  }

  /** DELETE; returns false when it did not exist. Background propagation. */
  async delete(apiVersion: string, kind: string, name: string, namespace?: string): Promise<boolean> {
    try {
      await this.request('DELETE', await this.resourcePath(apiVersion, kind, namespace, name), {
        kind: 'DeleteOptions',
        apiVersion: 'v1',
        propagationPolicy: 'Background',
      });
      return true;
    } catch (err) {
      if (err instanceof KubeError && err.status === 404) return false;
      throw err;
    }
  }

  /** Polls until `predicate(obj)` is true (obj may be undefined while missing). */
  async waitFor<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    name: string,
    namespace: string | undefined,
    predicate: (obj: T | undefined) => boolean,
    opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
  ): Promise<T | undefined> {
    const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
    let last: T | undefined;
    for (;;) {
      last = await this.get<T>(apiVersion, kind, name, namespace);
      if (predicate(last)) return last;
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for ${opts.what ?? 'condition'} on ${kind} ${namespace ? `${namespace}/` : ''}${name}; ` +
            `last status: ${JSON.stringify((last as any)?.status ?? null)}`,
        );
      }
      await new Promise((r) => setTimeout(r, opts.intervalMs ?? 250));
    }
  }

  /** Waits until status.conditions[type].status === status (default "True"). */
  async waitForCondition<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    name: string,
    namespace: string | undefined,
    type: string,
    opts: { status?: string; timeoutMs?: number } = {},
  ): Promise<T> {
    const want = opts.status ?? 'True';
    const obj = await this.waitFor<T>(
      apiVersion,
      kind,
      name,
      namespace,
      (o) => ((o as any)?.status?.conditions as Condition[] | undefined)?.some((c) => c.type === type && c.status === want) ?? false,
      { timeoutMs: opts.timeoutMs, what: `condition ${type}=${want}` },
    );
    return obj!;
  }

  /** Installs (server-side applies) a CRD and waits for Established. */
  async installCrd(crd: KubeObject, timeoutMs = 30_000): Promise<KubeObject> {
    await this.apply(crd);
    const done = await this.waitForCondition('apiextensions.k8s.io/v1', 'CustomResourceDefinition', crd.metadata.name, undefined, 'Established', { timeoutMs });
    // New kinds appear in discovery once Established; drop cached discovery.
    this.discovery.clear();
    return done;
  }

  /** Creates a namespace with the given labels (server-side apply). */
  async createNamespace(name: string, labels: Record<string, string> = {}): Promise<KubeObject> {
    return this.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
  }

  private async resource(apiVersion: string, kind: string): Promise<ApiResource> {
    const find = (list: ApiResource[] | undefined) => list?.find((r) => r.kind === kind && !r.name.includes('/'));
    let found = find(this.discovery.get(apiVersion));
    if (!found) {
      // (Re)discover: the group/version may be new (freshly installed CRD).
      const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      let list: ApiResource[] = [];
      try {
        list = (await this.request<{ resources: ApiResource[] }>('GET', base)).resources;
      } catch (err) {
        if (!(err instanceof KubeError && err.status === 404)) throw err;
      }
      this.discovery.set(apiVersion, list);
      found = find(list);
    }
    if (!found) throw new Error(`the server does not serve kind ${kind} in ${apiVersion}`);
    return found;
  }
}

/** A unique, DNS-1123 name with the given prefix, for per-test namespaces. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`.slice(0, 63);
}

/** Pod Security Admission labels enforcing (and warning/auditing) a level. */
export function podSecurityLabels(level: 'privileged' | 'baseline' | 'restricted', version = 'latest'): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const mode of ['enforce', 'audit', 'warn']) {
    labels[`pod-security.kubernetes.io/${mode}`] = level;
    labels[`pod-security.kubernetes.io/${mode}-version`] = version;
  }
  return labels;
}
