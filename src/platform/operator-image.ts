/**
 * The operator image: its default reference and pull policy. Kept apart from the platform render
 * so the CLI can name the default in its help without loading the render.
 */
import type { PlatformOptions } from './platform-options';

/**
 * Where a release publishes the operator image, built from this package's Dockerfile
 * (`docker build -t <ref> .` at the repository root; README, "The operator image").
 */
export const DEFAULT_OPERATOR_IMAGE_REPOSITORY = 'ghcr.io/dynamo-iac/dynamo-iac-operator';

/**
 * Whether a release has published the default image. Until one has, every front end that renders
 * the platform with the default image says so, in one line (`unpublishedImageWarning`).
 */
export const DEFAULT_OPERATOR_IMAGE_PUBLISHED = false;

/**
 * The warning for a platform rendered with the default image while it is not published (pods
 * would fail to pull it); undefined once it is, or when an image is given. `imageOption` is how
 * the front end's user sets it (`--image`, the `image` prop).
 */
export function unpublishedImageWarning(
  opts: Pick<PlatformOptions, 'image' | 'version'>,
  imageOption: string,
): string | undefined {
  if (opts.image !== undefined || DEFAULT_OPERATOR_IMAGE_PUBLISHED) return undefined;
  return (
    `the operator image ${operatorImage(opts)} is not published yet: build it (npm run operator-image, ` +
    `or docker build; README "The operator image"), push it, and set ${imageOption}`
  );
}

export function operatorImage(opts: Pick<PlatformOptions, 'image' | 'version'>): string {
  return opts.image ?? `${DEFAULT_OPERATOR_IMAGE_REPOSITORY}:${opts.version}`;
}

/**
 * Kubernetes' default pull policy, written out so the applied object reads back as rendered:
 * `Always` for a `latest` or untagged image, `IfNotPresent` for any other tag or a digest (an
 * image imported into the node, or a pinned release, is then not pulled again).
 */
export function defaultPullPolicy(image: string): 'Always' | 'IfNotPresent' {
  if (image.includes('@')) return 'IfNotPresent';
  const last = image.slice(image.lastIndexOf('/') + 1);
  const colon = last.indexOf(':');
  return colon < 0 || last.slice(colon + 1) === 'latest' ? 'Always' : 'IfNotPresent';
}
