import { renderPlatform } from '../../src/platform/platform';

const base = { namespace: 'dynamo-system', version: '1.0.0', crds: false };
const find = (objs: any[], kind: string) => objs.filter((o) => o.kind === kind);

test('no agent unless an image is given', () => {
  expect(find(renderPlatform(base), 'DaemonSet')).toEqual([]);
});

test('the agent runs privileged in its own privileged namespace; the operator stays restricted', () => {
  const objs: any[] = renderPlatform({
    ...base,
    checkpointAgent: { image: 'nvcr.io/nvidia/ai-dynamo/snapshot-agent:1.3.0' },
  });
  const ns = find(objs, 'Namespace').find((n) => n.metadata.name === 'dynamo-system-checkpoint-agent');
  expect(ns.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('privileged');
  const [ds] = find(objs, 'DaemonSet');
  expect(ds.metadata.namespace).toBe('dynamo-system-checkpoint-agent');
  expect(ds.spec.template.metadata.labels['app.kubernetes.io/component']).toBe('snapshot-agent');
  const agent = ds.spec.template.spec.containers[0];
  expect(agent).toMatchObject({
    name: 'agent',
    image: 'nvcr.io/nvidia/ai-dynamo/snapshot-agent:1.3.0',
    securityContext: { privileged: true },
  });
  expect(agent.volumeMounts).toContainEqual({ name: 'checkpoints', mountPath: '/checkpoints' });
  expect(ds.spec.template.spec.volumes).toContainEqual({
    name: 'checkpoints',
    persistentVolumeClaim: { claimName: 'snapshot-pvc' },
  });
  const operator = find(objs, 'Deployment')[0];
  expect(operator.metadata.namespace).toBe('dynamo-system');
  expect(operator.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
  expect(find(objs, 'ClusterRole').map((r) => r.metadata.name)).toContain('dynamo-checkpoint-agent');
});

test('namespace scope: the agent gets a Role in the managed namespace only, and storage flags reach the operator', () => {
  const objs: any[] = renderPlatform({
    ...base,
    scope: 'namespace',
    checkpointStorage: { pvcName: 'ckpt', basePath: '/data' },
    checkpointAgent: { image: 'agent:1', namespace: 'agents' },
  });
  // The agent adds no cluster-scoped RBAC; its own privileged Namespace is the one cluster-scoped
  // object it brings (an opt-in that needs cluster permissions, docs/operator.md).
  expect(find(objs, 'ClusterRole')).toEqual([]);
  expect(find(objs, 'ClusterRoleBinding')).toEqual([]);
  expect(objs.filter((o) => o.metadata.namespace === undefined).map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
    'Namespace/agents',
  ]);
  const role = find(objs, 'Role').find((r) => r.metadata.name === 'dynamo-checkpoint-agent');
  expect(role.metadata.namespace).toBe('dynamo-system');
  const binding = find(objs, 'RoleBinding').find((r) => r.metadata.name === 'dynamo-checkpoint-agent');
  expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'dynamo-checkpoint-agent', namespace: 'agents' }]);
  const [ds] = find(objs, 'DaemonSet');
  expect(ds.spec.template.spec.containers[0].env).toContainEqual({
    name: 'RESTRICTED_NAMESPACE',
    value: 'dynamo-system',
  });
  expect(ds.spec.template.spec.volumes).toContainEqual({
    name: 'checkpoints',
    persistentVolumeClaim: { claimName: 'ckpt' },
  });
  expect(find(objs, 'Deployment')[0].spec.template.spec.containers[0].args).toEqual(
    expect.arrayContaining(['--checkpoint-pvc-name', 'ckpt', '--checkpoint-base-path', '/data']),
  );
});

test('the operator may manage checkpoints and create Jobs, without wildcards or deletes', () => {
  const rules = (renderPlatform(base) as any[]).flatMap((o) => o.rules ?? []);
  expect(rules).toContainEqual({
    apiGroups: ['batch'],
    resources: ['jobs'],
    verbs: ['get', 'list', 'watch', 'create'],
  });
  expect(rules).toContainEqual({
    apiGroups: ['nvidia.com'],
    resources: ['dynamocheckpoints/status'],
    verbs: ['get', 'patch'],
  });
});
