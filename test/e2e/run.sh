#!/usr/bin/env bash
# `npm run test:e2e`: the real-node suite.
#  1. builds (once; cached under ~/.cache/dynamo-iac) what it needs while the machine can still
#     reach the Go module proxy and Debian: the node's binaries, Flux's kustomize-controller, Argo
#     CD (and Redis, kustomize), the Pulumi engine, and the images (pause, the operator from the Dockerfile's recipe, the Dynamo
#     runtime);
#  2. starts the real node (test/node/node.sh) unless one is already up (`npm run node:start`),
#  3. runs the jest suite INSIDE the node's network namespace (test/node/exec.sh), where the
#     node's API server, Services and pods are reachable and nothing can leave the machine,
#  4. stops the node it started, whatever happened.
# Extra arguments go to jest (e.g. `npm run test:e2e -- -t disaggregated`).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"

bash test/infra/build.sh cluster node lws flux pulumi pulumilangs argo kustomize > /dev/null
bash test/node/images/build.sh > /dev/null

started=false
stop_node() {
  if $started; then bash test/node/node.sh stop; fi
}
trap stop_node EXIT
if ! bash test/node/node.sh status > /dev/null 2>&1; then
  bash test/node/node.sh start
  started=true
fi
# The node's memory while the suite runs, for the budget (reported, never asserted).
peak="$(mktemp)"
(
  max=0
  while sleep 5; do
    now="$(bash test/node/rss.sh 2> /dev/null || echo 0)"
    if ((now > max)); then max=$now && echo "$max" > "$peak"; fi
  done
) &
sampler=$!
rc=0
bash test/node/exec.sh npx jest --ci --config test/e2e/jest.config.js --runInBand "$@" || rc=$?
kill "$sampler" 2> /dev/null || true
# The suite's peak is more than one served graph (the budget's node + 3-pod graph <= 3 GiB): Flux,
# Argo CD and Pulumi's engine run on or beside the node in some tests, next to the operator and graphs.
echo "[e2e] peak RSS of the node, its pods and the test process over the whole suite (Flux, Argo CD, Pulumi and the graphs included): $(cat "$peak" 2> /dev/null || echo '?') MiB"
rm -f "$peak"
exit "$rc"
