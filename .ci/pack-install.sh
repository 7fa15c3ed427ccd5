#!/usr/bin/env bash
# What a user on today's Pulumi does: `npm install @pulumi/pulumi@latest @pulumi/kubernetes@latest
# dynamo-iac` in an empty project, with no flags. Packs this checkout (lib/ must be built) and
# installs the tarball next to the newest Pulumi packages the registry has; then loads both entry
# points, so a peer range that excludes today's Pulumi, or a missing file in the package, fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

tarball="$(npm pack --silent --pack-destination "$work" | tail -1)"
mkdir "$work/app"
cd "$work/app"
npm init -y > /dev/null
# No --force, --legacy-peer-deps or --ignore-scripts: the install must succeed as a user runs it.
npm install --no-audit --no-fund @pulumi/pulumi@latest @pulumi/kubernetes@latest "$work/$tarball"
node -e '
const pulumiVersion = require("@pulumi/pulumi/package.json").version;
const iac = require("dynamo-iac");
const p = require("dynamo-iac/pulumi");
for (const name of ["DynamoGraphDeployment", "renderManifest"]) if (!iac[name]) throw new Error(`dynamo-iac exports no ${name}`);
for (const name of ["DynamoGraph", "DynamoCrds"]) if (!p[name]) throw new Error(`dynamo-iac/pulumi exports no ${name}`);
console.log(`installed ${require("dynamo-iac/package.json").name} next to @pulumi/pulumi ${pulumiVersion} and @pulumi/kubernetes ${require("@pulumi/kubernetes/package.json").version}: both entry points load`);
'
