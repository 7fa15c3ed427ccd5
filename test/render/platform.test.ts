import { renderPlatform } from '../../src/render/platform';

const base = { namespace: 'dynamo-system', version: '1.2.3' };
const kinds = (objs: ReturnType<typeof renderPlatform>) => objs.map((o) => o.kind);
const rulesOf = (objs: ReturnType<typeof renderPlatform>) => objs.flatMap((o) => (o as any).rules ?? []);

test('namespace scope: a Role for the namespace; the only cluster-scoped grant is reading nodes', () => {
  const objs = renderPlatform({ ...base, scope: 'namespace', crds: false });
  expect(kinds(objs)).toEqual([
    'ServiceAccount',
    'ClusterRole',
    'ClusterRoleBinding',
    'Role',
    'RoleBinding',
    'Service',
    'Deployment',
  ]);
  const clusterScoped = objs.filter((o) => o.metadata.namespace === undefined);
  expect(clusterScoped.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
    'ClusterRole/dynamo-iac-operator-dynamo-system-nodes',
    'ClusterRoleBinding/dynamo-iac-operator-dynamo-system-nodes',
  ]);
  expect((clusterScoped[0] as any).rules).toEqual([{ apiGroups: [''], resources: ['nodes'], verbs: ['get'] }]);
  expect(
    objs.filter((o) => o.metadata.namespace !== undefined).every((o) => o.metadata.namespace === 'dynamo-system'),
  ).toBe(true);
});

test('cluster scope: a ClusterRole for the controllers, a Role for leader election only', () => {
  const objs = renderPlatform({ ...base, crds: false });
  expect(kinds(objs)).toEqual([
    'ServiceAccount',
    'ClusterRole',
    'ClusterRoleBinding',
    'Role',
    'RoleBinding',
    'Service',
    'Deployment',
  ]);
  const role = objs.find((o) => o.kind === 'Role') as any;
  expect(role.rules).toEqual([
    { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update', 'delete'] },
  ]);
});

test('no rule uses a wildcard, in either scope', () => {
  for (const scope of ['cluster', 'namespace'] as const) {
    const rules = rulesOf(renderPlatform({ ...base, scope }));
    expect(rules.length).toBeGreaterThan(0);
    for (const r of rules) for (const v of [...r.apiGroups, ...r.resources, ...r.verbs]) expect(v).not.toContain('*');
  }
});

test('CRDs unless turned off; a ServiceMonitor and a dashboard only with monitoring', () => {
  expect(kinds(renderPlatform(base)).filter((k) => k === 'CustomResourceDefinition').length).toBeGreaterThan(0);
  expect(kinds(renderPlatform({ ...base, crds: false }))).not.toContain('CustomResourceDefinition');
  expect(kinds(renderPlatform(base))).not.toContain('ServiceMonitor');
  const sm = renderPlatform({ ...base, monitoring: true }).find((o) => o.kind === 'ServiceMonitor') as any;
  expect(sm.spec.endpoints).toEqual([{ port: 'http', path: '/metrics', interval: '15s' }]);
  const dashboard = renderPlatform({ ...base, monitoring: true }).find((o) => o.kind === 'ConfigMap') as any;
  expect(dashboard.metadata.labels.grafana_dashboard).toBe('1');
  const panels = JSON.parse(dashboard.data['dynamo-iac-operator.json']).panels.map((p: any) => p.targets[0].expr);
  expect(panels).toEqual([
    expect.stringContaining('rate(dynamo_operator_reconcile_total{'),
    expect.stringContaining(
      'histogram_quantile(0.95, sum by (le, resource_type) (rate(dynamo_operator_reconcile_duration_seconds_bucket{',
    ),
    expect.stringContaining('rate(dynamo_operator_reconcile_errors_total{'),
    expect.stringContaining('dynamo_operator_resources_total{'),
    expect.stringContaining('sum by (component_type) (dynamo_operator_managed_pods_total{'),
  ]);
  expect(kinds(renderPlatform(base))).not.toContain('ConfigMap');
});

test('the operator Deployment: default release image, scope flags, restricted security context, probes', () => {
  const dep = renderPlatform({ ...base, scope: 'namespace' }).find((o) => o.kind === 'Deployment') as any;
  const pod = dep.spec.template.spec;
  const c = pod.containers[0];
  expect(c.image).toBe('ghcr.io/dynamo-iac/dynamo-iac-operator:1.2.3');
  expect(c.args).toEqual(['operator', '--scope', 'namespace', '--namespace', 'dynamo-system', '--http-port', '8080']);
  expect(pod.securityContext).toEqual({
    runAsNonRoot: true,
    runAsUser: 65532,
    runAsGroup: 65532,
    seccompProfile: { type: 'RuntimeDefault' },
  });
  expect(c.securityContext).toEqual({
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ['ALL'] },
  });
  expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
  expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
  // V8 reads its heap flags at start-up only: the small young generation must come from the env.
  expect(c.env).toContainEqual({ name: 'NODE_OPTIONS', value: '--max-semi-space-size=2' });
  // glibc arenas: fewer than its default 8 per core (docs/operator.md measures the difference).
  expect(c.env).toContainEqual({ name: 'MALLOC_ARENA_MAX', value: '2' });
  expect(
    (renderPlatform({ ...base, image: 'registry.example/op:dev' }).find((o) => o.kind === 'Deployment') as any).spec
      .template.spec.containers[0].image,
  ).toBe('registry.example/op:dev');
});

test('image pull secrets for the operator pod (a private registry mirror)', () => {
  const pod = (o: object) =>
    (renderPlatform({ ...base, ...o }).find((x) => x.kind === 'Deployment') as any).spec.template.spec;
  expect(pod({}).imagePullSecrets).toBeUndefined();
  expect(pod({ imagePullSecrets: ['mirror-creds'] }).imagePullSecrets).toEqual([{ name: 'mirror-creds' }]);
});

test('deterministic', () => {
  expect(JSON.stringify(renderPlatform({ ...base, monitoring: true }))).toBe(
    JSON.stringify(renderPlatform({ ...base, monitoring: true })),
  );
});
