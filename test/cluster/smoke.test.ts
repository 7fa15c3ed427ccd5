/**
 * Smoke tests for the real test cluster (etcd + kube-apiserver from
 * global-setup.ts): version, Pod Security Admission, CRDs and idempotent
 * server-side apply.
 */
import { pinnedVersions } from './harness';
import { FLUX_FIELD_MANAGER, KubeClient, KubeError, ServerObject, podSecurityLabels, uniqueName } from './kube';

let kube: KubeClient;
beforeAll(() => {
  kube = KubeClient.fromTestEnv();
});
afterAll(() => kube.close());

test('the API server reports the pinned Kubernetes version', async () => {
  const v = await kube.version();
  const pinned = pinnedVersions().kubernetes;
  expect(v.gitVersion).toBe(pinned);
  expect(`v${v.major}.${v.minor}`).toBe(pinned.split('.').slice(0, 2).join('.'));
});

describe('Pod Security Admission (enforce: restricted)', () => {
  let ns: string;
  beforeAll(async () => {
    ns = uniqueName('psa');
    const created = await kube.createNamespace(ns, podSecurityLabels('restricted'));
    expect(created.metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
  });

  const pod = (name: string, securityContext?: object, podSecurityContext?: object): ServerObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: ns },
    spec: {
      ...(podSecurityContext ? { securityContext: podSecurityContext } : {}),
      containers: [{ name: 'main', image: 'registry.example/app:1', ...(securityContext ? { securityContext } : {}) }],
    },
  });

  test('rejects a Pod that violates the restricted profile', async () => {
    const err = await kube.create(pod('non-compliant')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(KubeError);
    const ke = err as KubeError;
    expect(ke.status).toBe(403);
    expect(ke.reason).toBe('Forbidden');
    expect(ke.message).toContain('violates PodSecurity "restricted:latest"');
    expect(ke.message).toMatch(/allowPrivilegeEscalation != false/);
    expect(ke.message).toMatch(/runAsNonRoot != true/);
    expect(ke.message).toMatch(/seccompProfile/);
  });

  test('admits a Pod that satisfies the restricted profile', async () => {
    const created = await kube.create(
      pod(
        'compliant',
        { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
        { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } },
      ),
    );
    expect(created.metadata.uid).toBeTruthy();
  });
});

describe('CustomResourceDefinitions and server-side apply', () => {
  const group = 'smoke.dynamo-iac.test';
  const crd: ServerObject = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `widgets.${group}` },
    spec: {
      group,
      scope: 'Namespaced',
      names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: {
            openAPIV3Schema: {
              type: 'object',
              properties: {
                spec: {
                  type: 'object',
                  required: ['replicas'],
                  properties: {
                    replicas: { type: 'integer', minimum: 1 },
                    image: { type: 'string' },
                    args: { type: 'array', items: { type: 'string' } },
                    maxReplicas: { type: 'integer' },
                  },
                  'x-kubernetes-validations': [
                    {
                      rule: '!has(self.maxReplicas) || self.maxReplicas >= self.replicas',
                      message: 'maxReplicas must be >= replicas',
                    },
                  ],
                },
                status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
              },
            },
          },
        },
      ],
    },
  };

  let ns: string;
  beforeAll(async () => {
    ns = uniqueName('crd');
    await kube.createNamespace(ns);
    const established = await kube.installCrd(crd);
    expect((established as any).status.acceptedNames.kind).toBe('Widget');
  });

  const widget = (spec: Record<string, unknown>): ServerObject => ({
    apiVersion: `${group}/v1`,
    kind: 'Widget',
    metadata: { name: 'w1', namespace: ns, labels: { app: 'smoke' } },
    spec,
  });

  test('applying the same custom resource twice is a no-op', async () => {
    const desired = widget({ replicas: 2, image: 'registry.example/app:1', args: ['--a', '--b'], maxReplicas: 4 });
    const first = await kube.apply(desired);
    expect(first.spec).toEqual(desired.spec);
    expect((first.metadata.managedFields as Array<{ manager: string }>).map((m) => m.manager)).toContain(
      FLUX_FIELD_MANAGER,
    );

    const second = await kube.apply(desired);
    expect(second.metadata.resourceVersion).toBe(first.metadata.resourceVersion);
    expect(second.metadata.generation).toBe(first.metadata.generation);

    const read = await kube.get('smoke.dynamo-iac.test/v1', 'Widget', 'w1', ns);
    expect(read?.spec).toEqual(desired.spec);
  });

  test('the server enforces the CRD schema and CEL rules', async () => {
    const bad = { ...widget({ replicas: 3, maxReplicas: 1 }), metadata: { name: 'w-bad', namespace: ns } };
    await expect(kube.apply(bad)).rejects.toMatchObject({ status: 422, reason: 'Invalid' });
    await expect(kube.apply(bad)).rejects.toThrow('maxReplicas must be >= replicas');
    const zero = { ...widget({ replicas: 0 }), metadata: { name: 'w-zero', namespace: ns } };
    await expect(kube.apply(zero)).rejects.toThrow(
      /spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1/,
    );
  });
});
