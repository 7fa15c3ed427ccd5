#!/usr/bin/env bash
# Checks the user command that builds the operator image without Docker (README "The operator
# image"): `npm run operator-image -- OUT.tar` writes an OCI archive that a registry tool reads.
#   - the archive is an OCI image layout: oci-layout (version 1.0.0), index.json naming one
#     manifest tagged with the package version (org.opencontainers.image.ref.name);
#   - every blob the index, the manifest and the config name is there, with its digest and size;
#   - the image config is the Dockerfile's: user 65532:65532, workdir /app, entrypoint
#     /nodejs/bin/node /app/bin/dynamo-iac, command operator;
#   - skopeo reads it as a source (what `skopeo copy oci-archive:... docker://...` pushes) and
#     copies it into an OCI layout directory (what tools that read a layout take).
# Runs the build through the command itself, so after test/node/images/build.sh (the e2e suite's
# image build, CI's background step) it only converts the cached image.
# Usage: sudo bash test/node/images/check-operator-archive.sh
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
work="$(mktemp -d /tmp/dynamo-iac-operator-archive.XXXXXX)"
trap 'rm -rf "$work"' EXIT
fail() { echo "check-operator-archive: $*" >&2; exit 1; }

bash "$repo/scripts/operator-image.sh" "$work/operator.tar"
[[ -f "$work/operator.tar" && ! -e "$work/operator.tar.tmp" ]] || fail "no archive, or a temporary one left behind"
version="$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$repo/package.json" | head -n 1)"
mkdir "$work/layout"
tar -xf "$work/operator.tar" -C "$work/layout"
python3 - "$work/layout" "$version" << 'PY' || fail "the archive is not the OCI image the Dockerfile describes"
import hashlib, json, os, sys
root, version = sys.argv[1], sys.argv[2]

def blob(descriptor):
    algorithm, digest = descriptor["digest"].split(":")
    path = os.path.join(root, "blobs", algorithm, digest)
    data = open(path, "rb").read()
    assert hashlib.new(algorithm, data).hexdigest() == digest, f"{path}: digest differs"
    assert len(data) == descriptor["size"], f"{path}: size differs"
    return data

assert json.load(open(os.path.join(root, "oci-layout"))) == {"imageLayoutVersion": "1.0.0"}, "oci-layout"
index = json.load(open(os.path.join(root, "index.json")))
assert len(index["manifests"]) == 1, "one image"
entry = index["manifests"][0]
assert entry["mediaType"] == "application/vnd.oci.image.manifest.v1+json", entry["mediaType"]
assert entry["annotations"]["org.opencontainers.image.ref.name"] == version, entry["annotations"]
manifest = json.loads(blob(entry))
config = json.loads(blob(manifest["config"]))
for layer in manifest["layers"]:
    blob(layer)
c = config["config"]
assert (config["os"], config["architecture"]) == ("linux", "amd64"), (config["os"], config["architecture"])
assert c["User"] == "65532:65532", c["User"]
assert c["WorkingDir"] == "/app", c["WorkingDir"]
assert c["Entrypoint"] == ["/nodejs/bin/node", "/app/bin/dynamo-iac"], c["Entrypoint"]
assert c["Cmd"] == ["operator"], c["Cmd"]
print(f"  OCI layout: 1 image ({version}), {len(manifest['layers'])} layer(s), every blob's digest and size checked")
PY
skopeo inspect --config "oci-archive:$work/operator.tar" > /dev/null || fail "skopeo cannot read the archive"
skopeo copy --quiet "oci-archive:$work/operator.tar" "oci:$work/copy:$version" || fail "skopeo cannot copy the archive"
echo "check-operator-archive: ok ($(du -m "$work/operator.tar" | cut -f1) MB)"
