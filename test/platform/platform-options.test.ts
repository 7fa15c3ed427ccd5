import { ValidationError } from '../../src/api/problems';
import { renderPlatform } from '../../src/platform/platform';
import { platformOptionProblems } from '../../src/platform/platform-options';

const base = { namespace: 'dynamo-system', version: '1.2.3' };
const paths = (opts: object) => platformOptionProblems({ ...base, ...opts } as any).map((p) => p.path);

test('valid options, every one of them, have no problems', () => {
  expect(
    platformOptionProblems({
      ...base,
      scope: 'namespace',
      image: 'registry.example/op:1',
      imagePullPolicy: 'Never',
      imagePullSecrets: ['mirror-creds', 'registry.example.com'],
      crds: false,
      dynamoVersion: '1.6',
      createNamespace: true,
      readNodes: true,
      monitoring: true,
      replicas: 2,
      activatorPort: 8090,
      nats: { image: 'nats:2', storage: '20Gi', storageClassName: 'fast-ssd' },
      etcd: { image: 'etcd:3', replicas: 3, storage: '1Gi', storageClassName: 'fast-ssd' },
      checkpointStorage: { pvcName: 'snapshots', basePath: '/checkpoints' },
      checkpointAgent: {
        image: 'agent:1',
        namespace: 'agents',
        runtimeSocket: '/run/k3s/containerd/containerd.sock',
        seccompInstallerImage: 'busybox:1.36',
      },
    }),
  ).toEqual([]);
  expect(paths({ nats: true, etcd: false })).toEqual([]);
});

test('names the API server would refuse are refused, each at its path', () => {
  expect(
    paths({
      namespace: 'Dynamo_System',
      imagePullSecrets: ['fine', 'Not Fine'],
      nats: { storageClassName: 'SSD!' },
      checkpointStorage: { pvcName: 'PVC' },
      checkpointAgent: { image: 'agent:1', namespace: 'x'.repeat(64) },
    }),
  ).toEqual([
    'namespace',
    'imagePullSecrets[1]',
    'nats.storageClassName',
    'checkpointStorage.pvcName',
    'checkpointAgent.namespace',
  ]);
});

test('numbers, quantities, paths and types', () => {
  expect(platformOptionProblems({ ...base, replicas: 1.5 } as any)).toEqual([
    { path: 'replicas', message: 'must be an integer, got 1.5', severity: 'error' },
  ]);
  expect(paths({ replicas: -1, etcd: { replicas: 0, storage: 'lots' } })).toEqual([
    'replicas',
    'etcd.storage',
    'etcd.replicas',
  ]);
  expect(paths({ checkpointStorage: { basePath: 'relative' } })).toEqual(['checkpointStorage.basePath']);
  expect(paths({ checkpointAgent: { image: 'a', runtimeSocket: 'containerd.sock' } })).toEqual([
    'checkpointAgent.runtimeSocket',
  ]);
  expect(paths({ scope: 'cluster-wide', crds: 'no', image: '', imagePullSecrets: 'creds', nats: 'yes' })).toEqual([
    'scope',
    'image',
    'imagePullSecrets',
    'crds',
    'nats',
  ]);
  expect(paths({ createNamespace: 'yes', readNodes: 1 })).toEqual(['createNamespace', 'readNodes']);
  expect(platformOptionProblems({ ...base, imagePullPolicy: 'Sometimes' } as any)).toEqual([
    {
      path: 'imagePullPolicy',
      message: 'must be one of "Always", "IfNotPresent", "Never", got "Sometimes"',
      severity: 'error',
    },
  ]);
  expect(platformOptionProblems(undefined as any)[0].message).toMatch(/must be an object/);
  expect(paths({ namespace: undefined })).toEqual(['namespace']);
  expect(paths({ checkpointAgent: {} })).toEqual(['checkpointAgent.image']);
});

test('a misspelt option is refused, not dropped', () => {
  expect(platformOptionProblems({ ...base, imagePullSecret: ['x'], etcd: { replica: 3 } } as any)).toEqual([
    {
      path: 'imagePullSecret',
      message: 'unknown field "imagePullSecret"; did you mean "imagePullSecrets"?',
      severity: 'error',
    },
    { path: 'etcd.replica', message: 'unknown field "replica"; did you mean "replicas"?', severity: 'error' },
  ]);
});

test("the checkpoint agent's default namespace must fit too: the problem says which option to set", () => {
  const ns = 'n'.repeat(60);
  expect(platformOptionProblems({ ...base, namespace: ns, checkpointAgent: { image: 'a' } })).toEqual([
    {
      path: 'checkpointAgent.namespace',
      message: `the default "${ns}-checkpoint-agent" is not a valid namespace (must be no more than 63 characters): set one`,
      severity: 'error',
    },
  ]);
});

test('renderPlatform throws a ValidationError with every problem instead of rendering bad objects', () => {
  let error: unknown;
  try {
    renderPlatform({ ...base, namespace: 'Bad', imagePullSecrets: ['Also Bad'] });
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).problems.map((p) => p.path)).toEqual(['namespace', 'imagePullSecrets[0]']);
});

test("activatorPort: a port number, not the operator's HTTP port", () => {
  const problems = (activatorPort: unknown) =>
    platformOptionProblems({ ...base, activatorPort } as any).map((p) => `${p.path}: ${p.message}`);
  expect(problems(1)).toEqual([]);
  expect(problems(65535)).toEqual([]);
  expect(problems(0)).toEqual(['activatorPort: must be greater than or equal to 1']);
  expect(problems(65536)).toEqual(['activatorPort: must be less than or equal to 65535']);
  expect(problems(80.5)).toEqual(['activatorPort: must be an integer, got 80.5']);
  expect(problems('8090')).toEqual(['activatorPort: must be an integer, got "8090"']);
  expect(problems(8080)).toEqual([
    "activatorPort: must differ from the operator's HTTP port 8080 (metrics and probes)",
  ]);
});

test('dynamoVersion: one of the releases; 1.7 takes no checkpoint agent, installs no DynamoCheckpoint CRD and adds the search records', () => {
  expect(platformOptionProblems({ ...base, dynamoVersion: '1.5' } as any)).toEqual([
    { path: 'dynamoVersion', message: 'must be one of: 1.6, 1.7', severity: 'error' },
  ]);
  expect(paths({ dynamoVersion: '1.7', checkpointAgent: { image: 'agent:1' } })).toEqual(['checkpointAgent']);
  const crdNames = (dynamoVersion?: '1.6' | '1.7') =>
    renderPlatform({ ...base, dynamoVersion })
      .filter((o) => o.kind === 'CustomResourceDefinition')
      .map((o) => o.metadata.name);
  expect(crdNames('1.6')).toContain('dynamocheckpoints.nvidia.com');
  const search = ['dynamographdeploymentcandidates.nvidia.com', 'dynamographdeploymentruns.nvidia.com'];
  expect(crdNames('1.6')).not.toEqual(expect.arrayContaining(search));
  // 1.7 is the default.
  expect(crdNames()).toEqual(crdNames('1.7'));
  expect(crdNames('1.7')).toEqual(
    [...crdNames('1.6').filter((n) => n !== 'dynamocheckpoints.nvidia.com'), ...search].sort(),
  );
});
