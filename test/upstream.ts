/**
 * Upstream Dynamo's own files (examples, recipes, CRDs), read-only test data: the copy in the
 * workplace's shared/third_party beside the checkout (or above a worktree's parent), or
 * $DYNAMO_IAC_THIRD_PARTY, found as test/infra/build.sh finds the other third-party trees.
 */
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..');

/** The upstream copy's root directory. */
export function upstreamDir(): string {
  const candidates = [
    ...(process.env.DYNAMO_IAC_THIRD_PARTY ? [process.env.DYNAMO_IAC_THIRD_PARTY] : []),
    path.join(ROOT, '..', 'shared', 'third_party'),
    path.join(ROOT, '..', '..', 'shared', 'third_party'),
  ].map((d) => path.join(d, 'dynamo-upstream'));
  const found = candidates.find((d) => fs.existsSync(d));
  if (!found)
    throw new Error(`upstream Dynamo's files not found in ${candidates.join(' or ')}; set DYNAMO_IAC_THIRD_PARTY`);
  return found;
}

/** A file of the upstream copy, by its path there (`examples/backends/vllm/deploy/agg.yaml`). */
export const upstreamFile = (rel: string) => path.join(upstreamDir(), rel);
