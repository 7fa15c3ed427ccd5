#!/usr/bin/env bash
# Builds the test cluster's kube-apiserver and etcd with `go build` from the
# wrapper modules in test/cluster/go/<name>/ (modules fetched through the Go
# module proxy; nothing upstream is vendored or committed).
#
# Binaries are cached in ${DYNAMO_IAC_CACHE:-$HOME/.cache/dynamo-iac}/bin/<name>-<version>-<hash>/<name>,
# where <hash> covers the wrapper's go.mod, go.sum, main.go and this script's
# build recipe, so changing a pin rebuilds and an unchanged checkout reuses.
# Builds happen only when the binary is missing.
#
# Usage: bash test/cluster/build.sh [--print-paths]
#   --print-paths  after ensuring the binaries, print `<NAME>=<path>` lines on
#                  stdout (progress always goes to stderr). Used by harness.ts.
# Env:  DYNAMO_IAC_CACHE      cache root (default $HOME/.cache/dynamo-iac)
#       GOCACHE / GOMODCACHE  Go's own caches (defaults live under $HOME)
set -euo pipefail

# Bump when the build recipe below (flags, ldflags) changes.
RECIPE=1

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache="${DYNAMO_IAC_CACHE:-$HOME/.cache/dynamo-iac}"
print_paths=false
for arg in "$@"; do
  case "$arg" in
    --print-paths) print_paths=true ;;
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument: $arg" >&2; exit 2 ;;
  esac
done

log() { echo "[test-cluster build] $*" >&2; }

# Version of module $2 required in wrapper $1's go.mod (e.g. v1.34.10).
required_version() {
  awk -v m="$2" '$1 == m && $2 ~ /^v/ { print $2; exit } $1 == "require" && $2 == m { print $3; exit }' "$here/go/$1/go.mod"
}

wrapper_hash() {
  local d="$here/go/$1"
  { echo "recipe=$RECIPE"; cat "$d/go.mod" "$d/go.sum" "$d/main.go"; } | sha256sum | cut -c1-12
}

# ensure <name> <version> <approx-minutes> [ldflags...]
# Sets $built_path to the binary path.
ensure() {
  local name="$1" version="$2" minutes="$3"
  shift 3
  local ldflags="-s -w $*"
  local dir="$cache/bin/$name-$version-$(wrapper_hash "$name")"
  built_path="$dir/$name"
  if [[ -x "$built_path" ]]; then
    log "$name $version: cached at $built_path"
    return 0
  fi
  if ! command -v go > /dev/null; then
    log "ERROR: Go is needed to build $name (go.dev/dl; Go >= 1.26). Not found on PATH."
    exit 1
  fi
  log "building $name $version with $(go env GOVERSION) (first build takes ~$minutes min on 2 cores; later builds reuse the Go build cache)…"
  local start=$SECONDS tmp
  mkdir -p "$cache/bin"
  tmp="$(mktemp -d "$cache/bin/.$name-build.XXXXXX")"
  # Print a heartbeat so long builds are visibly alive. `sleep` gets no
  # stdout/stderr, so killing the loop leaves no process holding our pipes open
  # (callers reading --print-paths output would otherwise wait up to 60 s).
  (while sleep 60 < /dev/null > /dev/null 2>&1; do log "  … still building $name ($((SECONDS - start))s)"; done) > /dev/null &
  local ticker=$!
  local rc=0
  (
    cd "$here/go/$name"
    CGO_ENABLED=0 go build -trimpath -buildvcs=false -ldflags "$ldflags" -o "$tmp/$name" .
  ) || rc=$?
  kill "$ticker" 2> /dev/null || true
  wait "$ticker" 2> /dev/null || true
  if [[ $rc -ne 0 ]]; then
    rm -rf "$tmp"
    log "ERROR: building $name failed (exit $rc) after $((SECONDS - start))s"
    exit "$rc"
  fi
  # Atomic publish; if a concurrent build won the race, keep theirs.
  if ! mv -T "$tmp" "$dir" 2> /dev/null; then
    rm -rf "$tmp"
  fi
  log "built $name $version in $((SECONDS - start))s -> $built_path"
}

total_start=$SECONDS

k8s_version="$(required_version kube-apiserver k8s.io/kubernetes)"
etcd_version="$(required_version etcd go.etcd.io/etcd/server/v3)"
if [[ -z "$k8s_version" || -z "$etcd_version" ]]; then
  log "ERROR: could not read pinned versions from test/cluster/go/*/go.mod"
  exit 1
fi

# kube-apiserver reports its version on /version from these variables (what
# upstream's hack/lib/version.sh injects); without them it says v0.0.0-master.
k8s_major="${k8s_version#v}"; k8s_major="${k8s_major%%.*}"
k8s_minor="${k8s_version#v*.}"; k8s_minor="${k8s_minor%%.*}"
version_ldflags=()
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  version_ldflags+=(
    "-X $pkg.gitVersion=$k8s_version"
    "-X $pkg.gitMajor=$k8s_major"
    "-X $pkg.gitMinor=$k8s_minor"
    "-X $pkg.gitTreeState=clean"
  )
done

ensure etcd "$etcd_version" 3
etcd_path="$built_path"
ensure kube-apiserver "$k8s_version" 8 "${version_ldflags[@]}"
apiserver_path="$built_path"

log "binaries ready in $((SECONDS - total_start))s"
if $print_paths; then
  echo "ETCD=$etcd_path"
  echo "KUBE_APISERVER=$apiserver_path"
fi
