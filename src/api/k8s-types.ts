/**
 * Plain-data Kubernetes shapes used across the render core.
 *
 * The render core is pure and must not depend on cdk8s or Pulumi, so it works on
 * JSON-shaped objects. (The typed pod content users pass in is core-v1-types.ts.)
 */

/** Any Kubernetes object as it is written to YAML. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [field: string]: unknown;
}

export interface ObjectMeta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  [field: string]: unknown;
}

/** A JSON object with unknown fields (pod spec, container, probe, ...). */
export type JsonObject = { [key: string]: unknown };

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
