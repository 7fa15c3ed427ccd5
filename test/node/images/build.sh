#!/usr/bin/env bash
# Builds the container images the e2e node runs, with no registry and no Docker: Debian's
# debootstrap for the root filesystems, umoci to make OCI images, skopeo to write them as
# docker-archive tarballs (what `ctr images import` reads). Each image only when its inputs changed:
#   pause           dynamo-iac-e2e/pause:3.10       our pause.c, gcc -static
#   operator        dynamo-iac/operator:<version>   what ../../../Dockerfile states, on a distroless-like
#                                                   base made from Debian packages (README says how)
#   dynamo-runtime  dynamo-iac-e2e/dynamo-runtime:1.6.1
#                                                   ai-dynamo 1.6.1 (frontend, mocker) in a venv at
#                                                   /opt/dynamo, the model directory /models/tiny
# Tarballs are cached as ${DYNAMO_IAC_CACHE:-$HOME/.cache/dynamo-iac}/images/<name>-<hash>.tar, where
# <hash> covers the image's recipe version (below) and its inputs (sources, lock file, base rootfs,
# Node version). Both Debian-based images start from one debootstrap rootfs, cached as its own tar.
# Needs root (debootstrap, chroot) and: debootstrap umoci skopeo gcc libc6-dev (apt-get install).
#
# Usage: bash test/node/images/build.sh [pause] [operator] [dynamo-runtime] [--print-paths] [--cached-only]
#   (default: all three)
#   --print-paths  print PAUSE_IMAGE=<tar>, OPERATOR_IMAGE=<tar>, DYNAMO_RUNTIME_IMAGE=<tar> on stdout
#                  (progress always goes to stderr)
#   --cached-only  build nothing: exit 3 (and say which) when an image is not cached yet
# Env:  DYNAMO_IAC_CACHE  cache root (default $HOME/.cache/dynamo-iac)
#       DEBIAN_MIRROR     debootstrap mirror (default http://deb.debian.org/debian)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
cache="${DYNAMO_IAC_CACHE:-$HOME/.cache/dynamo-iac}"
out_dir="$cache/images"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
print_paths=false
cached_only=false
missing=0
images=()
for arg in "$@"; do
  case "$arg" in
    --print-paths) print_paths=true ;;
    --cached-only) cached_only=true ;;
    pause | operator | dynamo-runtime) images+=("$arg") ;;
    -h | --help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument: $arg (expected pause, operator, dynamo-runtime, --print-paths or --cached-only)" >&2; exit 2 ;;
  esac
