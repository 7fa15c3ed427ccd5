#!/usr/bin/env bash
# Fails when docs/api/ is not what `npm run docs:api` generates from the current TSDoc (CI runs it).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
npx typedoc --logLevel Warn --out "$out"
if ! diff -r docs/api "$out"; then
  echo "docs/api/ is stale: run 'npm run docs:api' and commit the result" >&2
  exit 1
fi
echo "docs/api/ is up to date"
