import { parseAllDocuments } from 'yaml';
import { run } from './run';

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
  expect(bad.stderr).toContain("option '--image-pull-secret <name>' argument 'Not_A_Name' is invalid. a Secret name:");
  expect(bad.stdout).toBe('');
});
