/**
 * The installed dynamo-iac's version, for the CLI's `--version` and the operator image tag the
 * platform renders. Read from package.json at run time (it stands outside the compiled rootDir),
 * found by walking up from this file: the same code runs from src/, from lib/ and inlined in the
 * CLI bundles under lib/cli/.
 */
import * as fs from 'fs';
import * as path from 'path';

const PACKAGE_NAME = 'dynamo-iac';

let cached: string | undefined;

/** The version; `fallback` when no dynamo-iac package.json is found (else that is an error). */
export function packageVersion(fallback?: string): string {
  cached ??= findVersion();
  if (cached !== undefined) return cached;
  if (fallback !== undefined) return fallback;
  throw new Error(`cannot find the package.json of ${PACKAGE_NAME} above ${__dirname}`);
}

function findVersion(): string | undefined {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === PACKAGE_NAME) return pkg.version;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}
