/** The installed dynamo-iac's version, from its package.json (outside the compiled rootDir, so read at run time). */
import * as fs from 'fs';
import * as path from 'path';

export function packageVersion(): string {
  // lib/cli/package-version.js -> package.json
  const file = path.join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
