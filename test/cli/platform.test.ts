import { parseAllDocuments } from 'yaml';
import { run } from './run';

const docs = (text: string) => parseAllDocuments(text).map((d) => d.toJSON());

test('platform --nats --etcd adds the StatefulSets; images and the StorageClass come from flags', () => {
  const r = run(['platform', '--no-crds', '--namespace', 'ops', '--nats', '--nats-image', 'registry.example/nats:1', '--etcd', '--storage-class', 'fast']);
  expect(r.code).toBe(0);
  const sets = docs(r.stdout).filter((o) => o.kind === 'StatefulSet');
  expect(sets.map((s) => [s.metadata.name, s.spec.template.spec.containers[0].image, s.spec.volumeClaimTemplates[0].spec.storageClassName])).toEqual([
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
