/** The API resources the controllers read and write (addressed without discovery). */
import { resource } from '../runtime/kube/resources';

export const RESOURCES = {
  dgdV1alpha1: resource('nvidia.com/v1alpha1', 'DynamoGraphDeployment', 'dynamographdeployments'),
  dgdV1beta1: resource('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'dynamographdeployments'),
  /** Read and written as v1alpha1, upstream's storage version (`spec.dgdRef.serviceName`). */
  adapter: resource(
    'nvidia.com/v1alpha1',
    'DynamoGraphDeploymentScalingAdapter',
    'dynamographdeploymentscalingadapters',
  ),
  /** Standalone DCDs; like DGDs, v1alpha1-written ones are served under v1beta1 with their own field names. */
  dcdV1alpha1: resource('nvidia.com/v1alpha1', 'DynamoComponentDeployment', 'dynamocomponentdeployments'),
  dcdV1beta1: resource('nvidia.com/v1beta1', 'DynamoComponentDeployment', 'dynamocomponentdeployments'),
  dgdrV1alpha1: resource('nvidia.com/v1alpha1', 'DynamoGraphDeploymentRequest', 'dynamographdeploymentrequests'),
  dgdrV1beta1: resource('nvidia.com/v1beta1', 'DynamoGraphDeploymentRequest', 'dynamographdeploymentrequests'),
  checkpoint: resource('nvidia.com/v1alpha1', 'DynamoCheckpoint', 'dynamocheckpoints'),
  dynamoModel: resource('nvidia.com/v1alpha1', 'DynamoModel', 'dynamomodels'),
  job: resource('batch/v1', 'Job', 'jobs'),
  deployment: resource('apps/v1', 'Deployment', 'deployments'),
  leaderWorkerSet: resource('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet', 'leaderworkersets'),
  /** LeaderWorkerSet's set of roles (LWS >= v0.10.0), for graphs opted in to it. */
  disaggregatedSet: resource('disaggregatedset.x-k8s.io/v1', 'DisaggregatedSet', 'disaggregatedsets'),
  /** Grove: the rendered set, and the per-component objects Grove creates from it (scaled through `/scale`). */
  podCliqueSet: resource('grove.io/v1alpha1', 'PodCliqueSet', 'podcliquesets'),
  podClique: resource('grove.io/v1alpha1', 'PodClique', 'podcliques'),
  podCliqueScalingGroup: resource('grove.io/v1alpha1', 'PodCliqueScalingGroup', 'podcliquescalinggroups'),
  pod: resource('v1', 'Pod', 'pods'),
  service: resource('v1', 'Service', 'services'),
  node: resource('v1', 'Node', 'nodes', false),
  configMap: resource('v1', 'ConfigMap', 'configmaps'),
  endpointSlice: resource('discovery.k8s.io/v1', 'EndpointSlice', 'endpointslices'),
} as const;
