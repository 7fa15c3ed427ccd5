/**
 * The checkpoint node agent (upstream's snapshot agent) as platform objects: a DaemonSet that
 * runs privileged on every amd64 node, snapshots checkpoint-Job pods with CRIU and
 * cuda-checkpoint and restores restore-target pods (reference §5), plus what it needs: its own
 * namespace with Pod Security `privileged` (the operator's namespace stays `restricted`), a
 * ServiceAccount with least-privilege RBAC, and the io_uring-blocking seccomp profile that
 * checkpoint and restored pods reference, installed on each node by an init container.
 */
import { KubeObject } from '../api/k8s-types';
import type { ResolvedSettings } from '../api/settings';
import { platformLabels } from '../render/labels';

export interface CheckpointAgentOptions {
  /** The agent image (upstream: the snapshot-agent image of the Dynamo release). */
  readonly image: string;
  /**
   * Namespace of the agent, created with Pod Security `privileged`. Its checkpoint PVC
   * (`checkpointStorage.pvcName` in this namespace) must reach the same RWX storage as the PVCs
   * of the graph namespaces.
   * @default '<operator namespace>-checkpoint-agent'
   */
  readonly namespace?: string;
  /** Container runtime socket on the nodes. @default '/run/containerd/containerd.sock' */
  readonly runtimeSocket?: string;
  /** Image of the init container that copies the seccomp profile to the node. @default 'busybox:1.36' */
  readonly seccompInstallerImage?: string;
}

export const CHECKPOINT_AGENT_NAME = 'dynamo-checkpoint-agent';
/** Upstream finds the agent (and the storage it mounts) by this label. */
const AGENT_LABELS = platformLabels(CHECKPOINT_AGENT_NAME, 'snapshot-agent');
const SELECTOR = { 'app.kubernetes.io/name': CHECKPOINT_AGENT_NAME, 'app.kubernetes.io/component': 'snapshot-agent' };

/** Denies the io_uring syscalls CRIU cannot checkpoint; everything else is allowed. */
export const BLOCK_IOURING_PROFILE = {
  defaultAction: 'SCMP_ACT_ALLOW',
  syscalls: [
    { names: ['io_uring_setup', 'io_uring_enter', 'io_uring_register'], action: 'SCMP_ACT_ERRNO', errnoRet: 1 },
  ],
};

