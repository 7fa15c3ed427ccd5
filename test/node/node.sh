#!/usr/bin/env bash
# A real single-node Kubernetes cluster for the e2e tests, entirely inside one network namespace.
#
# Usage: bash test/node/node.sh start | stop | status | check-clean | import <tar|image name>...
#   start        builds what is missing, starts etcd, kube-apiserver, kube-controller-manager,
#                kube-scheduler, containerd, kubelet, kube-proxy and CoreDNS, imports the images,
#                and waits for Node Ready. Prints how to use it.
#   stop         removes everything start made (processes by PID, pod sandboxes, mounts, cgroups,
#                the namespace), then checks the host is as before (check-clean).
#   status       each process, and the node's conditions; exit 0 when running.
#   check-clean  compares the host's links, routes, iptables/nft rules, sysctls, mounts, cgroups and
#                the runtimes' default paths with the snapshot taken before the last start; exit 1
#                on any difference.
#   import       imports docker-archive tars (or images of test/node/images/build.sh by name) into
#                the running node, pinned.
# Env:
#   DYNAMO_IAC_NODE_IMAGES  what start imports: docker-archive tar paths and/or image names of
#                           test/node/images/build.sh (default: pause operator dynamo-runtime when
#                           that script exists). Already imported images are skipped (by digest).
#   DYNAMO_IAC_CACHE        cache root (default ~/.cache/dynamo-iac); the node keeps its containerd
#                           root (imported images) in <cache>/node/containerd between runs.
#   DYNAMO_IAC_NODE_RUN     the run directory (default <cache>/node/run).
# Needs root. See test/node/README.md.
set -euo pipefail

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# shellcheck source=lib/host-state.sh
source "$node_dir/lib/host-state.sh"

# Called through exec.sh (the e2e's teardown), this process sits in the node's network and mount
# namespaces; stop and check-clean must act on the host's, so move to those of exec.sh's parent
# process, which stayed on the host.
if [[ -n ${DYNAMO_IAC_NODE_HOST_PID:-} && "$(readlink /proc/self/ns/net)" != "$(readlink "/proc/$DYNAMO_IAC_NODE_HOST_PID/ns/net" 2> /dev/null)" ]]; then
  exec nsenter -t "$DYNAMO_IAC_NODE_HOST_PID" -m -n --wd="$PWD" -- env -u DYNAMO_IAC_NODE_HOST_PID bash "$node_dir/node.sh" "$@"
fi

# ---------------------------------------------------------------------------------------------
# Processes

# launch <name> net|holder <command...>: starts a node process in its own session, logs to
# logs/<name>.log, records its PID in pids/<name>. `ip netns exec`, `nsenter` and `setsid` all exec
# in place, so $! is the server's own PID. A clean environment: nothing of the caller leaks in.
launch() {
  local name="$1" where="$2"
  shift 2
  local enter
  case "$where" in
    net) enter=(ip netns exec "$NETNS") ;;
    holder) enter=(nsenter -t "$(cat "$run/pids/holder")" -m -n --) ;;
  esac
  # The lock's descriptor is closed: a server holding it would block every later start and stop.
  env -i PATH="$run/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" HOME="$HOME" \
    setsid "${enter[@]}" "$@" < /dev/null > "$run/logs/$name.log" 2>&1 {lock}>&- &
  echo $! > "$run/pids/$name"
}

# in_netns <command...>: a client command inside the node's network namespace.
in_netns() { ip netns exec "$NETNS" "$@"; }
kubectl_node() { in_netns "$run/bin/kubectl" --kubeconfig "$run/admin.kubeconfig" "$@"; }
# api_get <path>: GET from the API server as admin; curl starts far faster than kubectl, which
# matters for the readiness polls.
api_get() {
  in_netns curl -sf --max-time 5 --cacert "$run/pki/ca.crt" --cert "$run/pki/admin.crt" --key "$run/pki/admin.key" \
    "https://127.0.0.1:$API_PORT$1"
}
crictl_node() { "$run/bin/crictl" --runtime-endpoint "unix://$run/containerd.sock" --timeout 30s "$@"; }
containerd_ready() { [[ -S $run/containerd.sock ]] && crictl_node info; }
ctr_node() { "$run/bin/ctr" --address "$run/containerd.sock" -n k8s.io "$@"; }

