#!/usr/bin/env bash
# Runs a command inside the running test node's network namespace, the only place its API server,
# Services and pods can be reached: with KUBECONFIG set to the node's admin kubeconfig and the
# node's binaries (kubectl, crictl, ...) first on PATH, as the calling user, in the caller's working
# directory and environment. Long-running commands (an e2e `npx jest ...`) are fine; the exit code
# is the command's.
#
# Usage: bash test/node/exec.sh <command> [args...]
#   e.g. bash test/node/exec.sh kubectl get pods -A
#        bash test/node/exec.sh npx jest --ci test/e2e
# Inside, DYNAMO_IAC_NODE_HOST_PID names this script's process (it stays in the host's namespaces),
# so `node.sh stop` / `check-clean` called from inside still act on the host.
set -euo pipefail

# shellcheck source=lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

[[ $# -gt 0 ]] || die "usage: bash test/node/exec.sh <command> [args...]"
node_running || die "the node is not running (start it: npm run node:start)"

export KUBECONFIG="$run/admin.kubeconfig" PATH="$run/bin:$PATH" DYNAMO_IAC_NODE_HOST_PID=$$
# Not `exec`: this process stays outside as the handle to the host's namespaces. The command runs in
# the foreground, so a terminal's Ctrl-C reaches it as usual.
if [[ $(id -u) -eq 0 ]]; then
  ip netns exec "$NETNS" "$@"
else
  # Entering a network namespace needs root; setpriv drops straight back to the caller.
  sudo --preserve-env ip netns exec "$NETNS" \
    setpriv --reuid="$(id -u)" --regid="$(id -g)" --init-groups -- env PATH="$PATH" "$@"
fi
