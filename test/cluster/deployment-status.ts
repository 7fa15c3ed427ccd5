/** What the Deployment controller writes to a Deployment's status, for tests that run no controller manager. */

interface DeploymentLike {
  readonly metadata: { readonly generation?: number };
  readonly spec: { readonly replicas?: number };
}

/** Generation observed, `available` of its replicas available, `pods` pods (its replicas unless told). */
export function deploymentStatus(d: DeploymentLike, available: number, pods?: number): Record<string, unknown> {
  const n = pods ?? d.spec.replicas ?? 1;
  // metav1.Time is RFC 3339 to the second.
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    observedGeneration: d.metadata.generation,
    replicas: n,
    updatedReplicas: n,
    readyReplicas: available,
    availableReplicas: available,
    conditions: [
      {
        type: 'Available',
        status: available >= (d.spec.replicas ?? 1) ? 'True' : 'False',
        reason: 'MinimumReplicasAvailable',
        lastUpdateTime: now,
        lastTransitionTime: now,
      },
    ],
  };
}
