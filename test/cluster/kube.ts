/**
 * The cluster tests' client: the operator's own KubeApi (@kubernetes/client-node underneath)
 * plus what tests need on top — kind → resource by discovery, server-side apply as Flux does it,
 * get-or-undefined, waiting for a condition, installing a CRD. No kubectl, no second client.
 */
import { crdManifests } from '../../src/crds';
import { ApiError } from '../../src/operator/runtime/kube/errors';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { HttpMethod } from '../../src/operator/runtime/kube/client-node';
import { loadKubeConfig } from '../../src/operator/runtime/kube/kubeconfig';
import { ServerObject } from '../../src/operator/runtime/kube/objects';
import { resource, Resource } from '../../src/operator/runtime/kube/resources';

export type { ServerObject } from '../../src/operator/runtime/kube/objects';
/** A non-2xx answer: `status`, `reason` (NotFound, Invalid, …) and `causes` (an Invalid error's field paths). */
export { ApiError as KubeError } from '../../src/operator/runtime/kube/errors';

/** The field manager Flux uses; our rendered output must apply cleanly under it. */
export const FLUX_FIELD_MANAGER = 'kustomize-controller';

export interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

/** The admin kubeconfig of the cluster the jest global setup started. */
export function testKubeconfig(): string {
  const file = process.env.DYNAMO_IAC_TEST_KUBECONFIG;
  if (!file) throw new Error('DYNAMO_IAC_TEST_KUBECONFIG is not set: run cluster tests with `npm run test:cluster`');
  return file;
}

/** Server-side apply options; `fieldValidation: 'Strict'` refuses unknown fields, as `kubectl apply` does. */
export interface ApplyOpts {
  fieldManager?: string;
  force?: boolean;
  dryRun?: boolean;
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
}

export class KubeClient {
  /** Client for the cluster started by the jest global setup (env DYNAMO_IAC_TEST_KUBECONFIG). */
  static fromTestEnv(): KubeClient {
    return new KubeClient(new KubeApi(loadKubeConfig({ kubeconfig: testKubeconfig() })));
  }

  private readonly discovery = new Map<string, Resource[]>();

  constructor(readonly api: KubeApi) {}

  /** Stops watches still running (call in afterAll). */
  close(): void {
    this.api.close();
  }

  /** Any path (`/version`, `/openapi/v3/...`, a subresource with a query); JSON in, JSON out. */
  request<T = unknown>(method: HttpMethod, path: string, body?: unknown, contentType?: string): Promise<T> {
    return this.api.request<T>(method, path, { body, contentType });
  }

  version(): Promise<{ major: string; minor: string; gitVersion: string }> {
    return this.request('GET', '/version');
  }

  /** The resource serving `kind` in `apiVersion`, by discovery (rediscovered once for a new CRD). */
  async resource(apiVersion: string, kind: string): Promise<Resource> {
    const find = () => this.discovery.get(apiVersion)?.find((r) => r.kind === kind);
    if (!find()) {
      const found = (await this.api.discover(apiVersion)) ?? [];
      this.discovery.set(
        apiVersion,
        found.filter((r) => !r.name.includes('/')).map((r) => resource(apiVersion, r.kind, r.name, r.namespaced)),
      );
    }
    const res = find();
    if (!res) throw new Error(`the server does not serve kind ${kind} in ${apiVersion}`);
    return res;
  }

  /** Server-side apply as `kustomize-controller` with force, like Flux. */
  async apply<T extends ServerObject>(obj: T, opts: ApplyOpts = {}): Promise<T> {
    return this.api.apply<T>(await this.resource(obj.apiVersion, obj.kind), obj, {
      fieldManager: FLUX_FIELD_MANAGER,
      ...opts,
    });
  }

  /** POST; `fieldValidation=Strict` by default, so unknown fields are rejected. */
  async create<T extends ServerObject>(
    obj: T,
    opts: { fieldValidation?: 'Strict' | 'Warn' | 'Ignore'; dryRun?: boolean } = {},
  ): Promise<T> {
    return this.api.create<T>(await this.resource(obj.apiVersion, obj.kind), obj, {
      fieldValidation: 'Strict',
      ...opts,
    });
  }

  /** GET; undefined when NotFound. */
  async get<T extends ServerObject = ServerObject>(
    apiVersion: string,
    kind: string,
    name: string,
    namespace?: string,
  ): Promise<T | undefined> {
    try {
      return await this.api.get<T>(await this.resource(apiVersion, kind), namespace, name);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return undefined;
      throw err;
    }
  }

  /** In one namespace, or all namespaces. */
  async list<T extends ServerObject = ServerObject>(
    apiVersion: string,
    kind: string,
    opts: { namespace?: string; labelSelector?: string } = {},
  ): Promise<T[]> {
    const list = await this.api.list<T>(await this.resource(apiVersion, kind), opts.namespace, {
      labelSelector: opts.labelSelector,
    });
    return list.items;
  }

  /** A merge patch, optionally of a subresource (`status`, `scale`). */
  async mergePatch<T extends ServerObject = ServerObject>(
    apiVersion: string,
    kind: string,
    name: string,
    namespace: string | undefined,
    patch: unknown,
    subresource?: string,
  ): Promise<T> {
    return this.api.mergePatch<T>(await this.resource(apiVersion, kind), namespace, name, patch, subresource);
  }

