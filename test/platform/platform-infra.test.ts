import { renderPlatform } from '../../src/platform/platform';
import { infraAddresses } from '../../src/platform/platform-infra';

const base = { namespace: 'dynamo-system', version: '1.2.3', crds: false };
const find = (objs: any[], kind: string, name: string) => objs.find((o) => o.kind === kind && o.metadata.name === name);

test('off by default: no StatefulSets, no NATS or etcd Services', () => {
  const objs = renderPlatform(base);
  expect(objs.map((o) => o.kind)).not.toContain('StatefulSet');
  expect(objs.some((o) => /nats|etcd/.test(o.metadata.name))).toBe(false);
});

test('NATS and etcd: StatefulSets with a PVC, client and headless Services, at the addresses upstream defaults to', () => {
  const objs = renderPlatform({ ...base, nats: true, etcd: true }) as any[];
  const nats = find(objs, 'StatefulSet', 'dynamo-platform-nats');
  const etcd = find(objs, 'StatefulSet', 'dynamo-platform-etcd');
  expect(nats.spec.serviceName).toBe('dynamo-platform-nats-headless');
  expect(nats.spec.template.spec.containers[0].image).toBe('nats:2.10.21-alpine');
  expect(nats.spec.volumeClaimTemplates[0].spec.resources.requests.storage).toBe('10Gi');
  expect(etcd.spec.template.spec.containers[0].image).toBe('quay.io/coreos/etcd:v3.5.18');
  expect(etcd.spec.volumeClaimTemplates[0].spec.resources.requests.storage).toBe('1Gi');
  expect(find(objs, 'Service', 'dynamo-platform-nats').spec.ports).toEqual([
    { name: 'client', port: 4222, targetPort: 'client', protocol: 'TCP' },
  ]);
  expect(find(objs, 'Service', 'dynamo-platform-etcd').spec.ports).toEqual([
    { name: 'client', port: 2379, targetPort: 'client', protocol: 'TCP' },
  ]);
  expect(find(objs, 'Service', 'dynamo-platform-etcd-headless').spec).toMatchObject({
    clusterIP: 'None',
    publishNotReadyAddresses: true,
  });
  // JetStream on, upstream's 15 MiB max payload.
  const conf = find(objs, 'ConfigMap', 'dynamo-platform-nats-config').data['nats.conf'];
  expect(conf).toContain('max_payload: 15728640');
  expect(conf).toMatch(/jetstream \{\n {2}store_dir: \/data\/jetstream\n\}/);
  expect(infraAddresses('dynamo-system')).toEqual({
    natsAddress: 'nats://dynamo-platform-nats.dynamo-system.svc.cluster.local:4222',
    etcdAddress: 'dynamo-platform-etcd.dynamo-system.svc.cluster.local:2379',
  });
});

test('pod specs are Pod Security restricted: non-root, RuntimeDefault seccomp, no escalation, no capabilities', () => {
  const objs = renderPlatform({ ...base, nats: true, etcd: true }) as any[];
  for (const name of ['dynamo-platform-nats', 'dynamo-platform-etcd']) {
    const pod = find(objs, 'StatefulSet', name).spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    for (const c of pod.containers)
      expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
  }
});

test('images, sizes, StorageClass and etcd members are configurable; every member is in the initial cluster', () => {
  const objs = renderPlatform({
    ...base,
    nats: { image: 'registry.example/nats:2.11', storage: '20Gi', storageClassName: 'fast' },
    etcd: { image: 'registry.example/etcd:3.6', replicas: 3, storageClassName: 'fast' },
  }) as any[];
  const nats = find(objs, 'StatefulSet', 'dynamo-platform-nats');
  expect(nats.spec.template.spec.containers[0].image).toBe('registry.example/nats:2.11');
  expect(nats.spec.volumeClaimTemplates[0].spec).toMatchObject({
    storageClassName: 'fast',
    resources: { requests: { storage: '20Gi' } },
  });
  const etcd = find(objs, 'StatefulSet', 'dynamo-platform-etcd');
  expect(etcd.spec.replicas).toBe(3);
  expect(etcd.spec.template.spec.containers[0].command).toContain(
    '--initial-cluster=' +
      [0, 1, 2]
        .map(
          (i) =>
            `dynamo-platform-etcd-${i}=http://dynamo-platform-etcd-${i}.dynamo-platform-etcd-headless.dynamo-system.svc:2380`,
        )
        .join(','),
  );
});

test('snapshot: the NATS and etcd objects (the operator part changes with other controllers)', () => {
  expect(
    renderPlatform({ ...base, nats: true, etcd: true }).filter((o) => o.metadata.name.startsWith('dynamo-platform-')),
  ).toMatchSnapshot();
});
