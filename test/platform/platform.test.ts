import { renderPlatform } from '../../src/platform/platform';
import { releaseCrdManifests } from '../../src/platform/release-crds';
import { RECOMMENDED_POD_SECURITY_LABELS } from '../../src/render/pod-security';

const base = { namespace: 'dynamo-system', version: '1.2.3' };
const kinds = (objs: ReturnType<typeof renderPlatform>) => objs.map((o) => o.kind);
const rulesOf = (objs: ReturnType<typeof renderPlatform>) => objs.flatMap((o) => (o as any).rules ?? []);

const clusterScoped = (objs: ReturnType<typeof renderPlatform>) =>
  objs.filter((o) => o.metadata.namespace === undefined).map((o) => `${o.kind}/${o.metadata.name}`);

test('namespace scope installs with zero cluster-scoped objects, whatever else is added', () => {
  const objs = renderPlatform({ ...base, scope: 'namespace' });
  expect(kinds(objs)).toEqual(['ServiceAccount', 'Role', 'RoleBinding', 'Service', 'Deployment']);
  expect(clusterScoped(objs)).toEqual([]);
  const everything = renderPlatform({ ...base, scope: 'namespace', monitoring: true, nats: true, etcd: true });
  expect(clusterScoped(everything)).toEqual([]);
  expect(everything.every((o) => o.metadata.namespace === 'dynamo-system')).toBe(true);
});

test('namespace scope: the cluster-scoped pieces are opt-in (CRDs, the Namespace, the node reader)', () => {
  const objs = renderPlatform({ ...base, scope: 'namespace', crds: true, createNamespace: true, readNodes: true });
  expect(clusterScoped(objs)).toEqual([
    'Namespace/dynamo-system',
    ...releaseCrdManifests().map((c) => `CustomResourceDefinition/${c.metadata.name}`),
    'ClusterRole/dynamo-iac-operator-dynamo-system-nodes',
    'ClusterRoleBinding/dynamo-iac-operator-dynamo-system-nodes',
  ]);
  const nodes = objs.find((o) => o.metadata.name === 'dynamo-iac-operator-dynamo-system-nodes') as any;
  expect(nodes.rules).toEqual([{ apiGroups: [''], resources: ['nodes'], verbs: ['get'] }]);
  // Graphs run in a namespace-scoped operator's namespace: the labels recommended for them.
  expect((objs[0] as any).metadata.labels).toEqual({
    'app.kubernetes.io/part-of': 'dynamo-iac',
    ...RECOMMENDED_POD_SECURITY_LABELS,
  });
});

test('cluster scope: the Namespace (restricted), a ClusterRole for the controllers, the planner and EPP ClusterRoles, a Role for leader election only', () => {
  const objs = renderPlatform({ ...base, crds: false });
  expect(objs.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
    'Namespace/dynamo-system',
    'ServiceAccount/dynamo-iac-operator',
    'ClusterRole/dynamo-iac-operator',
    'ClusterRole/dynamo-planner',
    'ClusterRole/epp-cluster-role',
    'ClusterRoleBinding/dynamo-iac-operator',
    'Role/dynamo-iac-operator-leader-election',
    'RoleBinding/dynamo-iac-operator-leader-election',
    'Service/dynamo-iac-operator-metrics',
    'Deployment/dynamo-iac-operator',
  ]);
  expect((objs[0] as any).metadata.labels).toEqual({
    'app.kubernetes.io/part-of': 'dynamo-iac',
    'pod-security.kubernetes.io/enforce': 'restricted',
    'pod-security.kubernetes.io/enforce-version': 'latest',
  });
  const role = objs.find((o) => o.kind === 'Role') as any;
  expect(role.rules).toEqual([
    { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update', 'delete'] },
  ]);
  const operator = objs.find((o) => o.kind === 'ClusterRole') as any;
  expect(operator.rules).toContainEqual({ apiGroups: [''], resources: ['nodes'], verbs: ['get'] });
  const noNodes = renderPlatform({ ...base, crds: false, readNodes: false }).find(
    (o) => o.kind === 'ClusterRole',
  ) as any;
  expect(noNodes.rules).not.toContainEqual({ apiGroups: [''], resources: ['nodes'], verbs: ['get'] });
});

