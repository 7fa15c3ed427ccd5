/**
 * A small Kubernetes REST client for the Flux test: the admin kubeconfig the harness wrote
 * (client certificates inline), resource paths from API discovery, server-side apply, status
 * subresource writes, and polling. Only what test/flux needs.
 */
import * as fs from 'fs';
import * as https from 'https';
import { parse } from 'yaml';

export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; generation?: number; resourceVersion?: string; [k: string]: any };
  [k: string]: any;
}

export class KubeError extends Error {
  constructor(
    readonly status: number,
    readonly body: any,
    what: string,
  ) {
    super(
      `${what}: HTTP ${status}: ${typeof body === 'object' && body?.message ? body.message : JSON.stringify(body)}`,
    );
  }
}

interface ApiResource {
  name: string;
  kind: string;
  namespaced: boolean;
}

export class Kube {
  private readonly agent: https.Agent;
  private readonly server: URL;
  private readonly discovery = new Map<string, ApiResource[]>();

  static fromKubeconfig(file: string): Kube {
    const config = parse(fs.readFileSync(file, 'utf8'));
    const b64 = (s: string) => Buffer.from(s, 'base64');
    return new Kube(config.clusters[0].cluster.server, {
      ca: b64(config.clusters[0].cluster['certificate-authority-data']),
      cert: b64(config.users[0].user['client-certificate-data']),
      key: b64(config.users[0].user['client-key-data']),
    });
  }

  private constructor(server: string, tls: { ca: Buffer; cert: Buffer; key: Buffer }) {
    this.server = new URL(server);
    this.agent = new https.Agent({ ...tls, keepAlive: true });
  }

  close(): void {
    this.agent.destroy();
  }

  request<T = any>(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<T> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          agent: this.agent,
          hostname: this.server.hostname,
          port: this.server.port,
          method,
          path,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': contentType, 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: any = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              /* not JSON */
            }
            if (res.statusCode! >= 300) reject(new KubeError(res.statusCode!, parsed, `${method} ${path}`));
            else resolve(parsed);
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** `/apis/<group>/<version>[/namespaces/<ns>]/<plural>[/<name>]`, the plural from discovery. */
  async path(apiVersion: string, kind: string, namespace?: string, name?: string): Promise<string> {
    const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
    let resource = (this.discovery.get(apiVersion) ?? []).find((r) => r.kind === kind && !r.name.includes('/'));
    if (!resource) {
      // New CRDs appear during the test: ask again on a miss.
      const list = await this.request<{ resources: ApiResource[] }>('GET', base);
      this.discovery.set(apiVersion, list.resources);
      resource = list.resources.find((r) => r.kind === kind && !r.name.includes('/'));
      if (!resource) throw new Error(`the server has no ${kind} in ${apiVersion}`);
    }
    const ns = resource.namespaced ? `/namespaces/${namespace ?? 'default'}` : '';
    return `${base}${ns}/${resource.name}${name ? `/${encodeURIComponent(name)}` : ''}`;
  }

  async get<T extends KubeObject = KubeObject>(
    apiVersion: string,
    kind: string,
    name: string,
    namespace?: string,
  ): Promise<T | undefined> {
    try {
      return await this.request<T>('GET', await this.path(apiVersion, kind, namespace, name));
    } catch (e) {
      if (e instanceof KubeError && e.status === 404) return undefined;
      throw e;
    }
  }

  async list<T extends KubeObject = KubeObject>(apiVersion: string, kind: string, namespace?: string): Promise<T[]> {
    const list = await this.request<{ items: T[] }>('GET', await this.path(apiVersion, kind, namespace));
    return list.items.map((o) => ({ ...o, apiVersion, kind }));
  }

  /** Server-side apply with strict field validation (an unknown field is an error, not a warning). */
  async apply<T extends KubeObject = KubeObject>(obj: KubeObject, fieldManager: string): Promise<T> {
    const p = await this.path(obj.apiVersion, obj.kind, obj.metadata.namespace, obj.metadata.name);
    return this.request<T>(
      'PATCH',
      `${p}?fieldManager=${fieldManager}&force=true&fieldValidation=Strict`,
      obj,
      'application/apply-patch+yaml',
    );
  }

  /** Writes `status` through the status subresource (merge patch), as the object's controller would. */
  async patchStatus(ref: KubeObject, status: object): Promise<KubeObject> {
    const p = await this.path(ref.apiVersion, ref.kind, ref.metadata.namespace, ref.metadata.name);
    return this.request('PATCH', `${p}/status`, { status }, 'application/merge-patch+json');
  }

  async mergePatch(ref: KubeObject, patch: object, subresource = ''): Promise<KubeObject> {
    const p = await this.path(ref.apiVersion, ref.kind, ref.metadata.namespace, ref.metadata.name);
    return this.request('PATCH', `${p}${subresource}`, patch, 'application/merge-patch+json');
  }
}

/**
 * Polls `fn` until it returns something other than undefined (an error ends the wait). The
 * timeout is generous: it only bounds a hung test, it never judges speed. `context` adds what
 * to print on a timeout.
 */
export async function poll<T>(
  what: string,
  fn: () => Promise<T | undefined> | T | undefined,
  opts: { timeoutMs?: number; context?: () => Promise<string> | string } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${opts.context ? `\n${await opts.context()}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
