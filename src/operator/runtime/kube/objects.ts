/**
 * Kubernetes objects as the operator reads them: plain JSON, exactly as the API server sent it
 * (no typed models, so timestamps stay RFC 3339 strings and fields this client does not know
 * are kept). A kind the operator reads declares the fields it uses as optional.
 */
import type { KubeObject as Manifest, ObjectMeta as ManifestMeta } from '../../../api/k8s-types';

export interface OwnerReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly controller?: boolean;
  readonly blockOwnerDeletion?: boolean;
}

/** The metadata the API server fills in, on top of what a manifest carries. */
export interface ObjectMeta extends ManifestMeta {
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: unknown[];
}

/** A Kubernetes object as the API server returns it (src/api's KubeObject, with server metadata). */
export interface ServerObject extends Manifest {
  metadata: ObjectMeta;
}

export interface ObjectList<T> {
  readonly items: T[];
  readonly metadata: { readonly resourceVersion: string; readonly continue?: string };
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent<T> {
  readonly type: WatchEventType;
  readonly object: T;
}

/** `<namespace>/<name>`, or the name of a cluster-scoped object: the work-queue key. */
export const objectKey = (obj: ServerObject): string =>
  obj.metadata.namespace ? `${obj.metadata.namespace}/${obj.metadata.name}` : obj.metadata.name;

/** The owner reference marked as controller, if any. */
export const controllerOf = (obj: ServerObject): OwnerReference | undefined =>
  obj.metadata.ownerReferences?.find((r) => r.controller);

/** coordination.k8s.io/v1 Lease: leader election and the namespace-scope protocol. */
export interface Lease extends ServerObject {
  spec?: {
    holderIdentity?: string;
    leaseDurationSeconds?: number;
    /** MicroTime strings (six fractional digits). */
    acquireTime?: string;
    renewTime?: string;
    leaseTransitions?: number;
  };
}
