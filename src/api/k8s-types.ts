/**
 * Plain-data Kubernetes shapes used across the render core.
 *
 * The render core is pure and must not depend on cdk8s or Pulumi, so it works on
 * JSON-shaped objects. (The typed pod content users pass in is core-v1-types.ts.)
 */
import type { JsonObject } from '../output/kube-object';

export type { JsonObject, KubeObject, ObjectMeta } from '../output/kube-object';

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: JsonObject;
}

export interface Container extends JsonObject {
  name: string;
}

export interface ResourceRequirements {
  requests?: Record<string, string>;
  limits?: Record<string, string>;
  claims?: JsonObject[];
}
