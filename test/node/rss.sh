#!/usr/bin/env bash
# Prints the resident memory of the running test node in MiB: every process in its network
# namespace (control plane, CoreDNS, kube-proxy, and commands run through exec.sh), in its cgroup
# tree (containerd, the kubelet's pods) and containerd's shims. For the e2e budget (node plus a
# 3-pod graph <= 3 GiB), sampled by test/e2e/run.sh; reports, never judges.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/common.sh
. "$here/lib/common.sh"
{
  ip netns pids "$NETNS" 2> /dev/null || true
  find /sys/fs/cgroup -path "*/$CGROUP_ROOT/*" -name cgroup.procs -exec cat {} + 2> /dev/null || true
  pgrep -f containerd-shim-runc-v2 || true
} | sort -u | while read -r pid; do
  awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2> /dev/null || true
done | awk '{ kib += $1 } END { printf "%d\n", kib / 1024 }'
