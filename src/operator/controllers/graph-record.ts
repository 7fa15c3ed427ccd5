/**
 * Reading a DGD or standalone DCD as the cluster stores it into the internal model. Our CRDs use
 * `None` conversion, so an object written as v1alpha1 is served under v1beta1 with its v1alpha1
 * fields: its shape, not its apiVersion, says which converter applies.
 */
import { errorsOf, GraphModel, loadGraph } from '../../api';
import { componentFieldV1alpha1Keys } from '../../crds/component-fields';
import { splitKey } from '../runtime/controller';
import { ObjectCache } from '../runtime/informer';
import { ServerObject } from '../runtime/kube/objects';
import { NamespaceGate } from '../runtime/namespace-gate';
import { GraphDeployment } from './kinds';
import { RESOURCES } from './resources';

/** Fields only a v1alpha1 DCD spec has (the service spec inlined); v1beta1 has `type` and `podTemplate` instead. */
const V1ALPHA1_COMPONENT_FIELDS = [
  'componentType',
  'subComponentType',
  'serviceName',
  'dynamoNamespace',
  'resources',
  'autoscaling',
  'envs',
  'envFromSecret',
  'volumeMounts',
  'ingress',
  'extraPodMetadata',
  'extraPodSpec',
  'livenessProbe',
  'readinessProbe',
  // The declared component fields' v1alpha1-only keys (`sharedMemory`, …).
  ...componentFieldV1alpha1Keys(),
];

/** Whether a record was written as v1alpha1 (then its status has the v1alpha1 field names too). */
export function writtenAsV1alpha1(record: ServerObject & { spec?: Record<string, unknown> }): boolean {
  const spec = record.spec ?? {};
  if (record.kind === 'DynamoComponentDeployment')
    return V1ALPHA1_COMPONENT_FIELDS.some((f) => f in spec) && !('podTemplate' in spec) && !('type' in spec);
  return spec.services !== undefined && spec.components === undefined;
}

/**
 * The version to write a graph record's status through: the one it was written in. Our CRDs
 * convert with `None`, so only that version's status schema has the field names it uses.
 */
export const recordResource = (record: ServerObject & { spec?: Record<string, unknown> }) =>
  writtenAsV1alpha1(record) ? RESOURCES.dgdV1alpha1 : RESOURCES.dgdV1beta1;

export function graphModelOf(record: ServerObject & { spec?: Record<string, unknown> }): GraphModel | undefined {
  const { model, problems } = loadGraph({
    ...record,
    apiVersion: writtenAsV1alpha1(record) ? 'nvidia.com/v1alpha1' : 'nvidia.com/v1beta1',
  });
  return errorsOf(problems).length ? undefined : model;
}

/** The DGD a graph controller's key names, when this operator acts on it: cached, not being deleted, loading as a DGD. */
export function liveGraph(
  key: string,
  graphs: ObjectCache<GraphDeployment> & { get(namespace: string, name: string): GraphDeployment | undefined },
  gate: NamespaceGate,
): { dgd: GraphDeployment; model: GraphModel } | undefined {
  const [namespace, name] = splitKey(key);
  if (!gate.allows(namespace)) return undefined;
  const dgd = graphs.get(namespace, name);
  if (!dgd || dgd.metadata.deletionTimestamp) return undefined;
  const model = graphModelOf(dgd);
  return model?.kind === 'DynamoGraphDeployment' ? { dgd, model } : undefined;
}
