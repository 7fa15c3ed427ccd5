/** The README's programs, as the tests run them literally. */
import * as fs from 'fs';
import * as path from 'path';

const REPO = path.resolve(__dirname, '..', '..');

/** The fenced block after the README's `<!-- ci:NAME ... -->` marker (the convention of .ci/readme.sh). */
export function readmeBlock(name: string): string {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const at = readme.indexOf(`<!-- ci:${name}`);
  if (at < 0) throw new Error(`README.md has no ci:${name} block`);
  return /```[a-z]*\n([\s\S]*?)```/.exec(readme.slice(at))![1];
}
