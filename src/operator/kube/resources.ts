/** The API resources the operator touches (static, so no discovery round trips). */
export interface Resource {
  readonly apiVersion: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
}

const r = (apiVersion: string, kind: string, plural: string, namespaced = true): Resource => ({ apiVersion, kind, plural, namespaced });

export const RESOURCES = {
  dgdV1alpha1: r('nvidia.com/v1alpha1', 'DynamoGraphDeployment', 'dynamographdeployments'),
  dgdV1beta1: r('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'dynamographdeployments'),
  /** Read and written as v1alpha1, upstream's storage version (`spec.dgdRef.serviceName`). */
  adapter: r('nvidia.com/v1alpha1', 'DynamoGraphDeploymentScalingAdapter', 'dynamographdeploymentscalingadapters'),
  checkpoint: r('nvidia.com/v1alpha1', 'DynamoCheckpoint', 'dynamocheckpoints'),
  job: r('batch/v1', 'Job', 'jobs'),
  deployment: r('apps/v1', 'Deployment', 'deployments'),
  leaderWorkerSet: r('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', 'leaderworkersets'),
  /** Grove: the rendered set, and the per-component objects Grove creates from it (scaled through `/scale`). */
  podCliqueSet: r('grove.io/v1alpha1', 'PodCliqueSet', 'podcliquesets'),
  podClique: r('grove.io/v1alpha1', 'PodClique', 'podcliques'),
  podCliqueScalingGroup: r('grove.io/v1alpha1', 'PodCliqueScalingGroup', 'podcliquescalinggroups'),
  lease: r('coordination.k8s.io/v1', 'Lease', 'leases'),
  event: r('v1', 'Event', 'events'),
  dynamoModel: r('nvidia.com/v1alpha1', 'DynamoModel', 'dynamomodels'),
  endpointSlice: r('discovery.k8s.io/v1', 'EndpointSlice', 'endpointslices'),
} as const;

/** URL path of a collection (no name) or an object, optionally a subresource. */
export function resourcePath(res: Resource, namespace?: string, name?: string, subresource?: string): string {
  const base = res.apiVersion.includes('/') ? `/apis/${res.apiVersion}` : `/api/${res.apiVersion}`;
  const ns = res.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  const obj = name ? `/${encodeURIComponent(name)}${subresource ? `/${subresource}` : ''}` : '';
  return `${base}${ns}/${res.plural}${obj}`;
}