# pid_running <pid>: the process exists and is not a zombie (a killed child of a waiting shell
# stays a zombie until that shell reaps it; it is gone for our purposes).
pid_running() {
  local stat
  stat="$(cat "/proc/$1/stat" 2> /dev/null)" || return 1
  stat="${stat##*) }"
  [[ ${stat%% *} != Z ]]
}

# terminate <pid>...: SIGTERM, then SIGKILL whatever is left after 10 s.
terminate() {
  local pid left i
  kill -TERM "$@" 2> /dev/null || true
  for i in $(seq 100); do
    left=0
    for pid in "$@"; do pid_running "$pid" && left=1; done
    [[ $left -eq 0 ]] && return 0
    sleep 0.1
  done
  kill -KILL "$@" 2> /dev/null || true
  sleep 0.2
}

stop_recorded() {
  local name pids=()
  for name in "$@"; do
    alive "$name" && pids+=("$(cat "$run/pids/$name")")
  done
  [[ ${#pids[@]} -eq 0 ]] || terminate "${pids[@]}"
}

# Processes the node started that have no PID file: the shims and pod processes containerd
# started, anything run through exec.sh. Ours by construction: they are in the node's network or
# mount namespace or in its cgroup tree. This process and its parents are never listed.
node_strays() {
  local match=() p exclude=" " pid=$$
  # find -lname compares the namespace links' targets (net:[<inode>]); the brackets are escaped
  # because -lname takes a glob.
  [[ -e /run/netns/$NETNS ]] && match+=(-name net -lname "net:\\[$(stat -L -c %i "/run/netns/$NETNS")\\]")
  if alive holder; then
    [[ ${#match[@]} -gt 0 ]] && match+=(-o)
    match+=(-name mnt -lname "$(readlink "/proc/$(cat "$run/pids/holder")/ns/mnt" | sed 's/[][]/\\&/g')")
  fi
  exclude+="$(cat "$run/pids/holder" 2> /dev/null || true) "
  while [[ $pid -gt 1 ]]; do
    exclude+="$pid "
    # The parent pid follows the command name, which may hold spaces ("npm run test:e2e"): read
    # the fields after its closing parenthesis.
    pid="$(sed -E 's/.*\) //' "/proc/$pid/stat" 2> /dev/null | awk '{print $2}')"
    [[ $pid =~ ^[0-9]+$ ]] || pid=1
  done
  {
    [[ ${#match[@]} -eq 0 ]] || find /proc/[0-9]*/ns -maxdepth 1 \( "${match[@]}" \) 2> /dev/null | cut -d/ -f3
    find /sys/fs/cgroup/"$CGROUP_ROOT" /sys/fs/cgroup/*/"$CGROUP_ROOT" -name cgroup.procs -exec cat {} + 2> /dev/null || true
  } | sort -un | while read -r p; do [[ $exclude == *" $p "* ]] || echo "$p"; done
}

# ---------------------------------------------------------------------------------------------
# Images

# image_tars: the docker-archive tars start imports (see DYNAMO_IAC_NODE_IMAGES).
image_tars() {
  local words=() names=() w
  if [[ -n ${DYNAMO_IAC_NODE_IMAGES+set} ]]; then
    read -r -a words <<< "$DYNAMO_IAC_NODE_IMAGES"
  elif [[ -f $node_dir/images/build.sh ]]; then
    words=(pause operator dynamo-runtime)
  fi
  for w in "${words[@]}"; do
    if [[ $w == */* || $w == *.tar ]]; then
      [[ -f $w ]] || die "image archive not found: $w"
      echo "$w"
    else
      names+=("$w")
    fi
  done
  if [[ ${#names[@]} -gt 0 ]]; then
    [[ -f $node_dir/images/build.sh ]] || die "images ${names[*]}: test/node/images/build.sh is missing; name docker-archive tars in DYNAMO_IAC_NODE_IMAGES instead"
    bash "$node_dir/images/build.sh" "${names[@]}" --print-paths | sed -n 's/^[A-Z_]*_IMAGE=//p'
  fi
}

# import_tar <tar>: imports a docker-archive into containerd's k8s.io namespace, pinned (the kubelet
# never collects it), unless an image of that name with that config digest is there already.
import_tar() {
  local tar="$1" manifest config ref have
  manifest="$(tar -xOf "$tar" manifest.json)" || die "$tar: not a docker-archive (no manifest.json)"
  config="$(jq -r '.[0].Config' <<< "$manifest")"
  config="sha256:$(basename "${config%.json}")"
  ref="$(jq -r '.[0].RepoTags[0] // empty' <<< "$manifest")"
  [[ -n $ref ]] || die "$tar: the archive names no image (RepoTags is empty)"
  have="$(crictl_node inspecti -o go-template --template '{{.status.id}}' "$ref" 2> /dev/null || true)"
  if [[ $have == "$config" ]]; then
    log "image $ref: already imported"
    return 0
  fi
  local t0
  t0=$(now_ms)
  ctr_node images import --local --label io.cri-containerd.pinned=pinned "$tar" > /dev/null
  log "image $ref: imported in $(secs $(($(now_ms) - t0))) s"
}

# ---------------------------------------------------------------------------------------------
# start

phase_t0=0
phase() {
  local t
  t=$(now_ms)
  log "$(printf '%5s s  %s' "$(secs $((t - start_ms)))" "$*")"
  phase_t0=$t
}

# wait_for <what> <timeout s> <command...>: polls every 0.1 s; on timeout shows the logs' tails.
wait_for() {
  local what="$1" timeout="$2" deadline
  shift 2
  deadline=$(($(now_ms) + timeout * 1000))
  until "$@" > /dev/null 2>&1; do
    local name
    for name in "${watched[@]}"; do
      alive "$name" || fail_start "$name exited while waiting for $what"
    done
    [[ $(now_ms) -lt $deadline ]] || fail_start "$what: not ready after $timeout s"
    sleep 0.1
  done
}

fail_start() {
  log "ERROR: $1"
  local f
  for f in "$run"/logs/*.log; do
    [[ -f $f ]] || continue
    echo "---- last 15 lines of $(basename "$f") ----" >&2
    tail -n 15 "$f" >&2
  done
  log "cleaning up (logs kept in $node_cache/last-logs)"
  do_stop > /dev/null 2>&1 || true
  exit 1
}

http_ok() { in_netns bash -c "exec 3<>/dev/tcp/$1/$2 && printf 'GET $3 HTTP/1.0\r\n\r\n' >&3 && head -1 <&3 | grep -q ' 200 '"; }

# The kernel settings the kubelet insists on (it checks them with protectKernelDefaults: true).
kubelet_sysctls=(vm/overcommit_memory=1 vm/panic_on_oom=0 kernel/panic=10 kernel/panic_on_oops=1
  kernel/keys/root_maxkeys=1000000 kernel/keys/root_maxbytes=25000000)

# private_dir <host path>: in the node's mount namespace, <host path> is a directory of the run
# dir instead (hard-coded paths of the kubelet and CNI). A missing host path gets an empty mount
# point, listed in $run/created and removed by stop.
private_dir() {
  local target="$1" src
  src="$run/private${target}"
  mkdir -p "$src"
  if [[ ! -e $target ]]; then
    local top="$target"
    while [[ ! -e "$(dirname "$top")" ]]; do top="$(dirname "$top")"; done
    mkdir -p "$target"
    echo "$top" >> "$run/created"
  fi
  nsenter -t "$(cat "$run/pids/holder")" -m -- mount --bind "$src" "$target"
}

do_start() {
  need_root "node.sh start"
  start_ms=$(now_ms)
  watched=()
  exec {lock}> "$node_cache/.lock"
  flock -n "$lock" || die "another node.sh start/stop is running"
  if node_running; then
    die "the node is already running (KUBECONFIG=$run/admin.kubeconfig); stop it first: bash test/node/node.sh stop"
  fi
  if [[ -d $run ]]; then
    log "a previous run was not stopped cleanly; cleaning it up first"
    do_stop || true
  fi
  ip netns list | grep -qE "^$NETNS( |$)" && die "network namespace $NETNS exists but no node runs in it; remove it: ip netns delete $NETNS"
  case "$run/" in /run/* | /var/run/*) die "DYNAMO_IAC_NODE_RUN must not be under /run (the node's mount namespace has its own /run)" ;; esac

  mkdir -p "$run"/{bin,pids,logs,config} "$containerd_root" "$run/containerd-tmp"
  # The binaries (built when missing; otherwise a hash check) while the rest is prepared.
  bash "$repo/test/infra/build.sh" --print-paths cluster node > "$run/binaries" {lock}>&- &
  local builder=$!
  bash "$node_dir/deps.sh"
  # The host as it is now: stop and check-clean compare against it.
  host_snapshot > "$node_cache/host-before.txt"
  pki_generate
  config_write
  phase "Debian packages, certificates and configuration ready"
  wait "$builder" || die "building the node's binaries failed (see above)"
  local line
  while IFS= read -r line; do
    [[ $line == *=* ]] || continue
    ln -sf "${line#*=}" "$run/bin/$(basename "${line#*=}")"
  done < "$run/binaries"
  phase "binaries ready"

  # ---- network namespace: lo, and the pod bridge with the node's address. The service range is
  # routed onto the bridge so a ClusterIP without a kube-proxy rule yet goes nowhere instead of
  # failing; there is no default route.
  [[ -d /run/netns ]] || echo /run/netns >> "$run/created"
  ip netns add "$NETNS"
  in_netns ip link set lo up
  in_netns ip link add "$BRIDGE" type bridge
  in_netns ip addr add "$NODE_IP/${POD_CIDR#*/}" dev "$BRIDGE"
  in_netns ip link set "$BRIDGE" up
  in_netns ip route add "$SERVICE_CIDR" dev "$BRIDGE"
  # Per-namespace settings: routing from pods to Services; the machine's own stay untouched.
  in_netns sysctl -q -w net.ipv4.ip_forward=1

  phase "network namespace $NETNS ready"

  # ---- etcd and kube-apiserver first, the slowest to come up (the API server waits for etcd
  # itself); containerd's mount namespace is made meanwhile.
  launch etcd net "$run/bin/etcd" --name="$NODE_NAME" --data-dir="$run/etcd" \
    --listen-client-urls=http://127.0.0.1:2379 --advertise-client-urls=http://127.0.0.1:2379 \
    --listen-peer-urls=http://127.0.0.1:2380 --initial-advertise-peer-urls=http://127.0.0.1:2380 \
    --initial-cluster="$NODE_NAME=http://127.0.0.1:2380" --unsafe-no-fsync=true --log-level=warn
  local p="$run/pki"
  launch kube-apiserver net "$run/bin/kube-apiserver" \
    --etcd-servers=http://127.0.0.1:2379 \
    --bind-address=0.0.0.0 --secure-port="$API_PORT" --advertise-address="$NODE_IP" \
    --cert-dir="$run/apiserver" --tls-cert-file="$p/apiserver.crt" --tls-private-key-file="$p/apiserver.key" \
    --client-ca-file="$p/ca.crt" --authorization-mode=Node,RBAC --enable-admission-plugins=NodeRestriction \
    --service-account-issuer="https://kubernetes.default.svc.$CLUSTER_DOMAIN" \
    --service-account-key-file="$p/sa.pub" --service-account-signing-key-file="$p/sa.key" \
    --service-cluster-ip-range="$SERVICE_CIDR" \
    --kubelet-client-certificate="$p/apiserver-kubelet-client.crt" --kubelet-client-key="$p/apiserver-kubelet-client.key" \
    --kubelet-preferred-address-types=InternalIP \
    --allow-privileged=true --profiling=false

  # ---- the mount namespace of containerd and the kubelet, held by a sleeping process. It keeps
  # the host's /sys (cgroups), unlike `ip netns exec`. Inside it: a private /run, the kubelet's
  # and CNI's hard-coded directories redirected into the run dir, and the kernel settings the
  # kubelet wants shown as read-only files (the host's values stay as they are).
  env -i PATH="$PATH" setsid nsenter --net="/run/netns/$NETNS" -- unshare --mount --propagation private sleep infinity < /dev/null > /dev/null 2>&1 {lock}>&- &
  echo $! > "$run/pids/holder"
  local holder i
  holder="$(cat "$run/pids/holder")"
  for i in $(seq 50); do
    [[ "$(readlink "/proc/$holder/ns/mnt")" != "$(readlink /proc/self/ns/mnt)" ]] && break
    sleep 0.02
  done
  nsenter -t "$holder" -m -- mount -t tmpfs -o mode=0755 dynamo-iac-node-run /run
  private_dir /var/lib/kubelet
  private_dir /var/lib/cni
  private_dir /var/log
  local s key want
  mkdir -p "$run/sysctl"
  for s in "${kubelet_sysctls[@]}"; do
    key="${s%=*}" want="${s#*=}"
    [[ "$(cat "/proc/sys/$key")" == "$want" ]] && continue
    echo "$want" > "$run/sysctl/${key//\//.}"
    nsenter -t "$holder" -m -- mount --bind "$run/sysctl/${key//\//.}" "/proc/sys/$key"
    nsenter -t "$holder" -m -- mount -o remount,bind,ro "/proc/sys/$key"
  done
  # The kubelet's cgroup root must exist in every hierarchy (cgroup v1 and/or v2); stop removes
  # the whole tree.
  local h
  for h in $(findmnt -rn -t cgroup,cgroup2 -o TARGET); do mkdir -p "$h/$CGROUP_ROOT"; done
  phase "the node's mount namespace ready"

  launch containerd holder "$run/bin/containerd" --config "$run/config/containerd.toml"
  watched=(holder etcd kube-apiserver containerd)

  wait_for "containerd" 30 containerd_ready
  phase "containerd ready"
  # Images are built (when test/node/images/build.sh has to) and imported while the control plane
  # comes up.
  (
    tars="$(image_tars)"
    while IFS= read -r t; do [[ -n $t ]] && import_tar "$t"; done <<< "$tars"
    crictl_node inspecti "$SANDBOX_IMAGE" > /dev/null 2>&1 ||
      die "the sandbox image $SANDBOX_IMAGE is not in containerd: build it (bash test/node/images/build.sh pause) or name its docker-archive in DYNAMO_IAC_NODE_IMAGES"
  ) > "$run/logs/import.log" 2>&1 &
  local importer=$!

  # The kubelet as soon as the API server serves (it then spends ~2 s bootstrapping before ready):
  # the kubelet's own start takes about as long, and the node's readiness waits on it.
  wait_for "kube-apiserver to serve" 60 api_get /version
  phase "kube-apiserver serving"
  launch kubelet holder "$run/bin/kubelet" --config="$run/config/kubelet.yaml" \
    --kubeconfig="$run/kubelet.kubeconfig" --hostname-override="$NODE_NAME" --node-ip="$NODE_IP"
  watched+=(kubelet)
  wait_for "kube-apiserver" 60 api_get /readyz
  phase "kube-apiserver ready"

  # The controllers act as the controller manager itself (its certificate is in system:masters)
  # rather than one ServiceAccount each: making ~40 accounts and tokens first delays the not-ready
  # taint's removal, so the first pod's scheduling, by ~4.5 s on a busy 2-core machine.
  launch kube-controller-manager net "$run/bin/kube-controller-manager" \
    --kubeconfig="$run/controller-manager.kubeconfig" \
    --authentication-kubeconfig="$run/controller-manager.kubeconfig" --authorization-kubeconfig="$run/controller-manager.kubeconfig" \
    --bind-address=127.0.0.1 --cert-dir="$run/controller-manager" --leader-elect=false \
    --use-service-account-credentials=false --service-account-private-key-file="$p/sa.key" \
    --root-ca-file="$p/ca.crt" --cluster-signing-cert-file="$p/ca.crt" --cluster-signing-key-file="$p/ca.key" \
    --service-cluster-ip-range="$SERVICE_CIDR" --allocate-node-cidrs=false --profiling=false
  launch kube-scheduler net "$run/bin/kube-scheduler" \
    --kubeconfig="$run/scheduler.kubeconfig" \
    --authentication-kubeconfig="$run/scheduler.kubeconfig" --authorization-kubeconfig="$run/scheduler.kubeconfig" \
    --bind-address=127.0.0.1 --leader-elect=false --profiling=false
  launch kube-proxy net "$run/bin/kube-proxy" --config="$run/config/kube-proxy.yaml"
  watched+=(kube-controller-manager kube-scheduler kube-proxy)
  # CoreDNS's read access and the kube-dns Service, then CoreDNS (so it starts with its access).
  kubectl_node apply -f "$run/config/bootstrap.yaml" > /dev/null
  launch coredns net "$run/bin/coredns" -conf "$run/config/Corefile"
  watched+=(coredns)

  wait_for "Node Ready" 60 node_ready
  local ready_ms
  ready_ms=$(($(now_ms) - start_ms))
  phase "Node $NODE_NAME Ready"
  wait_for "the node to be schedulable" 60 node_schedulable
  phase "node schedulable (the controller manager lifted the not-ready taint)"
  wait_for "CoreDNS" 30 http_ok 127.0.0.1 8181 /ready
  wait_for "kube-proxy" 30 http_ok 127.0.0.1 10256 /healthz
  phase "CoreDNS and kube-proxy ready"
  wait "$importer" || fail_start "importing images failed: $(tail -n 1 "$run/logs/import.log")"
  grep -h '^\[test-node\]' "$run/logs/import.log" >&2 || true
  phase "images imported"

  log "Node Ready in $(secs "$ready_ms") s (everything started in $(secs $(($(now_ms) - start_ms))) s)"
  usage >&2
}

node_ready() {
  api_get "/api/v1/nodes/$NODE_NAME" | jq -e '.status.conditions[] | select(.type == "Ready" and .status == "True")'
}
# Pods schedule once the controller manager has lifted the node's not-ready taint.
node_schedulable() {
  api_get "/api/v1/nodes/$NODE_NAME" | jq -e '(.spec.taints // []) | length == 0'
}

usage() {
  cat << EOF

The node runs inside network namespace $NETNS; reach it from there:
  export KUBECONFIG=$run/admin.kubeconfig
  bash test/node/exec.sh kubectl get nodes
  bash test/node/exec.sh npx jest --ci test/e2e      (any command; cwd and environment kept)
Binaries: $run/bin   Logs: $run/logs   Stop: npm run node:stop (bash test/node/node.sh stop)
EOF
}

# ---------------------------------------------------------------------------------------------
# stop

do_stop() {
  need_root "node.sh stop"
  if [[ ! -d $run ]] && ! ip netns list | grep -qE "^$NETNS( |$)"; then
    log "the node is not running"
    return 0
  fi
  local t0
  t0=$(now_ms)
  step() { log "$(printf '%5s s  %s' "$(secs $(($(now_ms) - t0)))" "$*")"; }
  # Nothing may re-create pods while they are removed.
  stop_recorded kube-controller-manager kube-scheduler kubelet
  step "controller manager, scheduler and kubelet stopped"
  # Pod sandboxes go through the CRI (their network is torn down, their records leave containerd's
  # persistent root), so the next start finds no stale pods.
  if alive containerd; then
    crictl_node rmp -fa > /dev/null 2>&1 || log "warning: crictl rmp -fa failed; the leftover pods are killed below"
    step "pod sandboxes removed"
  fi
  stop_recorded containerd kube-proxy coredns kube-apiserver
  # etcd after the API server: stopped together, both wait for the other until killed.
  stop_recorded etcd
  step "containerd, kube-proxy, CoreDNS, kube-apiserver and etcd stopped"
  local strays
  mapfile -t strays < <(node_strays)
  if [[ ${#strays[@]} -gt 0 ]]; then
    log "stopping ${#strays[@]} more processes of the node (shims, pods, exec.sh commands): ${strays[*]}"
    terminate "${strays[@]}"
  fi
  # The holder last: with it the node's mount namespace, and every mount made in it, goes away.
  stop_recorded holder
  step "the node's mount namespace is gone"

  local dir
  while IFS= read -r dir; do
    # Deepest first; rmdir on a cgroup removes it (its files are virtual).
    find "$dir" -depth -type d -exec rmdir {} \; 2> /dev/null || log "warning: cgroup $dir is still in use"
  done < <(find /sys/fs/cgroup -maxdepth 2 -type d -name "$CGROUP_ROOT")

  # Deleting the namespace takes the bridge, the pods' veths and every iptables rule with it.
  if ip netns list | grep -qE "^$NETNS( |$)"; then ip netns delete "$NETNS"; fi
  if [[ -f $run/created ]]; then
    local created
    while IFS= read -r created; do
      if [[ $created == /run/netns ]]; then
        # `ip netns add` made /run/netns a (shared) mount of itself; undo it when no namespace is left.
        if [[ -z "$(ls -A /run/netns 2> /dev/null)" ]]; then
          while mountpoint -q /run/netns; do umount /run/netns; done
          rmdir /run/netns
        fi
      else
        find "$created" -depth -type d -empty -delete 2> /dev/null || true
      fi
    done < <(tac "$run/created")
  fi

  if grep -q " $run[/ ]" /proc/self/mountinfo; then
    log "warning: something is still mounted under $run; leaving it"
    return 1
  fi
  if [[ -d $run/logs ]]; then
    rm -rf "$node_cache/last-logs"
    mv "$run/logs" "$node_cache/last-logs"
  fi
  rm -rf "$run"
  log "stopped in $(secs $(($(now_ms) - t0))) s; logs of the run: $node_cache/last-logs"
  do_check_clean
}

# ---------------------------------------------------------------------------------------------
# status, check-clean, import

do_status() {
  if ! node_running; then
    echo "the node is not running"
    return 1
  fi
  local f
  for f in "$run"/pids/*; do
    printf '%-24s pid %-8s %s\n' "$(basename "$f")" "$(cat "$f")" "$(alive "$(basename "$f")" && echo running || echo EXITED)"
  done
  kubectl_node get nodes -o wide || true
  usage
}

do_check_clean() {
  [[ -f $node_cache/host-before.txt ]] || die "no snapshot of the host: start the node once first"
  if node_running; then die "the node is running: stop it first"; fi
  if host_check "$node_cache/host-before.txt"; then
    log "host state: identical to before the last start (links, routes, iptables, sysctls, mounts, cgroups, paths)"
  else
    log "ERROR: the host differs from before the last start (lines above: - before, + now)"
    return 1
  fi
}

do_import() {
  node_running || die "the node is not running"
  [[ $# -gt 0 ]] || die "usage: node.sh import <docker-archive tar | image name of test/node/images/build.sh>..."
  local t tars
  tars="$(DYNAMO_IAC_NODE_IMAGES="$*" image_tars)" || exit 1
  while IFS= read -r t; do [[ -n $t ]] && import_tar "$t"; done <<< "$tars"
}

# shellcheck source=lib/pki.sh
source "$node_dir/lib/pki.sh"
# shellcheck source=lib/config.sh
source "$node_dir/lib/config.sh"
mkdir -p "$node_cache"

case "${1:-}" in
  start) do_start ;;
  stop)
    exec {lock}> "$node_cache/.lock"
    flock -w 120 "$lock" || die "another node.sh start/stop has held the lock for 2 minutes"
    do_stop
    ;;
  status) do_status ;;
  check-clean) do_check_clean ;;
  import)
    shift
    do_import "$@"
    ;;
  *)
    sed -n '2,24p' "$0" >&2
    exit 2
    ;;
esac
