/**
 * Reading worker generations back from rendered objects (issue 28), for the front ends that keep
 * or hand over what a render produced: the graph's record among its objects, and which objects
 * the runtime operator retires (so a deployment tool must not delete them when they leave its
 * desired state: Pulumi's retainOnDelete, docs/rollouts.md).
 */
import { KubeObject } from '../api/k8s-types';
import { LABEL } from './labels';
import { renderedWorkerGeneration } from './worker-generation';

/** The DynamoGraphDeployment record among `objects`; with `graph`, the one of that name and namespace. */
export function graphRecordOf(
  objects: readonly KubeObject[],
  graph?: { readonly name: string; readonly namespace: string },
): KubeObject | undefined {
  return objects.find(
    (o) =>
      o.kind === 'DynamoGraphDeployment' &&
      o.apiVersion.startsWith('nvidia.com/') &&
      (!graph || (o.metadata.name === graph.name && (o.metadata.namespace ?? graph.namespace) === graph.namespace)),
  );
}

/**
 * Whether the runtime operator retires `object`: it belongs to the worker generation (the
 * `nvidia.com/dynamo-worker-hash` label) of a graph whose record, among `objects`, says
 * `dynamo-iac.io/worker-rollout: operator`. Without the record no operator manages the graph.
 */
export function retiredByOperator(objects: readonly KubeObject[]): (object: KubeObject) => boolean {
  const record = graphRecordOf(objects);
  const generation = renderedWorkerGeneration(record?.metadata.annotations);
  if (!record || generation?.mode !== 'operator') return () => false;
  return (o) =>
    o !== record &&
    o.metadata.labels?.[LABEL.workerHash] !== undefined &&
    (o.metadata.namespace ?? record.metadata.namespace) === record.metadata.namespace;
}
