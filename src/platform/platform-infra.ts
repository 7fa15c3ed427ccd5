/**
 * The NATS and etcd that Dynamo's runtime can use, as upstream's platform chart installs them
 * next to the operator (NATS with JetStream on a file store, single-node etcd without auth).
 * Our own rendering, not the charts' templates: a StatefulSet with a PVC, a headless Service
 * for the pods' stable names and a client Service each, pods that pass Pod Security
 * `restricted`. Names follow the chart installed as release `dynamo-platform`, so upstream's
 * default addresses (`nats://dynamo-platform-nats.<ns>.svc.cluster.local:4222`,
 * `dynamo-platform-etcd.<ns>.svc.cluster.local:2379`) keep working.
 */
import { JsonObject, KubeObject } from '../api/k8s-types';
import { platformLabels } from '../render/labels';

export interface NatsOptions {
  /** The NATS server image. @default 'nats:2.10.21-alpine' (upstream chart's image) */
  readonly image?: string;
  /** JetStream file store size. @default '10Gi' */
  readonly storage?: string;
  /** StorageClass of the JetStream volume claim. @default - the cluster's default StorageClass */
  readonly storageClassName?: string;
}

export interface EtcdOptions {
  /** The etcd image. @default 'quay.io/coreos/etcd:v3.5.18' (the etcd release upstream's chart pins, from the etcd project) */
  readonly image?: string;
  /** Members; 1 as upstream's chart, or an odd number for a quorum. @default 1 */
  readonly replicas?: number;
  /** Size of each member's data volume claim. @default '1Gi' */
  readonly storage?: string;
  /** StorageClass of the members' volume claims. @default - the cluster's default StorageClass */
  readonly storageClassName?: string;
}

export const NATS_NAME = 'dynamo-platform-nats';
export const ETCD_NAME = 'dynamo-platform-etcd';
export const DEFAULT_NATS_IMAGE = 'nats:2.10.21-alpine';
export const DEFAULT_ETCD_IMAGE = 'quay.io/coreos/etcd:v3.5.18';
const NATS_CLIENT_PORT = 4222;
const NATS_MONITOR_PORT = 8222;
/** Upstream's `max_payload`: 15 MiB, for large KV-cache events. */
const NATS_MAX_PAYLOAD = 15 * 1024 * 1024;
const ETCD_CLIENT_PORT = 2379;
const ETCD_PEER_PORT = 2380;
const NON_ROOT = 65532;

/** What to put into the graph settings (`natsAddress`, `etcdAddress`) for these servers. */
export function infraAddresses(
  namespace: string,
  clusterDomain = 'cluster.local',
): { natsAddress: string; etcdAddress: string } {
  return {
    natsAddress: `nats://${NATS_NAME}.${namespace}.svc.${clusterDomain}:${NATS_CLIENT_PORT}`,
    etcdAddress: `${ETCD_NAME}.${namespace}.svc.${clusterDomain}:${ETCD_CLIENT_PORT}`,
  };
}

const labelsOf = (name: string) => platformLabels(name, name === NATS_NAME ? 'nats' : 'etcd');
const selectorOf = (name: string) => ({ 'app.kubernetes.io/name': name });

/** Pod Security `restricted`: non-root, no privilege escalation, no capabilities, RuntimeDefault seccomp. */
const POD_SECURITY = {
  runAsNonRoot: true,
  runAsUser: NON_ROOT,
  runAsGroup: NON_ROOT,
  fsGroup: NON_ROOT,
  seccompProfile: { type: 'RuntimeDefault' },
};
const CONTAINER_SECURITY = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

type Port = { name: string; port: number };

function services(ns: string, name: string, ports: Port[], clientPorts: string[]): KubeObject[] {
  const svcPorts = (list: Port[]) =>
    list.map((p) => ({ name: p.name, port: p.port, targetPort: p.name, protocol: 'TCP' }));
  return [
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name, namespace: ns, labels: labelsOf(name) },
      spec: {
        type: 'ClusterIP',
        selector: selectorOf(name),
        ports: svcPorts(ports.filter((p) => clientPorts.includes(p.name))),
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: `${name}-headless`, namespace: ns, labels: labelsOf(name) },
      // Peers must resolve each other before they are ready.
      spec: { clusterIP: 'None', publishNotReadyAddresses: true, selector: selectorOf(name), ports: svcPorts(ports) },
    },
  ];
}

