#!/usr/bin/env bash
# The runtime operator's image without Docker, as an OCI archive for any registry:
#   npm run operator-image -- dynamo-iac-operator.tar [--tag TAG]
#   skopeo copy oci-archive:dynamo-iac-operator.tar docker://registry.example.com/dynamo-iac-operator:TAG
# It is the e2e suite's image build (test/node/images/build.sh: the Dockerfile's build commands,
# run directly, on a distroless-like Debian 12 base with Node 24; cached under
# ~/.cache/dynamo-iac/images and rebuilt only when its inputs change), written as an OCI archive
# whose one image is named TAG (default: the package version).
# Needs root and: debootstrap umoci skopeo (apt-get install debootstrap umoci skopeo), Python 3
# or Node >= 22 (.ci/node24.sh).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage() { echo "usage: npm run operator-image -- OUT.tar [--tag TAG]" >&2; exit 2; }

out="" tag=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tag) [[ $# -ge 2 ]] || usage; tag="$2"; shift 2 ;;
    -h | --help) sed -n '2,10p' "$0"; exit 0 ;;
    -*) usage ;;
    *) [[ -z "$out" ]] || usage; out="$1"; shift ;;
  esac
done
[[ -n "$out" ]] || usage
command -v skopeo > /dev/null || { echo "operator-image: skopeo is missing: apt-get install debootstrap umoci skopeo" >&2; exit 1; }

tar="$(bash "$repo/test/node/images/build.sh" operator --print-paths | sed -n 's/^OPERATOR_IMAGE=//p')"
[[ -f "$tar" ]] || { echo "operator-image: the image build printed no archive" >&2; exit 1; }
[[ -n "$tag" ]] || tag="$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$repo/package.json" | head -n 1)"
# Written beside the target and renamed: a failed copy leaves no half archive under its name.
rm -f "$out.tmp"
skopeo copy --quiet "docker-archive:$tar" "oci-archive:$out.tmp:$tag"
mv -f "$out.tmp" "$out"
echo "operator-image: wrote $out (OCI archive, image $tag); push it with: skopeo copy oci-archive:$out docker://<registry>/dynamo-iac-operator:$tag" >&2
