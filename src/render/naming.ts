/** Object names, as the upstream operator derives them. */
import { sha256Hex } from '../api/sha256';

/** Workload, Service, Ingress name of a graph component: `<graph>-<lower(component)>`. */
export function componentObjectName(graphName: string, componentName: string): string {
  return `${graphName}-${componentName.toLowerCase()}`;
}

export function serviceNameOf(objectName: string): string {
  return objectName.replace(/\./g, '-');
}

export const discoveryNames = (graphName: string) => ({
  serviceAccount: `${graphName}-k8s-service-discovery`,
  role: `${graphName}-k8s-service-discovery-role`,
  roleBinding: `${graphName}-k8s-service-discovery-binding`,
});

export const PLANNER_SERVICE_ACCOUNT = 'planner-serviceaccount';
export const EPP_SERVICE_ACCOUNT = 'epp-serviceaccount';

export const eppConfigMapName = (graphName: string) => `${graphName}-epp-config`;
export const EPP_CONFIG_KEY = 'epp-config-dynamo.yaml';
export const inferencePoolName = (graphName: string) => `${graphName}-pool`;

/** First 8 hex characters of SHA-256: the base-model hash used in labels and model Service names. */
export function shortHash(text: string): string {
  return sha256Hex(text).slice(0, 8);
}

export const modelServiceName = (modelName: string) => `dynamo-model-${shortHash(modelName)}`;
