#!/usr/bin/env bash
# Builds the test infrastructure's binaries with `go build`, each only when it is missing:
#   cluster  etcd, kube-apiserver and kube-controller-manager (the real-cluster tests)
#   pulumi   the Pulumi CLI, its Node.js language host and the Kubernetes provider (test:pulumi)
#   flux     Flux's kustomize-controller and Flux's CRDs (the Flux tests)
#   kustomize  the kustomize CLI (what `kubectl kustomize` runs; the README check, .ci/readme.sh)
#   node     kubelet, kube-scheduler, kube-proxy, kubectl, containerd (+ shim, ctr), CoreDNS, crictl: the
#            real single-node cluster of test/node (which also needs the cluster group)
#   yamlreader kubectl's YAML reader (sigs.k8s.io/yaml) as a filter, YAML in, JSON out (the
#              differential test of our YAML writer)
#   argo     Argo CD (one binary: argocd, argocd-application-controller, argocd-repo-server), its
#            CRDs and git-verify-wrapper.sh from the module zip, and Redis from Debian's packages
#            (downloaded and unpacked into the cache, never installed): the Argo CD suite
#   pulumilangs the Pulumi YAML and Python language hosts (test:pulumi's multi-language package
#               tests; on the same pkg/v3 and sdk/v3 as the CLI, so they share its Go build cache)
#   lws      the LeaderWorkerSet controller manager (LWS v0.10.0, from ../shared/third_party/lws: the
#            Go proxy does not serve sigs.k8s.io/lws) and its CRDs (LeaderWorkerSet, DisaggregatedSet)
#            from the same tree: the multinode e2e test on the real node
# Nothing upstream is committed: in-repo wrapper modules (test/infra/go/<name>/) pin versions and
# fetch everything through the Go module proxy; the Pulumi language host and Kubernetes provider
# are built from the source trees in ../shared/third_party (see its README). Every build runs in
# a temporary copy of its source directory.
#
# Binaries are cached in ${DYNAMO_IAC_CACHE:-$HOME/.cache/dynamo-iac}/bin/<name>-<version>-<hash>/,
# where <hash> covers the source directory and the build recipe, so changing a pin rebuilds and an
# unchanged checkout reuses. Go's own caches (GOCACHE, GOMODCACHE) are shared by every build.
#
# Usage: bash test/infra/build.sh [--print-paths] [cluster] [pulumi] [flux] [kustomize] [node] [lws] [yamlreader] [argo] [pulumilangs]   (default: cluster)
#   --print-paths  after ensuring the binaries, print `<NAME>=<path>` lines on stdout
#                  (progress always goes to stderr). Used by the test harnesses.
#   --cached-only  build nothing: exit 3 (and say which) when a binary is not cached yet.
#                  Used by the benchmark, which must never start a build.
# Env:  DYNAMO_IAC_CACHE         cache root (default $HOME/.cache/dynamo-iac)
#       DYNAMO_IAC_THIRD_PARTY   the third_party source trees (default <repo>/../shared/third_party)
#       GO_TAGS                  (internal) build tags for one ensure call; part of the cache key
set -euo pipefail

# Bump when the build recipe below (flags, ldflags) changes.
RECIPE=2

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cache="${DYNAMO_IAC_CACHE:-$HOME/.cache/dynamo-iac}"
print_paths=false
cached_only=false
missing=0
groups=()
for arg in "$@"; do
  case "$arg" in
    --print-paths) print_paths=true ;;
    --cached-only) cached_only=true ;;
    cluster | pulumi | flux | kustomize | node | lws | yamlreader | argo | pulumilangs) groups+=("$arg") ;;
    -h | --help) sed -n '2,35p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument: $arg (expected cluster, pulumi, flux, kustomize, node, lws, yamlreader, argo, pulumilangs, --print-paths or --cached-only)" >&2; exit 2 ;;
  esac
