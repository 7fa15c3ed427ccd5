/**
 * DynamoWorkerMetadata (dwm): what a Dynamo 1.6+ runtime process registers about itself under
 * Kubernetes discovery (its endpoints, event channels and model cards), one object per pod,
 * named after the pod and owned by it. The frontend joins these with the EndpointSlices of ready
 * pods. The runtime writes them; nothing we render does, but without the CRD no worker can
 * register (reference/real-node.md §5–6). Upstream's shape: `spec.data` is an opaque blob, no
 * status, no status subresource, an Age column only.
 */
import { AGE_COLUMN, crd } from './crd';
import { obj, preserveUnknown } from './schema';

const SPEC = obj({ data: preserveUnknown() }, { required: ['data'] });

export function workerMetadataCrd() {
  return crd({
    kind: 'DynamoWorkerMetadata',
    plural: 'dynamoworkermetadatas',
    shortNames: ['dwm'],
    versions: [{ name: 'v1alpha1', storage: true, spec: SPEC, printerColumns: [AGE_COLUMN] }],
  });
}