function statefulSet(
  ns: string,
  name: string,
  replicas: number,
  pod: JsonObject,
  storage: string,
  storageClassName: string | undefined,
  mountPath: string,
): KubeObject {
  const container = {
    ...(pod.container as JsonObject),
    volumeMounts: [...((pod.mounts as JsonObject[]) ?? []), { name: 'data', mountPath }],
    securityContext: CONTAINER_SECURITY,
  };
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name, namespace: ns, labels: labelsOf(name) },
    spec: {
      replicas,
      serviceName: `${name}-headless`,
      podManagementPolicy: 'Parallel',
      selector: { matchLabels: selectorOf(name) },
      template: {
        metadata: { labels: labelsOf(name), ...(pod.annotations ? { annotations: pod.annotations } : {}) },
        spec: {
          securityContext: POD_SECURITY,
          ...(pod.volumes ? { volumes: pod.volumes } : {}),
          containers: [container],
        },
      },
      volumeClaimTemplates: [
        {
          apiVersion: 'v1',
          kind: 'PersistentVolumeClaim',
          metadata: { name: 'data' },
          spec: {
            accessModes: ['ReadWriteOnce'],
            ...(storageClassName ? { storageClassName } : {}),
            resources: { requests: { storage } },
          },
        },
      ],
    },
  };
}

export function renderNats(ns: string, opts: NatsOptions = {}): KubeObject[] {
  const ports: Port[] = [
    { name: 'client', port: NATS_CLIENT_PORT },
    { name: 'monitor', port: NATS_MONITOR_PORT },
  ];
  const config = [
    `port: ${NATS_CLIENT_PORT}`,
    `http_port: ${NATS_MONITOR_PORT}`,
    `max_payload: ${NATS_MAX_PAYLOAD}`,
    'jetstream {',
    '  store_dir: /data/jetstream',
    '}',
    '',
  ].join('\n');
  const configMap: KubeObject = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: `${NATS_NAME}-config`, namespace: ns, labels: labelsOf(NATS_NAME) },
    data: { 'nats.conf': config },
  };
  const probe = (path: string) => ({ httpGet: { path, port: 'monitor' }, periodSeconds: 10 });
  const pod = {
    // As upstream's chart: keep a mesh sidecar out of the message bus.
    annotations: { 'sidecar.istio.io/inject': 'false' },
    volumes: [{ name: 'config', configMap: { name: `${NATS_NAME}-config` } }],
    mounts: [{ name: 'config', mountPath: '/etc/nats', readOnly: true }],
    container: {
      name: 'nats',
      image: opts.image ?? DEFAULT_NATS_IMAGE,
      command: ['nats-server', '--config', '/etc/nats/nats.conf'],
      ports: ports.map((p) => ({ name: p.name, containerPort: p.port, protocol: 'TCP' })),
      livenessProbe: { ...probe('/healthz?js-enabled-only=true'), initialDelaySeconds: 10 },
      readinessProbe: probe('/healthz?js-server-only=true'),
      resources: { requests: { cpu: '100m', memory: '128Mi' } },
    },
  };
  return [
    configMap,
    ...services(ns, NATS_NAME, ports, ['client']),
    statefulSet(ns, NATS_NAME, 1, pod, opts.storage ?? '10Gi', opts.storageClassName, '/data'),
  ];
}

export function renderEtcd(ns: string, opts: EtcdOptions = {}): KubeObject[] {
  const replicas = opts.replicas ?? 1;
  const ports: Port[] = [
    { name: 'client', port: ETCD_CLIENT_PORT },
    { name: 'peer', port: ETCD_PEER_PORT },
  ];
  const peer = (i: number) => `${ETCD_NAME}-${i}.${ETCD_NAME}-headless.${ns}.svc`;
  const initialCluster = Array.from(
    { length: replicas },
    (_, i) => `${ETCD_NAME}-${i}=http://${peer(i)}:${ETCD_PEER_PORT}`,
  ).join(',');
  const self = `$(POD_NAME).${ETCD_NAME}-headless.${ns}.svc`;
  const pod = {
    container: {
      name: 'etcd',
      image: opts.image ?? DEFAULT_ETCD_IMAGE,
      command: [
        'etcd',
        '--name=$(POD_NAME)',
        '--data-dir=/var/lib/etcd/data',
        `--listen-client-urls=http://0.0.0.0:${ETCD_CLIENT_PORT}`,
        `--advertise-client-urls=http://${self}:${ETCD_CLIENT_PORT}`,
        `--listen-peer-urls=http://0.0.0.0:${ETCD_PEER_PORT}`,
        `--initial-advertise-peer-urls=http://${self}:${ETCD_PEER_PORT}`,
        `--initial-cluster=${initialCluster}`,
        `--initial-cluster-token=${ETCD_NAME}`,
        '--initial-cluster-state=new',
      ],
      env: [{ name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } }],
      ports: ports.map((p) => ({ name: p.name, containerPort: p.port, protocol: 'TCP' })),
      livenessProbe: { tcpSocket: { port: 'client' }, initialDelaySeconds: 10, periodSeconds: 10 },
      readinessProbe: { httpGet: { path: '/health', port: 'client' }, periodSeconds: 10 },
      resources: { requests: { cpu: '100m', memory: '128Mi' } },
    },
  };
  return [
    ...services(ns, ETCD_NAME, ports, ['client']),
    statefulSet(ns, ETCD_NAME, replicas, pod, opts.storage ?? '1Gi', opts.storageClassName, '/var/lib/etcd'),
  ];
}
