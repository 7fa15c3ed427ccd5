/**
 * Replacing a directory as a whole: what `render -o DIR` and the GitOps writer use so that a
 * reader never sees a half-written directory.
 */
import * as fs from 'fs';

/**
 * Renames the fully written `staging` directory to `target`. With `replace`, the old `target` is
 * moved aside before the new one takes its name, and removed only after.
 */
export function swapInto(staging: string, target: string, replace: boolean): void {
  if (!replace) {
    fs.renameSync(staging, target);
    return;
  }
  const old = `${staging}.old`;
  fs.renameSync(target, old);
  try {
    fs.renameSync(staging, target);
  } catch (e) {
    fs.renameSync(old, target);
    throw e;
  }
  fs.rmSync(old, { recursive: true, force: true });
}
