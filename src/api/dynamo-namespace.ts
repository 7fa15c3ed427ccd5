/**
 * The Dynamo namespace of a component (the `nvidia.com/dynamo-namespace` label, the runtime's
 * discovery scope), as upstream computes it: one rule for validation and rendering.
 */

/** `<k8s namespace>-<graph name>` (dots become dashes), or `dynamo` for global components. */
export function dynamoNamespaceOf(namespace: string, graphName: string, global: boolean): string {
  return global ? 'dynamo' : `${namespace}-${graphName.replace(/\./g, '-')}`;
}
