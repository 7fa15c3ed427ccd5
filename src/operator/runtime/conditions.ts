/** Status conditions as Kubernetes writes them, shared by every controller's status. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

/** Sets a condition; the transition time moves only when the condition's status changes. */
export function setCondition(
  conditions: readonly Condition[] | undefined,
  next: Omit<Condition, 'lastTransitionTime'>,
  now: string,
): Condition[] {
  const current = (conditions ?? []).find((c) => c.type === next.type);
  const lastTransitionTime = current && current.status === next.status ? current.lastTransitionTime : now;
  return [...(conditions ?? []).filter((c) => c.type !== next.type), { ...next, lastTransitionTime }];
}
