#!/usr/bin/env bash
# Installs the Debian packages the test node runs on, only those that are missing:
#   runc                          the OCI runtime containerd's runc shim calls
#   containernetworking-plugins   the CNI bridge, host-local, loopback and portmap plugins (/usr/lib/cni)
#   iptables                      what kube-proxy (iptables mode) and the portmap plugin write rules with
#   conntrack                     kube-proxy flushes stale UDP (DNS) entries with it
#   iproute2                      `ip netns`, the node's network namespace
#   util-linux                    unshare, nsenter, mount (the private mount namespace)
#   openssl                       the node's certificates
#   curl, jq                      readiness polls against the API server, image archive manifests
#   debootstrap, umoci, skopeo    the images of test/node/images (a Debian rootfs, OCI layers, docker-archive tars)
#   gcc, libc6-dev                the static pause binary
# Usage: bash test/node/deps.sh [--check]   (--check: install nothing, exit 1 when something is missing)
set -euo pipefail

packages=(runc containernetworking-plugins iptables conntrack iproute2 util-linux openssl curl jq debootstrap umoci skopeo gcc libc6-dev)
missing=()
for p in "${packages[@]}"; do
  # dpkg-query prints "install ok installed" for an installed package; anything else is missing.
  [[ "$(dpkg-query -W -f='${Status}' "$p" 2> /dev/null || true)" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0
if [[ "${1:-}" == --check ]]; then
  echo "test/node: missing Debian packages: ${missing[*]} (run: bash test/node/deps.sh)" >&2
  exit 1
fi
echo "[test-node deps] installing ${missing[*]} (apt-get)" >&2
sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
# Wait for another apt run (other checkouts install their own packages) instead of failing on the lock.
"${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >&2
