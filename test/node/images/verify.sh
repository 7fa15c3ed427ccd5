#!/usr/bin/env bash
# Checks the built images outside any cluster, as the e2e node will run them (README: "Verify"):
#   operator        the image's entrypoint with `--help` and `operator --help`, chrooted into the
#                   unpacked image, as the image's user (65532:65532), root filesystem read-only
#   dynamo-runtime  a mocker worker and a frontend from the image, in a network namespace of our
#                   own holding only `lo`: GET /v1/models lists `tiny`, a chat completion with
#                   max_tokens 8 reports completion_tokens 8 and visible text
# Every mount is made in a private mount namespace and every process in namespaces that end with
# the script; nothing leaves the machine (no interface but loopback).
#
# Usage: sudo bash test/node/images/verify.sh [operator] [dynamo-runtime]   (default: both)
# The images are built (or found in the cache) by build.sh.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
checks=("$@")
[[ ${#checks[@]} -gt 0 ]] || checks=(operator dynamo-runtime)
log() { echo "[images verify] $*" >&2; }
[[ $EUID -eq 0 ]] || { log "ERROR: needs root (chroot, namespaces)"; exit 1; }

eval "$(bash "$here/build.sh" --cached-only --print-paths "${checks[@]}")"
work="$(mktemp -d /tmp/dynamo-iac-images-verify.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# unpack <tar> <dir>: the image's root filesystem at <dir>/rootfs and its runtime config at
# <dir>/config.json (the OCI runtime spec umoci derives from the image config).
unpack() {
  skopeo copy --quiet "docker-archive:$1" "oci:$2.oci:img"
  umoci unpack --image "$2.oci:img" "$2" > /dev/null
  rm -rf "$2.oci"
}

# spec <dir> <field>: a field of the unpacked image's process: args, env (one per line), user, cwd.
spec() {
  python3 - "$1/config.json" "$2" << 'EOF'
import json, sys
p = json.load(open(sys.argv[1]))["process"]
f = sys.argv[2]
if f == "user": print(f'{p["user"]["uid"]}:{p["user"]["gid"]}')
elif f == "cwd": print(p["cwd"])
else: print("\n".join(p[f]))
EOF
}

verify_operator() {
  local dir="$work/operator" user entry=() env=() out
  unpack "$OPERATOR_IMAGE" "$dir"
  user="$(spec "$dir" user)"
  mapfile -t entry < <(spec "$dir" args)
  mapfile -t env < <(spec "$dir" env)
  [[ "$user" == 65532:65532 ]] || { log "operator: image user is $user, want 65532:65532"; return 1; }
  [[ "${entry[*]}" == "/nodejs/bin/node /app/bin/dynamo-iac operator" ]] || { log "operator: entrypoint+cmd is '${entry[*]}'"; return 1; }
  [[ "$(spec "$dir" cwd)" == /app ]] || { log "operator: working directory is not /app"; return 1; }
  # The image's entrypoint, without its CMD, plus our arguments; as the image's user; the root
  # filesystem read-only (the platform renders readOnlyRootFilesystem for the operator).
  run_operator() {
    # No shell or env in the image: the environment is set outside, then chroot execs Node.
    unshare --mount --propagation private -- sh -ec '
      r="$1"; shift
      mount --bind "$r" "$r"; mount -o remount,bind,ro "$r"
      mount -t tmpfs tmpfs "$r/tmp"
      exec env -i "$@"' sh "$dir/rootfs" \
      "${env[@]}" HOME=/home/nonroot /usr/sbin/chroot --userspec="$user" "$dir/rootfs" "${entry[@]:0:2}" "$@"
  }
  out="$(run_operator --help)"
  grep -q 'operator' <<< "$out" || { log "operator: --help does not mention the operator command:"; echo "$out" >&2; return 1; }
  run_operator operator --help > /dev/null
  local uid
  uid="$(unshare --mount --propagation private -- chroot --userspec="$user" "$dir/rootfs" /nodejs/bin/node -p 'process.getuid() + ":" + process.getgid()')"
  [[ "$uid" == 65532:65532 ]] || { log "operator: node runs as $uid"; return 1; }
  log "operator: OK — '${entry[*]:0:2} --help' and 'operator --help' ran as $uid in a read-only chroot of $(basename "$OPERATOR_IMAGE")"
  echo "$out" | head -5 >&2
}

verify_runtime() {
  local dir="$work/runtime" env=()
  unpack "$DYNAMO_RUNTIME_IMAGE" "$dir"
  mapfile -t env < <(spec "$dir" env)
  # The same flags and env the e2e graphs give a worker and a frontend, but with file discovery
  # (no Kubernetes here): DYN_DISCOVERY_BACKEND=file with DYN_FILE_KV, TCP request plane.
  local port=18787
  unshare --net --mount --propagation private -- bash -ec '
    r="$1"; port="$2"; shift 2
    ip link set lo up
    mount -t proc proc "$r/proc"; mount --rbind /dev "$r/dev"; mount -t tmpfs tmpfs "$r/tmp"
    dyn=(env -i "$@" DYN_DISCOVERY_BACKEND=file DYN_FILE_KV=/tmp/dynamo-kv DYN_REQUEST_PLANE=tcp)
    start=$(date +%s%N)
    chroot "$r" "${dyn[@]}" python3 -m dynamo.mocker --model-path /models/tiny --model-name tiny > "$r/../mocker.log" 2>&1 &
    mocker=$!
    chroot "$r" "${dyn[@]}" python3 -m dynamo.frontend --http-port "$port" > "$r/../frontend.log" 2>&1 &
    frontend=$!
    trap "kill $mocker $frontend 2> /dev/null || true; wait" EXIT
    for _ in $(seq 1 240); do
      curl -sf "127.0.0.1:$port/v1/models" 2> /dev/null | grep -q "\"tiny\"" && break
      sleep 0.25
    done
    echo "ready_ms=$((($(date +%s%N) - start) / 1000000))"
    echo "models=$(curl -sf "127.0.0.1:$port/v1/models")"
    echo "chat=$(curl -sf "127.0.0.1:$port/v1/chat/completions" -H "content-type: application/json" \
      -d "{\"model\":\"tiny\",\"messages\":[{\"role\":\"user\",\"content\":\"hello\"}],\"max_tokens\":8}")"
  ' sh "$dir/rootfs" "$port" "${env[@]}" > "$work/serve.out" || true
  local ready models chat
  ready="$(sed -n 's/^ready_ms=//p' "$work/serve.out")"
  models="$(sed -n 's/^models=//p' "$work/serve.out")"
  chat="$(sed -n 's/^chat=//p' "$work/serve.out")"
  if ! python3 - "$models" "$chat" << 'EOF'; then
import json, sys
models, chat = json.loads(sys.argv[1]), json.loads(sys.argv[2])
assert [m["id"] for m in models["data"]] == ["tiny"], models
assert chat["usage"]["completion_tokens"] == 8, chat
assert chat["choices"][0]["finish_reason"] == "length", chat
text = chat["choices"][0]["message"]["content"]
assert text and text.split() and all(w.startswith("t") for w in text.split()), chat
print(f"completion: {text!r}", file=sys.stderr)
EOF
    log "dynamo-runtime: FAILED; models=$models chat=$chat"
    tail -20 "$dir/mocker.log" "$dir/frontend.log" >&2
    return 1
  fi
  log "dynamo-runtime: OK — frontend listed 'tiny' ${ready} ms after start; chat completion: 8 tokens, finish_reason length"
}

rc=0
for c in "${checks[@]}"; do
  case "$c" in
    operator) verify_operator || rc=1 ;;
    dynamo-runtime) verify_runtime || rc=1 ;;
    *) log "unknown check: $c (operator, dynamo-runtime)"; rc=2 ;;
  esac
done
exit "$rc"
