# The machine's state that the node must leave as it found it (sourced by node.sh): a text snapshot
# taken before start, compared after stop (`node.sh check-clean`). Run in the host's namespaces
# (node.sh moves itself there first when called through exec.sh).

# Paths the node's components would create if they were not redirected (containerd's and the
# kubelet's defaults): none of them may appear, or vanish, on the host.
host_paths=(/run/netns /run/containerd /var/run/netns /var/lib/kubelet /var/lib/cni /var/lib/containerd
  /var/log/pods /var/log/containers /etc/cni /opt/cni /opt/containerd /etc/containerd /run/nri /var/run/cdi)

# Kernel counters and random values that change by themselves.
volatile_sysctls='^(fs\.(dentry-state|file-nr|inode-nr|inode-state|aio-nr) |fs\.quota\.|kernel\.(ns_last_pid |random\.|pty\.nr )|net\.netfilter\.nf_conntrack_count )'

host_snapshot() {
  echo "## links"
  ip -o link show
  echo "## addresses"
  ip -o addr show | sed -E 's/ (valid|preferred)_lft [^ ]+//g'
  echo "## routes and rules"
  ip route show table all
  ip -6 route show table all
  ip rule show
  ip -6 rule show
  echo "## network namespaces"
  ip netns list
  echo "## iptables (counters stripped)"
  local save
  for save in iptables-save ip6tables-save iptables-legacy-save ip6tables-legacy-save; do
    command -v "$save" > /dev/null || continue
    echo "# $save"
    "$save" 2> /dev/null | sed -E -e '/^#/d' -e 's/\[[0-9]+:[0-9]+\]//g'
  done
  if command -v nft > /dev/null; then
    echo "# nft"
    nft list ruleset 2> /dev/null | sed -E 's/counter packets [0-9]+ bytes [0-9]+/counter/g'
  fi
  echo "## sysctls"
  sysctl -a 2> /dev/null | grep -Ev "$volatile_sysctls" || true
  echo "## mounts (without mount ids)"
  cut -d' ' -f4- /proc/self/mountinfo
  echo "## cgroups (two levels)"
  find /sys/fs/cgroup -mindepth 1 -maxdepth 2 -type d | LC_ALL=C sort
  echo "## paths"
  local p
  for p in "${host_paths[@]}"; do
    if [[ -e $p || -L $p ]]; then echo "$p exists"; else echo "$p absent"; fi
  done
}

# host_check <before-file>: prints the differences; exit 1 when there are any.
host_check() {
  local now
  now="$(mktemp)"
  host_snapshot > "$now"
  # The volatile filter applies to the old snapshot too, so a newer filter needs no new snapshot.
  if diff -U0 --label before --label after <(grep -Ev "$volatile_sysctls" "$1") "$now" > "$now.diff"; then
    rm -f "$now" "$now.diff"
    return 0
  fi
  cat "$now.diff"
  rm -f "$now" "$now.diff"
  return 1
}