  /** Writes `status` through the status subresource (a merge patch), as the object's controller would. */
  patchStatus<T extends ServerObject = ServerObject>(obj: ServerObject, status: unknown): Promise<T> {
    return this.mergePatch<T>(
      obj.apiVersion,
      obj.kind,
      obj.metadata.name,
      obj.metadata.namespace,
      { status },
      'status',
    );
  }

  /** DELETE with background propagation; false when it did not exist. */
  async delete(apiVersion: string, kind: string, name: string, namespace?: string): Promise<boolean> {
    try {
      await this.api.delete(await this.resource(apiVersion, kind), namespace, name);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return false;
      throw err;
    }
  }

  /** Polls until `predicate(obj)` is true (obj is undefined while missing). */
  async waitFor<T extends ServerObject = ServerObject>(
    apiVersion: string,
    kind: string,
    name: string,
    namespace: string | undefined,
    predicate: (obj: T | undefined) => boolean,
    opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
  ): Promise<T | undefined> {
    let last: T | undefined;
    const done = await poll(
      `${opts.what ?? 'condition'} on ${kind} ${namespace ? `${namespace}/` : ''}${name}`,
      async () => {
        last = await this.get<T>(apiVersion, kind, name, namespace);
        // Wrapped: the predicate may accept a missing object, and poll reads undefined as "not yet".
        return predicate(last) ? { last } : undefined;
      },
      {
        timeoutMs: opts.timeoutMs ?? 30_000,
        intervalMs: opts.intervalMs,
        context: () => `last status: ${JSON.stringify(last?.status ?? null)}`,
      },
    );
    return done.last;
  }

  /** Waits until `status.conditions[type].status` is `status` (default "True"). */
  async waitForCondition<T extends ServerObject = ServerObject>(
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
      (o) => conditionsOf(o).some((c) => c.type === type && c.status === want),
      {
        timeoutMs: opts.timeoutMs,
        what: `condition ${type}=${want}`,
      },
    );
    if (!obj) throw new Error(`${kind} ${name} is gone`);
    return obj;
  }

  /** Applies a CRD (as `apply` does, unless `opts` say otherwise) and waits for Established. */
  async installCrd(crd: ServerObject, opts: ApplyOpts & { timeoutMs?: number } = {}): Promise<ServerObject> {
    const { timeoutMs = 30_000, ...applyOpts } = opts;
    await this.apply(crd, applyOpts);
    const done = await this.waitForCondition(
      'apiextensions.k8s.io/v1',
      'CustomResourceDefinition',
      crd.metadata.name,
      undefined,
      'Established',
      { timeoutMs },
    );
    // New kinds appear in discovery once Established.
    this.discovery.clear();
    return done;
  }

  /** A namespace with these labels (server-side apply). */
  createNamespace(name: string, labels: Record<string, string> = {}): Promise<ServerObject> {
    return this.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels } });
  }
}

/**
 * Polls `fn` until it returns something other than undefined; an error it throws ends the wait.
 * The timeout (default 3 minutes) only bounds a hung test, it never judges speed; `context` adds
 * what to print when it runs out.
 */
export async function poll<T>(
  what: string,
  fn: () => Promise<T | undefined> | T | undefined,
  opts: { timeoutMs?: number; intervalMs?: number; context?: () => Promise<string> | string } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${opts.context ? `\n${await opts.context()}` : ''}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 250));
  }
}

/** `poll` for a condition held in memory (an elector's state, calls a fake server saw). */
export async function until(
  what: string,
  predicate: () => boolean,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  await poll(what, () => (predicate() ? true : undefined), opts);
}

function conditionsOf(obj: ServerObject | undefined): Condition[] {
  const status = obj?.status;
  const conditions = typeof status === 'object' && status !== null ? Reflect.get(status, 'conditions') : undefined;
  return Array.isArray(conditions) ? conditions : [];
}

/** A client with `crds` installed (default: ours) and a fresh namespace named after `prefix`. */
export async function testNamespace(
  prefix: string,
  crds: ServerObject[] = crdManifests() as ServerObject[],
): Promise<{ kube: KubeClient; ns: string }> {
  const kube = KubeClient.fromTestEnv();
  for (const crd of crds) await kube.installCrd(crd);
  const ns = uniqueName(prefix);
  await kube.createNamespace(ns);
  return { kube, ns };
}

/** The API server's message for a refused request, or '' when it was accepted. */
export async function refusal(request: Promise<unknown>): Promise<string> {
  try {
    await request;
    return '';
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return typeof err.body === 'object' && err.body.message ? err.body.message : err.message;
  }
}

/** A unique DNS-1123 name with this prefix, for per-test namespaces. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`.slice(0, 63);
}

/** Pod Security Admission labels enforcing (and warning / auditing) a level. */
export function podSecurityLabels(
  level: 'privileged' | 'baseline' | 'restricted',
  version = 'latest',
): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const mode of ['enforce', 'audit', 'warn']) {
    labels[`pod-security.kubernetes.io/${mode}`] = level;
    labels[`pod-security.kubernetes.io/${mode}-version`] = version;
  }
  return labels;
}
