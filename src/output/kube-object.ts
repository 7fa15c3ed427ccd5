/**
 * The plain-data shape of a Kubernetes object, as everything in dynamo-iac produces and writes
 * it: the render core, the CRDs, the GitOps layout and the operator (which adds server metadata).
 * It stands at the bottom so that every layer can name it.
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

/** The namespace of an object without one, unless a front end says another (`-n`, a chart's): written once. */
export const DEFAULT_NAMESPACE = 'default';
