import { parseAllDocuments } from 'yaml';
import { lines, run } from './run';

const docs = (text: string) => parseAllDocuments(text).map((d) => d.toJSON());

test('platform --nats --etcd adds the StatefulSets; images and the StorageClass come from flags', () => {
  const r = run([
    'platform',
    '--no-crds',
    '--namespace',
    'ops',
    '--nats',
    '--nats-image',
    'registry.example/nats:1',
    '--etcd',
    '--storage-class',
    'fast',
  ]);
  expect(r.code).toBe(0);
  const sets = docs(r.stdout).filter((o) => o.kind === 'StatefulSet');
  expect(
    sets.map((s) => [
      s.metadata.name,
      s.spec.template.spec.containers[0].image,
      s.spec.volumeClaimTemplates[0].spec.storageClassName,
    ]),
  ).toEqual([
    ['dynamo-platform-etcd', 'quay.io/coreos/etcd:v3.5.18', 'fast'],
    ['dynamo-platform-nats', 'registry.example/nats:1', 'fast'],
  ]);
  expect(docs(run(['platform', '--no-crds']).stdout).map((o) => o.kind)).not.toContain('StatefulSet');
});

test('an image flag without its component is a usage error', () => {
  const r = run(['platform', '--etcd-image', 'x']);
  expect(r.code).toBe(2);
  expect(r.stderr).toBe('dynamo-iac platform: --nats-image needs --nats, and --etcd-image needs --etcd\n');
  expect(r.stdout).toBe('');
});

test('--image-pull-secret (repeatable) gives the operator pod its pull secrets; a bad name is a usage error', () => {
  const pod = (args: string[]) =>
    docs(run(['platform', '--no-crds', ...args]).stdout).find((o) => o.kind === 'Deployment').spec.template.spec;
  expect(pod([]).imagePullSecrets).toBeUndefined();
  expect(pod(['--image-pull-secret', 'mirror-creds', '--image-pull-secret', 'backup-creds']).imagePullSecrets).toEqual([
    { name: 'mirror-creds' },
    { name: 'backup-creds' },
  ]);
  const bad = run(['platform', '--image-pull-secret', 'Not_A_Name']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/^dynamo-iac platform: --image-pull-secret "Not_A_Name": a lowercase RFC 1123 subdomain/);
  expect(bad.stdout).toBe('');
});

test('a bad name in any flag is a usage error naming the flag and its value, nothing printed', () => {
  const bad = run(['platform', '--namespace', 'Ops_Team', '--nats', '--etcd', '--storage-class', 'Fast SSD']);
  expect(bad.code).toBe(2);
  expect(bad.stdout).toBe('');
  const lines = bad.stderr.trim().split('\n');
  expect(lines.map((l) => l.split(':').slice(0, 2).join(':'))).toEqual([
    'dynamo-iac platform: --namespace "Ops_Team"',
    // Once, although it is the storage class of both NATS and etcd.
    'dynamo-iac platform: --storage-class "Fast SSD"',
  ]);
});

