# The node's configuration files (sourced by node.sh; written into $run/config each start).

config_write() {
  local c="$run/config"
  mkdir -p "$c/cni"

  # containerd 2 (config version 4). The gRPC/ttrpc addresses belong in their plugin sections (a
  # top-level [grpc] is silently ignored). The state dir stays at its default /run/containerd: the
  # node's mount namespace has its own /run, and shim socket paths under $run would pass the
  # 108-byte unix socket limit. No host config is imported; plugins that write outside these dirs
  # (/opt/containerd, NRI's socket) are off.
  cat > "$c/containerd.toml" << EOF
version = 4
root = '$containerd_root'
state = '/run/containerd'
temp = '$run/containerd-tmp'
imports = []
disabled_plugins = ['io.containerd.internal.v1.opt', 'io.containerd.nri.v1.nri', 'io.containerd.snapshotter.v1.blockfile', 'io.containerd.snapshotter.v1.erofs', 'io.containerd.snapshotter.v1.zfs']

[plugins.'io.containerd.server.v1.grpc']
  address = '$run/containerd.sock'
[plugins.'io.containerd.server.v1.ttrpc']
  address = '$run/containerd.sock.ttrpc'

[plugins.'io.containerd.cri.v1.images']
  snapshotter = 'overlayfs'
  [plugins.'io.containerd.cri.v1.images'.pinned_images]
    sandbox = '$SANDBOX_IMAGE'

[plugins.'io.containerd.cri.v1.runtime']
  # No CAP_SYS_RESOURCE here: runc cannot lower a pause container's oom_score_adj to -998.
  restrict_oom_score_adj = true
  netns_mounts_under_state_dir = true
  cdi_spec_dirs = []
  [plugins.'io.containerd.cri.v1.runtime'.containerd.runtimes.runc]
    runtime_type = 'io.containerd.runc.v2'
    [plugins.'io.containerd.cri.v1.runtime'.containerd.runtimes.runc.options]
      BinaryName = '$(command -v runc)'
      SystemdCgroup = false
  [plugins.'io.containerd.cri.v1.runtime'.cni]
    bin_dirs = ['/usr/lib/cni']
    conf_dir = '$c/cni'

[plugins.'io.containerd.grpc.v1.cri']
  stream_server_address = '127.0.0.1'
EOF

  # The pod network: one bridge (created by node.sh before anything starts), host-local IPAM. Pods'
  # default route leads into the node's namespace, which has no route off the machine.
  cat > "$c/cni/10-$NETNS.conflist" << EOF
{
  "cniVersion": "1.0.0",
  "name": "$NETNS",
  "plugins": [
    {
      "type": "bridge",
      "bridge": "$BRIDGE",
      "isGateway": true,
      "ipMasq": false,
      "hairpinMode": true,
      "ipam": {
        "type": "host-local",
        "ranges": [[{ "subnet": "$POD_CIDR", "gateway": "$NODE_IP" }]],
        "routes": [{ "dst": "0.0.0.0/0" }],
        "dataDir": "$run/cni-ipam"
      }
    }
  ]
}
EOF

  # Pods get cluster DNS only: an empty host resolv.conf, so nothing points at the machine's resolver.
  : > "$c/resolv.conf"

  # The kubelet. cgroup v1 here: failCgroupV1 false, cgroupfs. protectKernelDefaults: the kubelet
  # only checks the kernel settings it wants (node.sh shows it the wanted values in its mount
  # namespace) instead of writing them. No registry: images are imported and must never be
  # collected (image GC off; eviction thresholds low so disk pressure does not collect them either).
  cat > "$c/kubelet.yaml" << EOF
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
failCgroupV1: false
cgroupDriver: cgroupfs
cgroupRoot: /$CGROUP_ROOT
protectKernelDefaults: true
failSwapOn: false
containerRuntimeEndpoint: unix://$run/containerd.sock
imageServiceEndpoint: unix://$run/containerd.sock
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
evictionHard:
  memory.available: 100Mi
  nodefs.available: 1%
  nodefs.inodesFree: 1%
  imagefs.available: 1%
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
authentication:
  anonymous:
    enabled: false
  webhook:
    enabled: true
  x509:
    clientCAFile: $run/pki/ca.crt
authorization:
  mode: Webhook
clusterDNS: [$DNS_SERVICE_IP]
clusterDomain: $CLUSTER_DOMAIN
resolvConf: $c/resolv.conf
serializeImagePulls: false
rotateCertificates: false
staticPodPath: ""
EOF

  # kube-proxy, iptables mode. Its conntrack settings are machine-wide sysctls: 0 = leave them.
  cat > "$c/kube-proxy.yaml" << EOF
apiVersion: kubeproxy.config.k8s.io/v1alpha1
kind: KubeProxyConfiguration
mode: iptables
clientConnection:
  kubeconfig: $run/kube-proxy.kubeconfig
hostnameOverride: $NODE_NAME
clusterCIDR: $POD_CIDR
healthzBindAddress: 127.0.0.1:10256
metricsBindAddress: 127.0.0.1:10249
conntrack:
  maxPerCore: 0
  min: 0
  tcpEstablishedTimeout: 0s
  tcpCloseWaitTimeout: 0s
iptables:
  localhostNodePorts: false
EOF

  # CoreDNS answers the cluster zones from the API server and NXDOMAIN for everything else:
  # it forwards nowhere.
  cat > "$c/Corefile" << EOF
$CLUSTER_DOMAIN:53 in-addr.arpa:53 ip6.arpa:53 {
    errors
    ready 127.0.0.1:8181
    kubernetes $CLUSTER_DOMAIN in-addr.arpa ip6.arpa {
        kubeconfig $run/coredns.kubeconfig
        pods insecure
    }
    cache 30
}
.:53 {
    errors
    template ANY ANY {
        rcode NXDOMAIN
    }
}
EOF

  # Objects the cluster needs before CoreDNS serves: its read access, and the kube-dns Service
  # (the kubelet's clusterDNS) pointing at CoreDNS on the node's address.
  cat > "$c/bootstrap.yaml" << EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: dynamo-iac:coredns
rules:
- apiGroups: [""]
  resources: [services, namespaces, pods]
  verbs: [list, watch]
- apiGroups: [discovery.k8s.io]
  resources: [endpointslices]
  verbs: [list, watch]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: dynamo-iac:coredns
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: dynamo-iac:coredns
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: dynamo-iac:coredns
---
apiVersion: v1
kind: Service
metadata:
  name: kube-dns
  namespace: kube-system
  labels:
    k8s-app: kube-dns
spec:
  clusterIP: $DNS_SERVICE_IP
  ports:
  - name: dns
    port: 53
    protocol: UDP
  - name: dns-tcp
    port: 53
    protocol: TCP
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: kube-dns-node
  namespace: kube-system
  labels:
    kubernetes.io/service-name: kube-dns
    endpointslice.kubernetes.io/managed-by: $NETNS
addressType: IPv4
endpoints:
- addresses: [$NODE_IP]
  conditions:
    ready: true
ports:
- name: dns
  port: 53
  protocol: UDP
- name: dns-tcp
  port: 53
  protocol: TCP
EOF
}
