/**
 * Loading a file of an ES-module package whose `exports` map lists only the `import` condition
 * (kubernetes-models 5 and its siblings). Node >= 22.12 can require() such a file (require(esm)),
 * but require() cannot resolve a name through an import-only exports map, so the package is found
 * by its directory on the usual node_modules search path and the file by its path.
 */
import { existsSync } from 'fs';
import { createRequire } from 'module';
import { join } from 'path';

const roots = new Map<string, string>();

/**
 * Node's own require: inside the CLI bundles `require` is esbuild's stand-in (without
 * resolve.paths), and under jest jest's, which cannot load an ES module.
 */
const nodeRequire = createRequire(__filename);

/** The directory of an installed package, found on the usual node_modules search path. */
export function packageRoot(name: string): string {
  let root = roots.get(name);
  if (root === undefined) {
    root = (nodeRequire.resolve.paths(name) ?? [])
      .map((dir) => join(dir, name))
      .find((dir) => existsSync(join(dir, 'package.json')));
    if (root === undefined) throw new Error(`cannot find the package ${name} (is it installed?)`);
    roots.set(name, root);
  }
  return root;
}

/** The module `<package>/<file>` (a path inside the package, with its extension). */
export function requireEsmFile<T>(pkg: string, file: string): T {
  return nodeRequire(join(packageRoot(pkg), file)) as T;
}