test('a namespace too long for the default checkpoint agent namespace says which flag to set', () => {
  const ns = 'a'.repeat(60);
  const bad = run(['platform', '--namespace', ns, '--checkpoint-agent-image', 'agent:1']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain(
    `dynamo-iac platform: --checkpoint-agent-namespace: the default "${ns}-checkpoint-agent" is not`,
  );
  const good = run([
    'platform',
    '--namespace',
    ns,
    '--checkpoint-agent-image',
    'agent:1',
    '--checkpoint-agent-namespace',
    'agent',
  ]);
  expect(good.code).toBe(0);
});

const ids = (text: string) => docs(text).map((o) => `${o.kind}/${o.metadata.name}`);
const clusterScoped = (text: string) =>
  docs(text)
    .filter((o) => o.metadata.namespace === undefined)
    .map((o) => `${o.kind}/${o.metadata.name}`);

test('the Namespace comes first, so the help example works on a fresh cluster; --no-create-namespace leaves it out', () => {
  const r = run(['platform', '--namespace', 'ops']);
  expect(r.code).toBe(0);
  expect(ids(r.stdout)[0]).toBe('Namespace/ops');
  expect(ids(run(['platform', '--namespace', 'ops', '--no-create-namespace']).stdout)).not.toContain('Namespace/ops');
  expect(run(['platform', '--help']).stdout).toContain('dynamo-iac platform --namespace dynamo-system | kubectl apply');
});

test('--scope namespace prints nothing cluster-scoped unless asked (--crds, --create-namespace, --read-nodes)', () => {
  expect(clusterScoped(run(['platform', '--scope', 'namespace', '--namespace', 'team-a']).stdout)).toEqual([]);
  const all = clusterScoped(
    run(['platform', '--scope', 'namespace', '--namespace', 'team-a', '--crds', '--create-namespace', '--read-nodes'])
      .stdout,
  );
  expect(all).toEqual(
    expect.arrayContaining([
      'Namespace/team-a',
      'CustomResourceDefinition/dynamoworkermetadatas.nvidia.com',
      'ClusterRole/dynamo-iac-operator-team-a-nodes',
      'ClusterRoleBinding/dynamo-iac-operator-team-a-nodes',
    ]),
  );
});

test('--image and --image-pull-policy: a locally built image is not pulled; a bad policy names the flag', () => {
  const container = (args: string[]) =>
    docs(run(['platform', '--no-crds', ...args]).stdout).find((o) => o.kind === 'Deployment').spec.template.spec
      .containers[0];
  expect(container(['--image', 'dynamo-iac/operator:0.1.0'])).toMatchObject({
    image: 'dynamo-iac/operator:0.1.0',
    imagePullPolicy: 'IfNotPresent',
  });
  expect(container(['--image', 'dynamo-iac/operator:0.1.0', '--image-pull-policy', 'Never']).imagePullPolicy).toBe(
    'Never',
  );
  const bad = run(['platform', '--image-pull-policy', 'Sometimes']);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toBe(
    'dynamo-iac platform: --image-pull-policy "Sometimes": must be one of "Always", "IfNotPresent", "Never", got "Sometimes"\n',
  );
  expect(run(['platform', '--help']).stdout).toContain('docker build');
});

describe('what a first install would trip over, one line each', () => {
  test('the default image is not published yet: a warning; none with --image', () => {
    expect(lines(run(['platform']).stderr)).toEqual([
      'warning: the operator image ghcr.io/dynamo-iac/dynamo-iac-operator:0.0.0 is not published yet: build it (npm run operator-image, or docker build; README "The operator image"), push it, and set --image',
    ]);
    expect(run(['platform', '--image', 'registry.example.com/op:1']).stderr).toBe('');
  });

  test('a Namespace left out (--no-create-namespace, or namespace scope) is named', () => {
    const note = (ns: string) =>
      `note: namespace ${ns} is not in the output: create it before applying (kubectl create namespace ${ns}), or add --create-namespace`;
    const image = ['--image', 'registry.example.com/op:1'];
    expect(lines(run(['platform', ...image, '--no-create-namespace']).stderr)).toEqual([note('dynamo-system')]);
    expect(lines(run(['platform', ...image, '--scope', 'namespace', '--namespace', 'team-a']).stderr)).toEqual([
      note('team-a'),
    ]);
  });
});

test('--activator-port turns the activator on; a bad port is a usage error naming the flag, nothing printed', () => {
  const objs = docs(run(['platform', '--no-crds', '--activator-port', '8090']).stdout);
  const container = objs.find((o) => o.kind === 'Deployment').spec.template.spec.containers[0];
  expect(container.args.slice(-2)).toEqual(['--activator-port', '8090']);
  expect(objs.find((o) => o.metadata.name === 'dynamo-iac-operator-activator').spec.ports[0].port).toBe(8090);
  for (const [port, message] of [
    ['70000', 'must be less than or equal to 65535'],
    ['8080', "must differ from the operator's HTTP port 8080 (metrics and probes)"],
    ['http', 'must be an integer, got "http"'],
  ]) {
    const bad = run(['platform', '--activator-port', port]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(
      `dynamo-iac platform: --activator-port ${JSON.stringify(/^\d+$/.test(port) ? Number(port) : port)}: ${message}\n`,
    );
  }
});