done
[[ ${#images[@]} -gt 0 ]] || images=(pause operator dynamo-runtime)

log() { echo "[images build] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }
paths=()

# Pinned inputs. The runtime's Python packages are pinned in dynamo-runtime.lock.txt (how it was
# made: its header); ai-dynamo's own requirement `aisimulate` is left out on purpose (README).
SUITE=bookworm
BASE_PACKAGES=python3,python3-venv,ca-certificates,tzdata,netbase
# What the operator's base takes from the Debian rootfs: what distroless' nodejs24-debian12 holds
# (glibc, libgcc, libstdc++, libssl, CA bundle, tzdata, netbase), no shell, no package manager.
OPERATOR_BASE_PACKAGES=(libc6 libgcc-s1 gcc-12-base libstdc++6 libssl3 tzdata netbase)
PAUSE_REF=dynamo-iac-e2e/pause:3.10
RUNTIME_REF=dynamo-iac-e2e/dynamo-runtime:1.6.1
IMAGE_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# Bump the recipe version of what you change below (steps, flags, image config), so that cached
# images built by the old recipe are not reused.
BASE_RECIPE=1
PAUSE_RECIPE=1
OPERATOR_RECIPE=1
RUNTIME_RECIPE=1
hash_of() { sha256sum | cut -c1-12; }

need() {
  local tool missing_tools=()
  for tool in "$@"; do command -v "$tool" > /dev/null || missing_tools+=("$tool"); done
  [[ ${#missing_tools[@]} -eq 0 ]] || die "missing ${missing_tools[*]}: apt-get install debootstrap umoci skopeo gcc libc6-dev python3-pip"
  [[ $EUID -eq 0 ]] || die "building images needs root (debootstrap, chroot, files owned by other users)"
}

# cached <VAR> <file> <what>: true when <file> exists (records VAR=<file> either way).
cached() {
  paths+=("$1=$2")
  if [[ -f "$2" ]]; then
    log "$3: cached at $2"
    return 0
  fi
  if $cached_only; then
    log "$3: not built yet (--cached-only)"
    missing=1
    return 0
  fi
  return 1
}

# build_once <file> <what> <function> [args...]: runs <function> <tmpdir> [args...] under a lock
# (a concurrent caller waits, then reuses the result); the function leaves its result in
# <tmpdir>/out, published atomically as <file>.
build_once() {
  local file="$1" what="$2" fn="$3"
  shift 3
  mkdir -p "$out_dir"
  local lock_fd
  exec {lock_fd}> "$out_dir/.$(basename "$file" .tar | sed 's/-[0-9a-f]*$//').lock"
  if ! flock -n "$lock_fd"; then
    log "$what: another build is running; waiting for it…"
    flock "$lock_fd"
  fi
  if [[ -f "$file" ]]; then
    exec {lock_fd}>&-
    log "$what: built by the other run, at $file"
    return 0
  fi
  local start=$SECONDS tmp rc=0
  tmp="$(mktemp -d "$out_dir/.build.XXXXXX")"
  # The heartbeat must not hold the lock: its `sleep` would outlive a kill of the loop and keep a
  # waiting caller waiting up to a minute after the build.
  (
    exec {lock_fd}>&-
    while sleep 60 < /dev/null > /dev/null 2>&1; do log "  … still building $what ($((SECONDS - start))s)"; done
  ) > /dev/null &
  local ticker=$!
  # In the background and waited for: a function run as `f || rc=$?` would run with `set -e`
  # switched off, and go on past a failed step.
  "$fn" "$tmp" "$@" &
  wait $! || rc=$?
  kill "$ticker" 2> /dev/null || true
  wait "$ticker" 2> /dev/null || true
  if [[ $rc -ne 0 ]]; then
    rm -rf "$tmp"
    exec {lock_fd}>&-
    die "building $what failed (exit $rc) after $((SECONDS - start))s"
  fi
  mv -f "$tmp/out" "$file"
  rm -rf "$tmp"
  exec {lock_fd}>&-
  log "built $what in $((SECONDS - start))s -> $file ($(du -m "$file" | cut -f1) MB)"
}

# pack <rootfs dir> <ref> <out tar> [umoci config flags...]: one-layer OCI image of the directory
# (moved, not copied; ownership and modes kept), with the given config, written as a
# docker-archive tagged <ref>. Not `umoci insert`: 0.4.7's insert cuts the end off its layer.
pack() {
  local rootfs="$1" ref="$2" out="$3" work
  shift 3
  work="$(dirname "$out")/oci"
  umoci init --layout "$work"
  umoci new --image "$work:img"
  umoci unpack --image "$work:img" "$work.bundle" > /dev/null
  rmdir "$work.bundle/rootfs"
  mv "$rootfs" "$work.bundle/rootfs"
  umoci repack --image "$work:img" --history.created_by "dynamo-iac test/node/images/build.sh" "$work.bundle"
  rm -rf "$work.bundle"
  umoci config --image "$work:img" --os linux --architecture amd64 "$@"
  skopeo copy --quiet "oci:$work:img" "docker-archive:$out:$ref"
  rm -rf "$work"
  check_archive "$out"
}

# check_archive <docker-archive tar>: every layer reads to its end (a cut layer would fail to
# import, or worse, import with a file missing its end).
check_archive() {
  local layer
  for layer in $(tar -xOf "$1" manifest.json | python3 -c 'import json, sys; print(*json.load(sys.stdin)[0]["Layers"])'); do
    tar -xOf "$1" "$layer" | tar -tf - > /dev/null || { log "image layer $layer of $1 does not read to its end"; return 1; }
  done
}

# --- the shared Debian rootfs ----------------------------------------------------------------
base_hash="$(echo "recipe=$BASE_RECIPE suite=$SUITE packages=$BASE_PACKAGES mirror=$mirror" | hash_of)"
base_tar="$out_dir/debian-$SUITE-$base_hash.tar"

make_base() {
  local tmp="$1"
  log "debootstrap --variant=minbase $SUITE (+ $BASE_PACKAGES) from $mirror (~2 min)…"
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin debootstrap --variant=minbase --include="$BASE_PACKAGES" \
    "$SUITE" "$tmp/rootfs" "$mirror" > "$tmp/debootstrap.log" 2>&1 || { tail -20 "$tmp/debootstrap.log" >&2; return 1; }
  # Nothing of the build machine or the download stays: package files, lists, logs, resolv.conf.
  rm -rf "$tmp/rootfs"/var/cache/apt/archives/*.deb "$tmp/rootfs"/var/lib/apt/lists/* "$tmp/rootfs"/var/log/* \
    "$tmp/rootfs"/var/cache/debconf/*-old "$tmp/rootfs"/etc/resolv.conf "$tmp/rootfs"/etc/hostname
  : > "$tmp/rootfs/etc/machine-id"
  tar --numeric-owner -C "$tmp/rootfs" -cf "$tmp/out" .
}

ensure_base() {
  [[ -f "$base_tar" ]] && return 0
  need debootstrap
  build_once "$base_tar" "Debian $SUITE rootfs" make_base
}

# unpack_base <dir>: the shared rootfs, extracted with its owners.
unpack_base() {
  mkdir -p "$1"
  tar --numeric-owner -xpf "$base_tar" -C "$1"
}

# --- pause -----------------------------------------------------------------------------------
make_pause() {
  local tmp="$1"
  mkdir -p "$tmp/rootfs"
  gcc -static -Os -s -Wall -Wextra -Werror -o "$tmp/rootfs/pause" "$here/pause.c"
  pack "$tmp/rootfs" "$PAUSE_REF" "$tmp/out" --config.entrypoint /pause --config.user 65535:65535
}

image_pause() {
  local h file
  h="$({ echo "recipe=$PAUSE_RECIPE"; sha256sum < "$here/pause.c"; gcc --version | head -1; } | hash_of)"
  file="$out_dir/pause-$h.tar"
  cached PAUSE_IMAGE "$file" "pause" && return 0
  need gcc umoci skopeo
  build_once "$file" "pause image" make_pause
}

# --- operator --------------------------------------------------------------------------------
# The build steps of the Dockerfile's build stage, run as it runs them; checked against the
# Dockerfile below so that the two cannot drift apart unnoticed.
OPERATOR_STEPS=(
  'npm ci --ignore-scripts'
  'npx tsc -p tsconfig.json --declaration false'
  'node lib/api/validate/crd-validators-build.js'
  'node scripts/bundle-cli.mjs'
  'node scripts/operator-package.cjs'
  'npm prune --omit=dev --ignore-scripts'
)
# What the Dockerfile copies from the build context.
OPERATOR_INPUTS=(package.json package-lock.json tsconfig.json src scripts bin)

# The checkout's files the Dockerfile sees: tracked or not ignored (what `docker build` of a clean
# clone sees; lib/ and node_modules/ are ignored), as they are in the working tree.
operator_files() {
  (cd "$repo" && git ls-files -z --cached --others --exclude-standard -- "${OPERATOR_INPUTS[@]}" |
    while IFS= read -r -d '' f; do [[ -f "$f" ]] && printf '%s\0' "$f"; done | LC_ALL=C sort -z)
}

node24() {
  # shellcheck source=/dev/null
  (cd "$repo" && . .ci/node24.sh > /dev/null 2>&1 && command -v node)
}

make_operator() {
  local tmp="$1" node="$2" version="$3" step
  for step in "${OPERATOR_STEPS[@]}"; do
    grep -qF -- "$step" "$repo/Dockerfile" || { log "the Dockerfile no longer runs '$step': update OPERATOR_STEPS in $0"; return 1; }
  done
  # The bundle, built from a clean copy of the sources (never the developer's lib/ or node_modules/).
  mkdir -p "$tmp/src"
  (cd "$repo" && operator_files | tar --null -T - -cf -) | tar -xf - -C "$tmp/src"
  log "operator: building the bundle as the Dockerfile does…"
  (
    cd "$tmp/src"
    # node24's shims directory holds node, npm and npx.
    PATH="$(dirname "$node"):$PATH"
    export PATH npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false npm_config_prefer_offline=true
    for step in "${OPERATOR_STEPS[@]}"; do
      t=$SECONDS
      eval "$step" > "$tmp/step.log" 2>&1 || { tail -30 "$tmp/step.log" >&2; exit 1; }
      log "  $step: $((SECONDS - t))s"
    done
    # The prune kept the operator's own dependencies (optional peers of the package).
    node -e '
const { missingOperatorDependencies } = require("./lib/operator/dependencies.js");
const missing = missingOperatorDependencies(require("path").resolve("lib/operator"));
if (missing.length) { console.error(`the operator image lacks ${missing.join(", ")}`); process.exit(1); }' || exit 1
    # ...and the operator loads with them: given no kubeconfig, it gets as far as connecting.
    out="$(NODE_DISABLE_COMPILE_CACHE=1 node bin/dynamo-iac operator --kubeconfig /nonexistent 2>&1)" && exit 1
    [[ "$out" == *'cannot connect to the Kubernetes API'* ]] || { echo "the operator does not start: $out" >&2; exit 1; }
  )
  # The base: distroless-like, files of the Debian packages only, plus Node at /nodejs/bin/node.
  local base="$tmp/base" root="$tmp/rootfs" pkg list
  unpack_base "$base"
  # Debian 12 is merged-/usr (/lib -> usr/lib, ...) while the package lists name /lib/...: the
  # links first, and their targets, so that the files land under /usr.
  mkdir -p "$root/usr"
  for d in bin sbin lib lib64; do
    if [[ -L "$base/$d" ]]; then
      mkdir -p "$root/usr/$d"
      cp -a "$base/$d" "$root/$d"
    fi
  done
  for pkg in "${OPERATOR_BASE_PACKAGES[@]}"; do
    list="$base/var/lib/dpkg/info/$pkg:amd64.list"
    [[ -f "$list" ]] || list="$base/var/lib/dpkg/info/$pkg.list"
    [[ -f "$list" ]] || { log "package $pkg is not in the Debian rootfs"; return 1; }
    while IFS= read -r f; do [[ -L "$base$f" || -f "$base$f" ]] && printf '%s\n' "${f#/}"; done < "$list"
  done | LC_ALL=C sort -u > "$tmp/files"
  echo etc/ssl/certs/ca-certificates.crt >> "$tmp/files"
  echo usr/lib/os-release >> "$tmp/files"
  (cd "$base" && tar --numeric-owner -cf - -T "$tmp/files") | tar --numeric-owner --keep-directory-symlink -xpf - -C "$root"
  ln -s ../usr/lib/os-release "$root/etc/os-release"
  mkdir -p "$root/etc" "$root/tmp" "$root/root" "$root/home/nonroot" "$root/nodejs/bin" "$root/app"
  chmod 1777 "$root/tmp"
  chmod 700 "$root/root" "$root/home/nonroot"
  chown 65532:65532 "$root/home/nonroot"
  printf '%s\n' 'root:x:0:0:root:/root:/sbin/nologin' 'nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin' \
    'nonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin' > "$root/etc/passwd"
  printf '%s\n' 'root:x:0:' 'nobody:x:65534:' 'tty:x:5:' 'staff:x:50:' 'nonroot:x:65532:' > "$root/etc/group"
  printf '%s\n' 'hosts: files dns' 'networks: files' 'protocols: files' 'services: files' > "$root/etc/nsswitch.conf"
  cp "$(readlink -f "$node")" "$root/nodejs/bin/node"
  chmod 755 "$root/nodejs/bin/node"
  # The Dockerfile's final stage: /app with package.json, node_modules, lib, bin; root-owned.
  cp -a "$tmp/src/package.json" "$tmp/src/node_modules" "$tmp/src/lib" "$tmp/src/bin" "$root/app/"
  chown -R 0:0 "$root/app"
  rm -rf "$base" "$tmp/src"
  pack "$root" "dynamo-iac/operator:$version" "$tmp/out" \
    --config.user 65532:65532 --config.workingdir /app \
    --config.entrypoint /nodejs/bin/node --config.entrypoint /app/bin/dynamo-iac --config.cmd operator \
    --config.env "PATH=$IMAGE_PATH" --config.env SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt \
    --config.label "org.opencontainers.image.version=$version"
}

image_operator() {
  local node version h file
  node="$(node24)" || die "Node 24 is needed to build the operator bundle (.ci/node24.sh failed)"
  version="$(cd "$repo" && "$node" -p "require('./package.json').version")"
  h="$({
    echo "recipe=$OPERATOR_RECIPE base=$base_hash node=$("$node" --version) packages=${OPERATOR_BASE_PACKAGES[*]}"
    sha256sum < "$repo/Dockerfile"
    (cd "$repo" && operator_files | xargs -0 sha256sum)
  } | hash_of)"
  file="$out_dir/operator-$version-$h.tar"
  cached OPERATOR_IMAGE "$file" "operator $version" && return 0
  need umoci skopeo git
  ensure_base
  build_once "$file" "operator image $version" make_operator "$node" "$version"
}

# --- dynamo runtime --------------------------------------------------------------------------
make_runtime() {
  local tmp="$1" wheels="$2" root
  root="$tmp/rootfs"
  unpack_base "$root"
  # Wheels are fetched by the host's pip (the host's CA bundle and proxy settings apply; a chroot
  # has neither), then installed in the chroot with no index: exactly the lock file, no resolver.
  mkdir -p "$root/wheels" "$root/models"
  cp "$here/dynamo-runtime.lock.txt" "$root/tmp/lock.txt"
  cp "$here/make-tiny-model.py" "$root/tmp/make-tiny-model.py"
  log "dynamo-runtime: installing $(grep -c -- '--hash=' "$here/dynamo-runtime.lock.txt") pinned wheels into /opt/dynamo…"
  env -i PATH="$IMAGE_PATH" HOME=/root LANG=C.UTF-8 unshare --mount --propagation private -- sh -ec '
    r="$1"; mount -t proc proc "$r/proc"; mount --rbind /dev "$r/dev"; mount --bind -o ro "$2" "$r/wheels"
    chroot "$r" python3 -m venv /opt/dynamo
    chroot "$r" /opt/dynamo/bin/pip install --quiet --no-cache-dir --disable-pip-version-check --no-compile \
      --no-index --find-links /wheels --no-deps --require-hashes -r /tmp/lock.txt
    chroot "$r" /opt/dynamo/bin/python -m pip uninstall --quiet --yes pip setuptools
    chroot "$r" /opt/dynamo/bin/python -B /tmp/make-tiny-model.py /models/tiny
    # Bytecode only for the modules the frontend and the mocker load (their --help imports the
    # same ~140 modules as serving does): 3 MB instead of 170 MB for everything, and a start
    # ~2 s faster than compiling at every container start.
    find "$r/opt/dynamo" -name __pycache__ -type d -prune -exec rm -rf {} +
    chroot "$r" /opt/dynamo/bin/python -m dynamo.frontend --help > /dev/null
    chroot "$r" /opt/dynamo/bin/python -m dynamo.mocker --help > /dev/null
  ' sh "$root" "$wheels" > "$tmp/install.log" 2>&1 || { tail -30 "$tmp/install.log" >&2; return 1; }
  rmdir "$root/wheels"
  rm -rf "$root"/tmp/* "$root"/root/.cache
  pack "$root" "$RUNTIME_REF" "$tmp/out" \
    --config.env "PATH=/opt/dynamo/bin:$IMAGE_PATH" --config.env VIRTUAL_ENV=/opt/dynamo \
    --config.env LANG=C.UTF-8 --config.env HOME=/root --config.env HF_HUB_OFFLINE=1 \
    --config.workingdir / --config.cmd python3
}

# The lock file's wheels, downloaded once into a shared wheelhouse (checked against the lock's hashes).
ensure_wheels() {
  local wheels="$out_dir/wheels"
  mkdir -p "$wheels"
  if ! env -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL pip3 download --quiet --disable-pip-version-check \
    --no-index --find-links "$wheels" --no-deps --require-hashes -r "$here/dynamo-runtime.lock.txt" -d "$wheels" > /dev/null 2>&1; then
    log "dynamo-runtime: downloading wheels from PyPI into $wheels…"
    env -u PIP_FIND_LINKS pip3 download --quiet --disable-pip-version-check --only-binary=:all: \
      --no-deps --require-hashes -r "$here/dynamo-runtime.lock.txt" -d "$wheels" >&2
  fi
  echo "$wheels"
}

image_dynamo_runtime() {
  local h file wheels
  h="$({ echo "recipe=$RUNTIME_RECIPE base=$base_hash"; sha256sum < "$here/dynamo-runtime.lock.txt"; sha256sum < "$here/make-tiny-model.py"; } | hash_of)"
  file="$out_dir/dynamo-runtime-1.6.1-$h.tar"
  cached DYNAMO_RUNTIME_IMAGE "$file" "dynamo-runtime 1.6.1" && return 0
  need umoci skopeo pip3
  ensure_base
  wheels="$(ensure_wheels)"
  build_once "$file" "dynamo-runtime image 1.6.1" make_runtime "$wheels"
}

total_start=$SECONDS
for image in "${images[@]}"; do
  case "$image" in
    pause) image_pause ;;
    operator) image_operator ;;
    dynamo-runtime) image_dynamo_runtime ;;
  esac
done
if [[ $missing -ne 0 ]]; then
  log "some images are not built; run: bash test/node/images/build.sh ${images[*]}"
  exit 3
fi
log "images ready in $((SECONDS - total_start))s"
if $print_paths; then printf '%s\n' "${paths[@]}"; fi
