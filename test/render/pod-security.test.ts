import { RECOMMENDED_POD_SECURITY_LABELS } from '../../src/render/pod-security';

test('recommended Pod Security labels: enforce baseline, warn and audit restricted, frozen', () => {
  expect(RECOMMENDED_POD_SECURITY_LABELS).toEqual({
    'pod-security.kubernetes.io/enforce': 'baseline',
    'pod-security.kubernetes.io/enforce-version': 'latest',
    'pod-security.kubernetes.io/warn': 'restricted',
    'pod-security.kubernetes.io/warn-version': 'latest',
    'pod-security.kubernetes.io/audit': 'restricted',
    'pod-security.kubernetes.io/audit-version': 'latest',
  });
  expect(Object.isFrozen(RECOMMENDED_POD_SECURITY_LABELS)).toBe(true);
});