test('the Namespace can be left out (namespaces managed elsewhere)', () => {
  expect(kinds(renderPlatform({ ...base, createNamespace: false }))).not.toContain('Namespace');
});

test('the pull policy: IfNotPresent for a fixed tag or digest, Always for latest or no tag, or as given', () => {
  const policy = (o: object) =>
    (renderPlatform({ ...base, crds: false, ...o }).find((x) => x.kind === 'Deployment') as any).spec.template.spec
      .containers[0].imagePullPolicy;
  expect(policy({})).toBe('IfNotPresent');
  expect(policy({ image: 'dynamo-iac/operator:0.1.0' })).toBe('IfNotPresent');
  expect(policy({ image: 'localhost:5000/op@sha256:abc' })).toBe('IfNotPresent');
  expect(policy({ image: 'localhost:5000/op' })).toBe('Always');
  expect(policy({ image: 'registry.example/op:latest' })).toBe('Always');
  expect(policy({ image: 'registry.example/op:latest', imagePullPolicy: 'Never' })).toBe('Never');
});

test('no rule uses a wildcard, in either scope', () => {
  for (const scope of ['cluster', 'namespace'] as const) {
    const rules = rulesOf(renderPlatform({ ...base, scope }));
    expect(rules.length).toBeGreaterThan(0);
    for (const r of rules) for (const v of [...r.apiGroups, ...r.resources, ...r.verbs]) expect(v).not.toContain('*');
  }
});

test('CRDs unless turned off (cluster scope) or asked for (namespace scope); a ServiceMonitor and a dashboard only with monitoring', () => {
  expect(kinds(renderPlatform(base)).filter((k) => k === 'CustomResourceDefinition').length).toBeGreaterThan(0);
  expect(kinds(renderPlatform({ ...base, crds: false }))).not.toContain('CustomResourceDefinition');
  expect(kinds(renderPlatform({ ...base, scope: 'namespace' }))).not.toContain('CustomResourceDefinition');
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

test('worker rollouts: the operator may scale, adopt and delete worker generations (Deployments and Services), in either scope', () => {
  for (const scope of ['cluster', 'namespace'] as const) {
    const rules = rulesOf(renderPlatform({ ...base, scope }));
    expect(rules).toContainEqual({
      apiGroups: ['apps'],
      resources: ['deployments'],
      verbs: ['get', 'list', 'watch', 'patch', 'delete'],
    });
    expect(rules).toContainEqual({
      apiGroups: [''],
      resources: ['services'],
      verbs: ['get', 'list', 'watch', 'patch', 'delete'],
    });
  }
});

test('activatorPort: the operator arg, a named container port and a Service of its own; unset: none of them', () => {
  const plain = renderPlatform(base);
  const objs = renderPlatform({ ...base, activatorPort: 8090 });
  const container = (o: typeof objs) =>
    (o.find((x) => x.kind === 'Deployment') as any).spec.template.spec.containers[0];
  expect(container(objs).args.slice(-2)).toEqual(['--activator-port', '8090']);
  expect(container(objs).ports).toEqual([
    { name: 'http', containerPort: 8080, protocol: 'TCP' },
    { name: 'activator', containerPort: 8090, protocol: 'TCP' },
  ]);
  const service = objs.find((o) => o.metadata.name === 'dynamo-iac-operator-activator') as any;
  expect(service.kind).toBe('Service');
  expect(service.metadata.namespace).toBe('dynamo-system');
  expect(service.spec.selector).toEqual((objs.find((o) => o.kind === 'Deployment') as any).spec.selector.matchLabels);
  expect(service.spec.ports).toEqual([{ name: 'activator', port: 8090, targetPort: 'activator', protocol: 'TCP' }]);
  // Nothing else changes: the metrics Service keeps its one port.
  const others = objs.filter((o) => o !== service && o.kind !== 'Deployment');
  expect(JSON.stringify(others)).toBe(JSON.stringify(plain.filter((o) => o.kind !== 'Deployment')));
  expect(container(plain).args).not.toContain('--activator-port');
  expect(container(plain).ports).toEqual([{ name: 'http', containerPort: 8080, protocol: 'TCP' }]);
  expect(plain.some((o) => o.metadata.name === 'dynamo-iac-operator-activator')).toBe(false);
  expect(JSON.stringify(renderPlatform({ ...base, activatorPort: undefined }))).toBe(JSON.stringify(plain));
});
