#!/usr/bin/env bash
# What a user on today's Pulumi does: `npm install @pulumi/pulumi@latest @pulumi/kubernetes@latest
# dynamo-iac` in an empty project, with no flags. Packs this checkout (lib/ must be built) and
# installs the tarball next to the newest Pulumi packages the registry has; then loads both entry
# points, so a peer range that excludes today's Pulumi, or a missing file in the package, fails here;
# and checks that the runtime operator's dependencies are not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

before="$(sha256sum package.json)"
tarball="$(npm pack --silent --pack-destination "$work" | tail -1)"
[[ "$(sha256sum package.json)" == "$before" ]] || { echo "pack-install: npm pack left package.json changed" >&2; exit 1; }

# A lean package: no development fields or lifecycle scripts in its package.json (they made npm
# warn on install), no source maps pointing into the unshipped src/.
tar -xzf "$work/$tarball" -C "$work" package/package.json
node -e '
const p = require(process.argv[1]);
const dev = ["scripts", "devDependencies", "jest", "overrides", "devEngines", "allowScripts", "//"].filter((f) => f in p);
if (dev.length) throw new Error(`the packed package.json has development fields: ${dev.join(", ")}`);
' "$work/package/package.json"
if tar -xzf "$work/$tarball" -O --wildcards 'package/lib/*.js' | grep -q 'sourceMappingURL'; then
  echo "pack-install: lib/ in the tarball carries source maps (they point into src/, not shipped)" >&2
  exit 1
fi
echo "packed $(du -h "$work/$tarball" | cut -f1): no development fields, no source maps"

mkdir "$work/app"
cd "$work/app"
npm init -y > /dev/null
# No --force, --legacy-peer-deps or --ignore-scripts: the install must succeed as a user runs it,
# and without a warning about this package.
npm install --no-audit --no-fund @pulumi/pulumi@latest @pulumi/kubernetes@latest "$work/$tarball" 2> "$work/install.err"
cat "$work/install.err" >&2
# (npm's allow-scripts warning names each package with an install script: never this one.)
if grep -i 'warn' "$work/install.err" | grep -q 'dynamo-iac'; then
  echo "pack-install: npm warned about dynamo-iac on install (above)" >&2
  exit 1
fi
node -e '
const pulumiVersion = require("@pulumi/pulumi/package.json").version;
const iac = require("dynamo-iac");
const p = require("dynamo-iac/pulumi");
const core = require("dynamo-iac/core");
for (const name of ["DynamoGraphDeployment", "setPlatformSettings"]) if (!iac[name]) throw new Error(`dynamo-iac exports no ${name}`);
if (iac.renderManifest) throw new Error("dynamo-iac exports the render core: it belongs to dynamo-iac/core");
for (const name of ["DynamoGraphDeployment", "DynamoGraph", "DynamoCrds"]) if (!p[name]) throw new Error(`dynamo-iac/pulumi exports no ${name}`);
for (const name of ["renderManifests", "crdManifests"]) if (!core[name]) throw new Error(`dynamo-iac/core exports no ${name}`);
console.log(`installed ${require("dynamo-iac/package.json").name} next to @pulumi/pulumi ${pulumiVersion} and @pulumi/kubernetes ${require("@pulumi/kubernetes/package.json").version}: the three entry points load`);
'
# The runtime operator's dependencies are optional peers (docs/operator-dependencies.md): a library
# user's install has none of them, and `dynamo-iac operator` says in one line what to install.
for dep in @kubernetes/client-node pino prom-client; do
  if [[ -e "node_modules/$dep" ]] || find node_modules -path "*/node_modules/$dep/package.json" | grep -q .; then
    echo "pack-install: a library user's install holds the operator's dependency $dep" >&2
    exit 1
  fi
done
set +e
operator_err="$(node_modules/.bin/dynamo-iac operator 2>&1 > /dev/null)"
operator_code=$?
set -e
if [[ $operator_code != 1 || "$operator_err" != "dynamo-iac operator: @kubernetes/client-node, pino, prom-client not installed;"* || "$operator_err" == *$'\n'* ]]; then
  printf 'pack-install: `dynamo-iac operator` without its dependencies (exit %s):\n%s\n' "$operator_code" "$operator_err" >&2
  exit 1
fi
echo "no operator dependencies installed ($(du -sh node_modules | cut -f1) node_modules); ${operator_err%%;*}"
