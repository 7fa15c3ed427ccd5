/**
 * Reading a DGD or standalone DCD as the cluster stores it into the internal model. Our CRDs use
 * `None` conversion, so an object written as v1alpha1 is served under v1beta1 with its v1alpha1
 * fields: its shape, not its apiVersion, says which converter applies.
 */
import { errorsOf, GraphModel, loadGraph } from '../../api';
import { KubeObject } from '../runtime/kube/objects';

/** Fields only a v1alpha1 DCD spec has (the service spec inlined); v1beta1 has `type` and `podTemplate` instead. */
const V1ALPHA1_COMPONENT_FIELDS = [
  'componentType', 'subComponentType', 'serviceName', 'dynamoNamespace', 'resources', 'autoscaling', 'envs', 'envFromSecret',
  'volumeMounts', 'ingress', 'sharedMemory', 'extraPodMetadata', 'extraPodSpec', 'livenessProbe', 'readinessProbe',
];

/** Whether a record was written as v1alpha1 (then its status has the v1alpha1 field names too). */
export function writtenAsV1alpha1(record: KubeObject & { spec?: Record<string, unknown> }): boolean {
  const spec = record.spec ?? {};
  if (record.kind === 'DynamoComponentDeployment') return V1ALPHA1_COMPONENT_FIELDS.some((f) => f in spec) && !('podTemplate' in spec) && !('type' in spec);
  return spec.services !== undefined && spec.components === undefined;
}

export function graphModelOf(record: KubeObject & { spec?: Record<string, unknown> }): GraphModel | undefined {
  const { model, problems } = loadGraph({ ...record, apiVersion: writtenAsV1alpha1(record) ? 'nvidia.com/v1alpha1' : 'nvidia.com/v1beta1' });
  return errorsOf(problems).length ? undefined : model;
}