type Rule = { apiGroups: string[]; resources: string[]; verbs: string[] };
/** Finds source pods and marks them capture-eligible, reports restore progress, marks the Job's outcome. */
const AGENT_RULES: Rule[] = [
  { apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch', 'patch'] },
  { apiGroups: ['batch'], resources: ['jobs'], verbs: ['get', 'list', 'watch', 'patch'] },
  { apiGroups: [''], resources: ['events'], verbs: ['create'] },
];

export function agentNamespaceOf(operatorNamespace: string, opts: CheckpointAgentOptions): string {
  return opts.namespace ?? `${operatorNamespace}-checkpoint-agent`;
}

/**
 * Cluster scope: a ClusterRole over every namespace. Namespace scope: a Role in the managed
 * namespace only, and the agent is told to watch just that namespace.
 */
export function renderCheckpointAgent(
  opts: CheckpointAgentOptions,
  storage: ResolvedSettings['checkpointStorage'],
  scope: { kind: 'cluster' | 'namespace'; operatorNamespace: string },
): KubeObject[] {
  const ns = agentNamespaceOf(scope.operatorNamespace, opts);
  const meta = (name: string, namespace?: string) => ({
    name,
    ...(namespace ? { namespace } : {}),
    labels: { ...AGENT_LABELS },
  });
  const socket = opts.runtimeSocket ?? '/run/containerd/containerd.sock';
  const socketDir = socket.replace(/\/[^/]+$/, '') || '/';
  const basePath = storage.basePath.replace(/\/+$/, '') || '/';
  const restricted = scope.kind === 'namespace';
  const roleKind = restricted ? 'Role' : 'ClusterRole';
  const roleNamespace = restricted ? scope.operatorNamespace : undefined;
  const hostPath = (name: string, path: string, type = 'Directory') => ({ name, hostPath: { path, type } });
  const fieldEnv = (name: string, fieldPath: string) => ({
    name,
    valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath } },
  });
  const daemonSet: KubeObject = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: meta(CHECKPOINT_AGENT_NAME, ns),
    spec: {
      selector: { matchLabels: { ...SELECTOR } },
      template: {
        metadata: { labels: { ...AGENT_LABELS } },
        spec: {
          serviceAccountName: CHECKPOINT_AGENT_NAME,
          // CRIU works on host processes, their IPC and network namespaces.
          hostPID: true,
          hostIPC: true,
          hostNetwork: true,
          tolerations: [{ operator: 'Exists' }],
          // cuda-checkpoint is x86_64 only.
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [
                  { matchExpressions: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] }] },
                ],
              },
            },
          },
          runtimeClassName: 'nvidia',
          initContainers: [
            {
              name: 'install-seccomp-profile',
              image: opts.seccompInstallerImage ?? 'busybox:1.36',
              command: [
                'sh',
                '-c',
                'mkdir -p /host-seccomp/profiles && cp /seccomp/block-iouring.json /host-seccomp/profiles/block-iouring.json',
              ],
              volumeMounts: [
                { name: 'seccomp-profile', mountPath: '/seccomp', readOnly: true },
                { name: 'host-seccomp', mountPath: '/host-seccomp' },
              ],
            },
          ],
          containers: [
            {
              name: 'agent',
              image: opts.image,
              args: ['--runtime', 'containerd', '--runtime-socket', socket],
              securityContext: { privileged: true },
              env: [
                fieldEnv('NODE_NAME', 'spec.nodeName'),
                ...(restricted ? [{ name: 'RESTRICTED_NAMESPACE', value: scope.operatorNamespace }] : []),
              ],
              volumeMounts: [
                { name: 'checkpoints', mountPath: basePath },
                { name: 'runtime-run', mountPath: socketDir },
                { name: 'kubelet-pods', mountPath: '/var/lib/kubelet/pods', readOnly: true },
                { name: 'host-proc', mountPath: '/host/proc' },
                { name: 'host-cgroup', mountPath: '/sys/fs/cgroup' },
                { name: 'kubelet-pod-resources', mountPath: '/var/lib/kubelet/pod-resources', readOnly: true },
              ],
            },
          ],
          volumes: [
            { name: 'seccomp-profile', configMap: { name: `${CHECKPOINT_AGENT_NAME}-seccomp` } },
            hostPath('host-seccomp', '/var/lib/kubelet/seccomp', 'DirectoryOrCreate'),
            { name: 'checkpoints', persistentVolumeClaim: { claimName: storage.pvcName } },
            hostPath('runtime-run', socketDir),
            hostPath('kubelet-pods', '/var/lib/kubelet/pods'),
            hostPath('host-proc', '/proc'),
            hostPath('host-cgroup', '/sys/fs/cgroup'),
            hostPath('kubelet-pod-resources', '/var/lib/kubelet/pod-resources'),
          ],
        },
      },
    },
  };
  return [
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name: ns,
        labels: {
          ...AGENT_LABELS,
          'pod-security.kubernetes.io/enforce': 'privileged',
          'pod-security.kubernetes.io/enforce-version': 'latest',
        },
      },
    },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta(CHECKPOINT_AGENT_NAME, ns) },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: meta(`${CHECKPOINT_AGENT_NAME}-seccomp`, ns),
      data: { 'block-iouring.json': `${JSON.stringify(BLOCK_IOURING_PROFILE, null, 2)}\n` },
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: roleKind,
      metadata: meta(CHECKPOINT_AGENT_NAME, roleNamespace),
      rules: AGENT_RULES,
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: restricted ? 'RoleBinding' : 'ClusterRoleBinding',
      metadata: meta(CHECKPOINT_AGENT_NAME, roleNamespace),
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: roleKind, name: CHECKPOINT_AGENT_NAME },
      subjects: [{ kind: 'ServiceAccount', name: CHECKPOINT_AGENT_NAME, namespace: ns }],
    },
    daemonSet,
  ];
}
