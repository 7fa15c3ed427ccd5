/**
 * An in-memory Lease store answering as the API server does for what the lease code relies on:
 * 404 for a missing Lease, 409 AlreadyExists on a second create, 409 Conflict on a stale
 * resourceVersion; and a switch that fails every call (the API server unreachable).
 */
import { ObjectApi } from '../../../src/operator/runtime/kube/api';
import { ApiError } from '../../../src/operator/runtime/kube/errors';
import { ServerObject, Lease } from '../../../src/operator/runtime/kube/objects';
import { Resource } from '../../../src/operator/runtime/kube/resources';

export class FakeLeaseApi implements Pick<ObjectApi, 'get' | 'create' | 'replace' | 'delete'> {
  readonly leases = new Map<string, Lease>();
  failing = false;
  private rv = 0;

  async get<T extends ServerObject>(_r: Resource, ns: string | undefined, name: string): Promise<T> {
    this.check('GET');
    const l = this.leases.get(`${ns}/${name}`);
    if (!l) throw new ApiError('GET', name, 404, { reason: 'NotFound' });
    return structuredClone(l) as ServerObject as T;
  }

  async create<T extends ServerObject>(_r: Resource, obj: T): Promise<T> {
    this.check('POST');
    const key = `${obj.metadata.namespace}/${obj.metadata.name}`;
    if (this.leases.has(key)) throw new ApiError('POST', key, 409, { reason: 'AlreadyExists' });
    return this.store(key, obj);
  }

  async replace<T extends ServerObject>(_r: Resource, obj: T): Promise<T> {
    this.check('PUT');
    const key = `${obj.metadata.namespace}/${obj.metadata.name}`;
    const cur = this.leases.get(key);
    if (!cur) throw new ApiError('PUT', key, 404, { reason: 'NotFound' });
    if (cur.metadata.resourceVersion !== obj.metadata.resourceVersion)
      throw new ApiError('PUT', key, 409, { reason: 'Conflict' });
    return this.store(key, obj);
  }

  async delete(_r: Resource, ns: string | undefined, name: string): Promise<void> {
    this.check('DELETE');
    if (!this.leases.delete(`${ns}/${name}`)) throw new ApiError('DELETE', name, 404, { reason: 'NotFound' });
  }

  /** The Lease `<namespace>/<name>` as stored. */
  lease(key: string): Lease | undefined {
    return this.leases.get(key);
  }

  private store<T extends ServerObject>(key: string, obj: T): T {
    const stored = { ...structuredClone(obj), metadata: { ...obj.metadata, resourceVersion: String(++this.rv) } };
    this.leases.set(key, stored);
    return stored;
  }

  private check(method: string): void {
    if (this.failing) throw new ApiError(method, '/leases', 503, { reason: 'ServiceUnavailable' });
  }
}