done
[[ ${#groups[@]} -gt 0 ]] || groups=(cluster)

export GOFLAGS="-mod=mod -buildvcs=false" CGO_ENABLED=0
log() { echo "[test-infra build] $*" >&2; }
paths=()

# The source tree of $1 in the third_party folder: $DYNAMO_IAC_THIRD_PARTY, else the workplace's
# shared/third_party beside the checkout (or above a worktree's parent).
third_party() {
  local d
  for d in ${DYNAMO_IAC_THIRD_PARTY:+"$DYNAMO_IAC_THIRD_PARTY"} "$repo/../shared/third_party" "$repo/../../shared/third_party" /work/shared/third_party; do
    if [[ -d "$d/$1" ]]; then
      (cd "$d/$1" && pwd)
      return 0
    fi
  done
  log "ERROR: $1 is built from the third_party source trees (see their README), not found beside $repo; set DYNAMO_IAC_THIRD_PARTY"
  exit 1
}

# Version of module $2 required in go.mod $1 (e.g. v1.36.3).
required_version() {
  awk -v m="$2" '$1 == m && $2 ~ /^v/ { print $2; exit } $1 == "require" && $2 == m { print $3; exit }' "$1"
}

# source_hash <source dir> <build inputs...>: covers the directory's files (not its path, so every
# checkout of the same sources shares one cached binary) and the recipe.
source_hash() {
  local src="$1"
  shift
  { echo "recipe=$RECIPE $*"; (cd "$src" && find . -type f | LC_ALL=C sort | xargs sha256sum); } | sha256sum | cut -c1-12
}

# ensure <VAR> <name> <version> <source dir> <package> <approx-minutes> [ldflags...]
# Builds <package> in a copy of <source dir> unless cached; records VAR=<path> for --print-paths.
ensure() {
  local var="$1" name="$2" version="$3" src="$4" pkg="$5" minutes="$6"
  shift 6
  local ldflags="-s -w $*" tags="${GO_TAGS:-}"
  # Tags join the key only when set, so binaries built without tags keep their cached paths.
  local dir="$cache/bin/$name-$version-$(source_hash "$src" "$pkg" "$ldflags" "${GOTOOLCHAIN:-}" ${tags:+"tags=$tags"})"
  paths+=("$var=$dir/$name")
  if [[ -x "$dir/$name" ]]; then
    log "$name $version: cached at $dir/$name"
    return 0
  fi
  if $cached_only; then
    log "$name $version: not built yet (--cached-only)"
    missing=1
    return 0
  fi
  if ! command -v go > /dev/null; then
    log "ERROR: Go is needed to build $name (go.dev/dl; Go >= 1.26). Not found on PATH."
    exit 1
  fi
  # One build per binary at a time: a second caller (CI starts every build in the background
  # early, then each test step asks for its group) waits for the first and reuses its result.
  mkdir -p "$cache/bin"
  local lock_fd
  exec {lock_fd}> "$cache/bin/.$name-$version.lock"
  if ! flock -n "$lock_fd"; then
    log "$name $version: another build is running; waiting for it…"
    flock "$lock_fd"
  fi
  if [[ -x "$dir/$name" ]]; then
    exec {lock_fd}>&-
    log "$name $version: built by the other run, at $dir/$name"
    return 0
  fi
  log "building $name $version (first build takes ~$minutes min on 2 cores; later builds reuse Go's build cache)…"
  local start=$SECONDS tmp rc=0
  tmp="$(mktemp -d "$cache/bin/.$name-build.XXXXXX")"
  cp -R "$src/." "$tmp/src"
  chmod -R u+w "$tmp/src"
  # A heartbeat so long builds are visibly alive. `sleep` gets no stdout/stderr and not the build
  # lock, so killing the loop leaves no process holding our pipes open or a waiter blocked.
  (
    exec {lock_fd}>&-
    while sleep 60 < /dev/null > /dev/null 2>&1; do log "  … still building $name ($((SECONDS - start))s)"; done
  ) > /dev/null &
  local ticker=$!
  (cd "$tmp/src" && go build -trimpath ${tags:+-tags "$tags"} -ldflags "$ldflags" -o "$tmp/$name" "$pkg") || rc=$?
  kill "$ticker" 2> /dev/null || true
  wait "$ticker" 2> /dev/null || true
  rm -rf "$tmp/src"
  if [[ $rc -ne 0 ]]; then
    rm -rf "$tmp"
    log "ERROR: building $name failed (exit $rc) after $((SECONDS - start))s"
    exit "$rc"
  fi
  # Atomic publish; if a build without the lock (an older checkout) won the race, keep theirs.
  mv -T "$tmp" "$dir" 2> /dev/null || rm -rf "$tmp"
  exec {lock_fd}>&-
  log "built $name $version in $((SECONDS - start))s -> $dir/$name"
}

# k8s_version_flags <version>: the -X flags upstream's hack/lib/version.sh injects, so every
# component reports <version> (/version, the Node's kubeletVersion) instead of v0.0.0-master.
k8s_version_flags() {
  local major="${1#v}" minor="${1#v*.}" pkg
  major="${major%%.*}" minor="${minor%%.*}"
  for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    printf '%s\n' "-X $pkg.gitVersion=$1" "-X $pkg.gitMajor=$major" "-X $pkg.gitMinor=$minor" "-X $pkg.gitTreeState=clean"
  done
}

build_cluster() {
  local kube="$here/go/kube" etcd="$here/go/etcd"
  local k8s_version etcd_version
  k8s_version="$(required_version "$kube/go.mod" k8s.io/kubernetes)"
  etcd_version="$(required_version "$etcd/go.mod" go.etcd.io/etcd/server/v3)"
  local flags=()
  mapfile -t flags < <(k8s_version_flags "$k8s_version")
  GOTOOLCHAIN=local ensure ETCD etcd "$etcd_version" "$etcd" . 1
  GOTOOLCHAIN=local ensure KUBE_APISERVER kube-apiserver "$k8s_version" "$kube" ./kube-apiserver 6 "${flags[@]}"
  GOTOOLCHAIN=local ensure KUBE_CONTROLLER_MANAGER kube-controller-manager "$k8s_version" "$kube" ./kube-controller-manager 3 "${flags[@]}"
}

build_pulumi() {
  local cli="$here/go/pulumi-cli" version
  version="$(required_version "$cli/go.mod" github.com/pulumi/pulumi/pkg/v3)"
  local sdk_version="-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$version"
  GOTOOLCHAIN=local ensure PULUMI pulumi "$version" "$cli" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi 16 "$sdk_version"
  local language_host provider kversion
  language_host="$(third_party pulumi-language-nodejs)"
  provider="$(third_party pulumi-kubernetes-provider)"
  GOTOOLCHAIN=local ensure PULUMI_LANGUAGE_NODEJS pulumi-language-nodejs "$version" "$language_host" . 1 "$sdk_version"
  kversion="$(required_version "$provider/go.mod" github.com/pulumi/pulumi-kubernetes/sdk/v4)"
  # The checksum database has no entry for pulumi-kubernetes/sdk/v4 at this tag; go.sum pins it.
  GONOSUMDB=github.com/pulumi/pulumi-kubernetes GOTOOLCHAIN=local ensure PULUMI_RESOURCE_KUBERNETES pulumi-resource-kubernetes "${kversion#v}" \
    "$provider" ./cmd/pulumi-resource-kubernetes 12 "-X github.com/pulumi/pulumi-kubernetes/provider/v4/pkg/version.Version=${kversion#v}"
}

build_flux() {
  local flux="$here/go/flux" version
  version="$(required_version "$flux/go.mod" github.com/fluxcd/kustomize-controller)"
  # The controller's go.mod asks for Go 1.27; the go command fetches that toolchain once.
  GOTOOLCHAIN=go1.27.3 ensure KUSTOMIZE_CONTROLLER kustomize-controller "$version" "$flux" github.com/fluxcd/kustomize-controller 5
  # Flux's real CRDs, from the controllers' module zips: every source kind (the controller
  # watches them all, ExternalArtifact included) and the Kustomization.
  local crds="$cache/flux-crds-$version"
  paths+=("FLUX_CRDS=$crds")
  if [[ ! -d "$crds" ]]; then
    local tmp kc sc
    tmp="$(mktemp -d "$cache/.flux-crds.XXXXXX")"
    kc="$(cd "$flux" && GOTOOLCHAIN=go1.27.3 go mod download -json "github.com/fluxcd/kustomize-controller@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
    sc="$(cd "$flux" && GOTOOLCHAIN=go1.27.3 go mod download -json "github.com/fluxcd/source-controller@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
    cp "$kc"/config/crd/bases/*.yaml "$sc"/config/crd/bases/*.yaml "$tmp/"
    chmod u+w "$tmp"/*.yaml
    mv -T "$tmp" "$crds" 2> /dev/null || rm -rf "$tmp"
    log "Flux CRDs $version -> $crds"
  fi
}

build_kustomize() {
  local src="$here/go/kustomize" version
  version="$(required_version "$src/go.mod" sigs.k8s.io/kustomize/kustomize/v5)"
  GOTOOLCHAIN=local ensure KUSTOMIZE kustomize "$version" "$src" sigs.k8s.io/kustomize/kustomize/v5 1 \
    "-X sigs.k8s.io/kustomize/api/provenance.version=$version"
}

build_node() {
  local node="$here/go/node" ctrd="$here/go/containerd" coredns="$here/go/coredns"
  local k8s_version ctrd_version coredns_version flags=() name var
  k8s_version="$(required_version "$node/go.mod" k8s.io/kubernetes)"
  mapfile -t flags < <(k8s_version_flags "$k8s_version")
  # Same pins as the cluster group's module (test/infra/go/kube); built from one Go build cache.
  for name in kubelet kube-scheduler kube-proxy kubectl; do
    var="$(tr 'a-z-' 'A-Z_' <<< "$name")"
    GOTOOLCHAIN=local ensure "$var" "$name" "$k8s_version" "$node" "k8s.io/kubernetes/cmd/$name" 4 "${flags[@]}"
  done
  ctrd_version="$(required_version "$ctrd/go.mod" github.com/containerd/containerd/v2)"
  # Static binaries without the btrfs and devmapper snapshotters (they need cgo and C headers);
  # the node uses overlayfs.
  local ctrd_flags=("-X github.com/containerd/containerd/v2/version.Version=$ctrd_version" "-X github.com/containerd/containerd/v2/version.Package=github.com/containerd/containerd/v2")
  for name in containerd containerd-shim-runc-v2 ctr; do
    var="$(tr 'a-z-' 'A-Z_' <<< "$name")"
    GO_TAGS=no_btrfs,no_devmapper GOTOOLCHAIN=local ensure "$var" "$name" "$ctrd_version" "$ctrd" \
      "github.com/containerd/containerd/v2/cmd/$name" 2 "${ctrd_flags[@]}"
  done
  coredns_version="$(required_version "$coredns/go.mod" github.com/coredns/coredns)"
  GOTOOLCHAIN=local ensure COREDNS coredns "$coredns_version" "$coredns" github.com/coredns/coredns 2
  # crictl: node.sh stop removes the pod sandboxes through the CRI (network teardown included).
  local crictl="$here/go/crictl" crictl_version
  crictl_version="$(required_version "$crictl/go.mod" sigs.k8s.io/cri-tools)"
  GOTOOLCHAIN=local ensure CRICTL crictl "$crictl_version" "$crictl" sigs.k8s.io/cri-tools/cmd/crictl 1 \
    "-X sigs.k8s.io/cri-tools/pkg/version.Version=$crictl_version"
}

# LeaderWorkerSet v0.10.0: the controller manager (which also serves DisaggregatedSet) from the
# third_party source tree, and its CRDs copied from the same tree (config/crd/bases: LeaderWorkerSet,
# DisaggregatedSet, DisaggregatedSetRoleScaler; the chart's copy adds a conversion webhook that a
# single-version CRD never calls), beside the binary.
build_lws() {
  # The tree carries no version file: this is the release its README names (2161f38).
  local src version=v0.10.0 dir
  src="$(third_party lws)"
  GOTOOLCHAIN=local ensure LWS_MANAGER lws-manager "$version" "$src" ./cmd 2 \
    "-X sigs.k8s.io/lws/pkg/version.GitVersion=$version" "-X sigs.k8s.io/lws/pkg/version.GitCommit=2161f38"
  dir="${paths[-1]#LWS_MANAGER=}"
  dir="${dir%/lws-manager}"
  paths+=("LWS_CRDS=$dir/crds")
  if [[ -x "$dir/lws-manager" && ! -d "$dir/crds" ]]; then
    local tmp
    tmp="$(mktemp -d "$dir/.crds.XXXXXX")"
    cp "$src"/config/crd/bases/*.yaml "$tmp/"
    chmod u+w "$tmp"/*.yaml
    mv -T "$tmp" "$dir/crds" 2> /dev/null || rm -rf "$tmp"
  fi
}

build_yamlreader() {
  local src="$here/go/yaml-reader" version
  version="$(required_version "$src/go.mod" sigs.k8s.io/yaml)"
  GOTOOLCHAIN=local ensure YAML_READER yaml-reader "$version" "$src" . 1
}

build_argo() {
  local src="$here/go/argo-cd" version
  version="$(required_version "$src/go.mod" github.com/argoproj/argo-cd/v3)"
  # Argo CD's go.mod asks for Go 1.27, like Flux's; `argocd version` reports the pin.
  GOTOOLCHAIN=go1.27.3 ensure ARGOCD argocd "$version" "$src" github.com/argoproj/argo-cd/v3/cmd 5 \
    "-X github.com/argoproj/argo-cd/v3/common.version=${version#v}"
  # Argo CD's CRDs (Application, AppProject) and the script the repo server runs on every manifest
  # generation (without it on PATH, generation fails), from the module zip the build downloaded.
  local assets="$cache/argo-cd-assets-$version"
  paths+=("ARGOCD_ASSETS=$assets")
  if [[ ! -d "$assets" ]]; then
    local tmp mod
    tmp="$(mktemp -d "$cache/.argo-cd-assets.XXXXXX")"
    mod="$(cd "$src" && GOTOOLCHAIN=go1.27.3 go mod download -json "github.com/argoproj/argo-cd/v3@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
    mkdir -p "$tmp/crds" "$tmp/bin"
    cp "$mod"/manifests/crds/application-crd.yaml "$mod"/manifests/crds/appproject-crd.yaml "$tmp/crds/"
    cp "$mod"/hack/git-verify-wrapper.sh "$tmp/bin/"
    chmod -R u+w "$tmp"
    chmod +x "$tmp/bin/git-verify-wrapper.sh"
    mv -T "$tmp" "$assets" 2> /dev/null || rm -rf "$tmp"
    log "Argo CD CRDs and scripts $version -> $assets"
  fi
  build_redis
}

# Redis (what Argo CD caches manifests and app state in) from Debian: `apt-get download` the
# packages and unpack them into the cache, with no system install. redis-server is redis-tools'
# binary under another name (Debian's redis-server package is a symlink and a service).
build_redis() {
  local version dir
  candidate() { apt-cache policy redis-tools 2> /dev/null | sed -n 's/^ *Candidate: //p'; }
  version="$(candidate)"
  if [[ (-z "$version" || "$version" == "(none)") && $(id -u) -eq 0 ]] && ! $cached_only; then
    # A fresh machine has no package lists yet (test/node/deps.sh updates them the same way).
    log "fetching Debian's package lists (apt-get update) to find redis-tools"
    apt-get -o DPkg::Lock::Timeout=600 update -qq >&2
    version="$(candidate)"
  fi
  if [[ -z "$version" || "$version" == "(none)" ]]; then
    log "ERROR: apt-cache knows no redis-tools package (Debian's package lists are needed: apt-get update)"
    exit 1
  fi
  dir="$cache/bin/redis-${version//[:~]/_}"
  paths+=("REDIS_SERVER=$dir/usr/bin/redis-server" "REDIS_LD_LIBRARY_PATH=$dir/usr/lib/x86_64-linux-gnu")
  [[ -x "$dir/usr/bin/redis-server" ]] && { log "redis-server $version: cached at $dir"; return 0; }
  if $cached_only; then
    log "redis-server $version: not downloaded yet (--cached-only)"
    missing=1
    return 0
  fi
  local tmp deb
  mkdir -p "$cache/bin"
  tmp="$(mktemp -d "$cache/bin/.redis.XXXXXX")"
  # Downloads as the calling user (apt's _apt sandbox cannot write into a private cache).
  (cd "$tmp" && apt-get download -qq -o APT::Sandbox::User="$(id -un)" redis-tools liblzf1 libjemalloc2 >&2)
  mkdir "$tmp/root"
  for deb in "$tmp"/*.deb; do dpkg-deb -x "$deb" "$tmp/root"; done
  ln -s redis-check-rdb "$tmp/root/usr/bin/redis-server"
  mv -T "$tmp/root" "$dir" 2> /dev/null || true
  rm -rf "$tmp"
  log "redis-server $version (Debian) -> $dir"
}

build_pulumilangs() {
  local cli="$here/go/pulumi-cli" yaml="$here/go/pulumi-yaml" python version yaml_version
  version="$(required_version "$cli/go.mod" github.com/pulumi/pulumi/pkg/v3)"
  yaml_version="$(required_version "$yaml/go.mod" github.com/pulumi/pulumi-yaml)"
  python="$(third_party pulumi-language-python)"
  GOTOOLCHAIN=local ensure PULUMI_LANGUAGE_YAML pulumi-language-yaml "$yaml_version" "$yaml" \
    . 2 "-X github.com/pulumi/pulumi-yaml/pkg/version.Version=$yaml_version"
  GOTOOLCHAIN=local ensure PULUMI_LANGUAGE_PYTHON pulumi-language-python "$version" "$python" . 2 \
    "-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$version"
  # The host runs programs through its Python shim `pulumi-language-python-exec` beside it; sdk/v3's
  # module zip (the Go proxy's, already in the module cache from the build) carries it.
  local sdk_dir
  sdk_dir="$(cd "$python" && GOTOOLCHAIN=local go mod download -json "github.com/pulumi/pulumi/sdk/v3@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
  paths+=("PULUMI_LANGUAGE_PYTHON_EXEC=$sdk_dir/python/cmd/pulumi-language-python-exec")
  # Pulumi's Python SDK (PyPI `pulumi`, the CLI's version) and the build tools pip needs to install
  # a generated SDK, as wheels: each test project's venv installs from here with no index. A
  # marker written last says the download is complete.
  local wheels="$cache/pulumi-python-wheels-${version#v}"
  paths+=("PULUMI_PYTHON_WHEELS=$wheels")
  if [[ ! -f "$wheels/.dynamo-iac-ready" ]]; then
    if $cached_only; then
      log "Pulumi Python SDK ${version#v} wheels: not downloaded yet (--cached-only)"
      missing=1
      return 0
    fi
    local lock_fd start=$SECONDS
    exec {lock_fd}> "$cache/.pulumi-python-wheels.lock"
    flock "$lock_fd"
    if [[ ! -f "$wheels/.dynamo-iac-ready" ]]; then
      log "downloading Pulumi's Python SDK ${version#v} (and setuptools, wheel, parver: what a generated SDK needs) from PyPI into $wheels…"
      rm -rf "$wheels"
      python3 -m pip download --quiet --disable-pip-version-check --no-input --dest "$wheels" \
        "pulumi==${version#v}" "setuptools==80.9.0" "wheel==0.45.1" "parver==0.5" >&2
      touch "$wheels/.dynamo-iac-ready"
      log "downloaded Pulumi's Python SDK ${version#v} in $((SECONDS - start))s"
    fi
    exec {lock_fd}>&-
  fi
}

total_start=$SECONDS
for g in "${groups[@]}"; do "build_$g"; done
if [[ $missing -ne 0 ]]; then
  log "some binaries are not built; run: bash test/infra/build.sh ${groups[*]}"
  exit 3
fi
log "binaries ready in $((SECONDS - total_start))s"
if $print_paths; then printf '%s\n' "${paths[@]}"; fi
