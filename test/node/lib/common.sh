# Shared by node.sh and exec.sh (sourced): the node's names, addresses and paths, and small helpers.
# Everything the node creates on the machine is named here once.

# shellcheck disable=SC2034 # the variables are used by the scripts that source this file
node_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="$(cd "$node_dir/../.." && pwd)"
cache="${DYNAMO_IAC_CACHE:-$HOME/.cache/dynamo-iac}"

# The network namespace holding the whole node (and every client of it), and the node's name.
NETNS=dynamo-iac-node
NODE_NAME=dynamo-iac-node
# Pod network: a Linux bridge inside the namespace. Its address is also the node's InternalIP, the
# API server's advertised address and where CoreDNS listens, so pods reach all of them through
# their default route (the bridge) without any other interface.
BRIDGE=cni0
POD_CIDR=10.244.0.0/24
NODE_IP=10.244.0.1
SERVICE_CIDR=10.96.0.0/16
API_SERVICE_IP=10.96.0.1
DNS_SERVICE_IP=10.96.0.10
CLUSTER_DOMAIN=cluster.local
API_PORT=6443
# The kubelet's cgroup root: every pod cgroup lives below it, in each cgroup hierarchy.
CGROUP_ROOT=dynamo-iac-node
SANDBOX_IMAGE=dynamo-iac-e2e/pause:3.10

# Persistent: the containerd root (imported images survive stop/start) and the last run's logs.
node_cache="$cache/node"
containerd_root="$node_cache/containerd"
# Per run: pids, logs, certificates, configs, state. Removed by stop (the logs move to last-logs/).
run="${DYNAMO_IAC_NODE_RUN:-$node_cache/run}"

log() { printf '[test-node] %s\n' "$*" >&2; }
die() {
  printf '[test-node] ERROR: %s\n' "$*" >&2
  exit 1
}

need_root() {
  [[ $(id -u) -eq 0 ]] || die "$1 needs root (network and mount namespaces, cgroups, containerd); run it with sudo"
}

# Milliseconds since the epoch, and milliseconds as seconds with one decimal, for phase timings.
now_ms() { date +%s%3N; }
secs() { printf '%d.%d' $(($1 / 1000)) $((($1 % 1000) / 100)); }

# True when the recorded process <name> is alive (pids/<name> holds its PID).
alive() {
  local pid
  pid="$(cat "$run/pids/$1" 2> /dev/null)" || return 1
  [[ -n $pid ]] && kill -0 "$pid" 2> /dev/null
}

# The node is up when its namespace holder is alive.
node_running() { alive holder; }
