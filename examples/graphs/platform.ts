/** What every example graph shares, whichever front end deploys it. */
import * as path from 'path';
import { PlatformSettings } from '../../src';

export const EXAMPLE_NAMESPACE = 'dynamo';

/** One settings object for every graph: what the upstream operator would read from its OperatorConfiguration. */
export const EXAMPLE_SETTINGS: PlatformSettings = {
  // The examples restore a worker from a DynamoCheckpoint, a Dynamo 1.6 kind (1.7, the default,
  // restores from the Snapshot project's PodSnapshots): so they render, and install, for 1.6.
  dynamoVersion: '1.6',
  discoveryBackend: 'kubernetes',
  ingress: { controllerClassName: 'nginx', hostSuffix: 'example.com' },
  imagePullSecrets: { 'nvcr.io': ['nvcr-pull-secret'] },
};

/** An existing v1alpha1 manifest adopted as it is: a PVC model cache and an ingress. */
export const PVC_CACHE_INGRESS_FILE = path.join(__dirname, 'pvc-cache-ingress.v1alpha1.yaml');
