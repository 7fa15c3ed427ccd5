/** The Deployment of a single-node component. */
import { KubeObject } from '../api/k8s-types';
import { ComponentContext } from './context';
import { ANNOTATION, LABEL } from './labels';
import { compact, mergeMaps } from './merge';
import { shortHash } from './naming';
import { kvTransferAnnotations } from './kv-transfer';
import { buildPodTemplate } from './pod';
import { desiredReplicasAnnotation, runtimeOwnsReplicas } from './replicas';
import { generationAnnotations, GENERATION_MIN_READY_SECONDS } from './worker-generation';

/** Labels and annotations on the component's workload and Service metadata. */
export function workloadMetadata(cc: ComponentContext) {
  const labels = mergeMaps(cc.labels);
  const annotations = mergeMaps(
    cc.annotations,
    cc.component.podAnnotations,
    kvTransferAnnotations(cc),
    generationAnnotations(cc.workerGeneration),
  );
  const modelRef = cc.component.modelRef;
  if (modelRef) {
    labels[LABEL.baseModelHash] = shortHash(modelRef.name);
    annotations[ANNOTATION.baseModel] = modelRef.name;
  }
  return compact({ name: cc.objectName, namespace: cc.graph.namespace, labels, annotations });
}

export function renderDeployment(cc: ComponentContext): KubeObject {
  const spec: Record<string, unknown> = {};
  // Only replicas the user wrote: the Deployment defaults an unset count to 1 itself.
  if (!runtimeOwnsReplicas(cc.component, cc.workerGeneration) && cc.component.replicas !== undefined)
    spec.replicas = cc.component.replicas;
  // A generation's pods count as available only once the frontend can have seen them (see the constant).
  if (cc.workerGeneration) spec.minReadySeconds = GENERATION_MIN_READY_SECONDS;
  spec.selector = { matchLabels: { [LABEL.selector]: cc.objectName } };
  spec.strategy = deploymentStrategy(cc.annotations);
  spec.template = buildPodTemplate(cc);
  const metadata = workloadMetadata(cc);
  const desired = desiredReplicasAnnotation(cc.component, cc.workerGeneration);
  if (Object.keys(desired).length > 0) metadata.annotations = { ...metadata.annotations, ...desired };
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec };
}

function deploymentStrategy(annotations: Record<string, string>) {
  if (annotations[ANNOTATION.deploymentStrategy] === 'Recreate') return { type: 'Recreate' };
  return {
    type: 'RollingUpdate',
    rollingUpdate: {
      maxSurge: intOrString(annotations[ANNOTATION.maxSurge] ?? '25%'),
      maxUnavailable: intOrString(annotations[ANNOTATION.maxUnavailable] ?? '25%'),
    },
  };
}

/** "3" is a count, "25%" a percentage: the API server tells them apart by type. */
function intOrString(v: string): number | string {
  return /^\d+$/.test(v) ? Number(v) : v;
}
