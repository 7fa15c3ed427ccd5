/**
 * The Pod Security Admission labels we recommend for a namespace that runs rendered graphs.
 *
 * `baseline` is enforced: every pod we render passes it (test/cluster/pod-security.test.ts
 * creates a Pod from each rendered pod template in an enforcing namespace). `restricted` cannot
 * be enforced: engine images run as root and our pods set no seccomp profile or capability
 * drops, so `restricted` is only warned about and audited, to show what a hardened image and
 * pod template would still need.
 */
export const RECOMMENDED_POD_SECURITY_LABELS: Readonly<Record<string, string>> = Object.freeze({
  'pod-security.kubernetes.io/enforce': 'baseline',
  'pod-security.kubernetes.io/enforce-version': 'latest',
  'pod-security.kubernetes.io/warn': 'restricted',
  'pod-security.kubernetes.io/warn-version': 'latest',
  'pod-security.kubernetes.io/audit': 'restricted',
  'pod-security.kubernetes.io/audit-version': 'latest',
});
