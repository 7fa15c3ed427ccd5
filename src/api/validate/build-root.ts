/**
 * The tree the build writes generated code into: `lib` for the compiled package (`src` or
 * `.bench/src` when running from sources, where nothing is generated). Modules here are in
 * `<root>/api/validate`; inlined in the CLI bundles they run from `<root>/cli`.
 */
import * as path from 'path';

export const BUILD_ROOT =
  path.basename(__dirname) === 'cli' ? path.dirname(__dirname) : path.join(__dirname, '..', '..');
