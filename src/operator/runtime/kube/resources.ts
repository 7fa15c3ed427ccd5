/** API resources by name, so no discovery round trip is needed to address them. */
export interface Resource {
  readonly apiVersion: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
}

export const resource = (apiVersion: string, kind: string, plural: string, namespaced = true): Resource => ({
  apiVersion,
  kind,
  plural,
  namespaced,
});

/** `/api/v1` for the core group, `/apis/<group>/<version>` for the others. */
export const groupVersionPath = (apiVersion: string): string =>
  apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;

/** URL path of a collection (no name) or an object, optionally a subresource. */
export function resourcePath(res: Resource, namespace?: string, name?: string, subresource?: string): string {
  const ns = res.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  const obj = name ? `/${encodeURIComponent(name)}${subresource ? `/${subresource}` : ''}` : '';
  return `${groupVersionPath(res.apiVersion)}${ns}/${res.plural}${obj}`;
}

/** The kinds the runtime itself writes. */
export const LEASES = resource('coordination.k8s.io/v1', 'Lease', 'leases');
export const EVENTS = resource('v1', 'Event', 'events');
