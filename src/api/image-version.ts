/**
 * The runtime version an image reference states in its tag. Upstream's DGD admission requires
 * the component's runtime version override when its main image has no parseable semantic-version tag
 * (`latest`, `my-tag`, no tag, a digest only), because it gates version-dependent defaults on it.
 */

/** A semantic version, with an optional `v` and SemVer 2.0's pre-release and build parts: `1.4.0`, `v1.3.0-efa`. */
const SEMVER_TAG =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

/** `registry:5000/repo/img:1.4.0@sha256:…` → `1.4.0`; undefined without a tag (a digest is not a tag). */
export function imageTagOf(image: string): string | undefined {
  const at = image.indexOf('@');
  const name = at >= 0 ? image.slice(0, at) : image;
  const colon = name.lastIndexOf(':');
  return colon > name.lastIndexOf('/') ? name.slice(colon + 1) : undefined;
}

/** A semantic version as upstream's webhooks parse one (an image tag, the origin-version annotation). */
export const isSemanticVersion = (v: string): boolean => SEMVER_TAG.test(v);

/** Does the image's tag state a semantic version? */
export function hasSemverTag(image: string): boolean {
  const tag = imageTagOf(image);
  return tag !== undefined && isSemanticVersion(tag);
}
