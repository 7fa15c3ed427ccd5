/**
 * Which namespaces this operator may act in. Cluster scope: all but those another operator
 * holds a live namespace-scope lease for. Namespace scope: only its own.
 */
export interface NamespaceGate {
  allows(namespace: string): boolean;
  /** Called when a namespace becomes allowed again, so controllers can catch up on it. */
  onResume(listener: (namespace: string) => void): void;
}

export function onlyNamespace(namespace: string): NamespaceGate {
  return { allows: (ns) => ns === namespace, onResume: () => undefined };
}
