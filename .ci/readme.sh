#!/usr/bin/env bash
# Follows the README's quickstart literally on a clean clone, so it cannot regress:
#   1. the first line of the `ci:quickstart` block (install, build lib/, synth the example app),
#   2. every line of the `ci:cli` block (the CLI, right after that first command),
#   3. every line of the `ci:kustomize` block (`kubectl kustomize` of each path of dist/ the
#      README names).
# The lines are read from README.md and run as they are written, with errexit and pipefail; the
# quickstart and CLI lines in one bash, as a user types them into one shell: the first command
# provisions Node 24 when the machine's is older than 22 (`. .ci/node24.sh`), and that must carry
# to the lines after it. This script itself does not provision Node, so on a machine with an old
# Node the check is the real one. The README's second command (npm test) is .ci/run's own step.
#
# `kubectl kustomize` is kubectl's built-in kustomize; where kubectl is not installed, a shim
# runs `kustomize build` with the kustomize CLI built from the Go module proxy and cached by
# test/infra/build.sh (group `kustomize`, v5.8.1: the kustomize library Flux's
# kustomize-controller uses in the Flux tests).
#
# Usage: bash .ci/readme.sh   (from anywhere; clones the repository's HEAD commit into a temp dir)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"

step() { printf '\n==> [readme %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
fail() { echo "readme.sh: $*" >&2; exit 1; }

# The lines of the fenced block right after the `<!-- ci:NAME ...-->` marker (blank lines dropped).
block() {
  awk -v marker="<!-- ci:$1" '
    index($0, marker) == 1 { found = 1; next }
    found && /^```/ { if (inside) exit; inside = 1; next }
    inside && NF { print }
  ' README.md
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
if ! command -v kubectl > /dev/null; then
  step "kustomize for \`kubectl kustomize\` (kubectl is not installed): test/infra/build.sh kustomize"
  kustomize="$(bash test/infra/build.sh --print-paths kustomize | sed -n 's/^KUSTOMIZE=//p')"
  [[ -x "$kustomize" ]] || fail "test/infra/build.sh did not print a kustomize binary"
  cat > "$work/bin/kubectl" << EOF
#!/usr/bin/env bash
# kubectl stand-in for the README check: only \`kubectl kustomize DIR\`.
[[ "\${1:-}" == kustomize ]] || { echo "kubectl shim: only 'kubectl kustomize' is available here" >&2; exit 2; }
shift
exec "$kustomize" build "\$@"
EOF
  chmod +x "$work/bin/kubectl"
fi
export PATH="$work/bin:$PATH"

quickstart="$(block quickstart | head -n 1)"
cli="$(block cli)"
kustomize_lines="$(block kustomize)"
[[ -n "$quickstart" && -n "$cli" && -n "$kustomize_lines" ]] \
  || fail "README.md lost a ci:quickstart, ci:cli or ci:kustomize block (each marker must precede a fenced block)"

step "clean clone of $(git rev-parse --short HEAD)"
git clone --quiet --no-checkout "$repo" "$work/clone"
git -C "$work/clone" checkout --quiet --detach "$(git rev-parse HEAD)"
cd "$work/clone"

run() {
  local line="$1" out="$work/out.log" start=$SECONDS
  printf '$ %s\n' "$line"
  if ! bash -euo pipefail -c "$line" > "$out" 2> "$work/err.log"; then
    tail -n 40 "$out" "$work/err.log" >&2
    fail "this README line failed on a clean clone: $line"
  fi
  printf '  ok in %s s, %s lines of output\n' "$((SECONDS - start))" "$(wc -l < "$out")"
}

# One shell for the first command and the CLI lines: each line is echoed, then run; the session
# stops at the first line that fails, and its output is shown.
session() {
  local line
  echo 'set -euo pipefail'
  while IFS= read -r line; do
    printf 'echo %q\n' "\$ $line"
    # In braces, in this shell: a failed `a && b` does not trip errexit, the `|| exit` does.
    printf 'start=$SECONDS\n{\n%s\n} || exit 1\n' "$line"
    printf 'printf %q "$((SECONDS - start))"\n' "  ok in %s s"$'\n'
  done
}

step "the README's first command, then the CLI lines, in one shell (node: $(node --version 2> /dev/null || echo none))"
session <<< "$quickstart"$'\n'"$cli" > "$work/session.sh"
if ! bash "$work/session.sh" > "$work/session.log" 2>&1; then
  tail -n 60 "$work/session.log" >&2
  fail "a README line failed on a clean clone (the last \$ line above)"
fi
grep -E '^(\$|  ok in)' "$work/session.log"
[[ -f lib/cli/main.js ]] || fail "lib/ was not built by the first command: the CLI cannot work"

step "kubectl kustomize of the synth output"
while IFS= read -r line; do run "$line"; done <<< "$kustomize_lines"
# Every layer the README lists builds, and together they hold every object synth wrote.
objects="$(find dist -name '*.yaml' ! -name kustomization.yaml | wc -l)"
built="$(for d in flux crds platform graphs; do kubectl kustomize "dist/$d"; done | grep -c '^kind:' || true)"
[[ "$objects" -eq "$built" ]] || fail "dist/ holds $objects object files but its layers build $built objects"
echo "  dist/: $objects objects, all reachable from flux/, crds/, platform/ and graphs/"

step "README quickstart ok"
