/**
 * Image build step (Dockerfile, test/node/images/build.sh), after `npm run compile`'s steps and
 * before `npm prune --omit=dev`: makes the runtime operator's dependencies, optional peer
 * dependencies of the package (docs/operator-dependencies.md), plain dependencies of the image's
 * package.json (and no longer dev ones), so the prune keeps them, at the versions package-lock.json
 * pins.
 *
 *   node scripts/operator-package.cjs
 */
const fs = require('node:fs');
const path = require('node:path');

const FILE = path.join(__dirname, '..', 'package.json');
const { OPERATOR_DEPENDENCIES } = require('../lib/operator/dependencies.js');

const pkg = JSON.parse(fs.readFileSync(FILE, 'utf8'));
for (const name of Object.keys(OPERATOR_DEPENDENCIES)) {
  const range = pkg.peerDependencies?.[name];
  if (range === undefined) throw new Error(`operator-package: ${name} is not a peer dependency in package.json`);
  pkg.dependencies = { ...pkg.dependencies, [name]: range };
  delete pkg.peerDependencies[name];
  delete pkg.peerDependenciesMeta?.[name];
  // npm takes a name listed in both as a dev dependency, which the prune would drop.
  delete pkg.devDependencies?.[name];
}
fs.writeFileSync(FILE, `${JSON.stringify(pkg, null, 2)}\n`);
