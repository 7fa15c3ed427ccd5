/**
 * The published package.json holds what a user's install reads, nothing of this repository's
 * development: `npm pack` / `npm publish` run `prepack` (strip), pack, then `postpack` (restore).
 * Without this the tarball carried `prepare: projen prepare` (npm's allow-scripts warning on
 * install), the devDependencies, the jest config and npm settings meant for this checkout.
 *
 *   node scripts/package-json.cjs strip     (prepack: keeps the original beside it)
 *   node scripts/package-json.cjs restore   (postpack)
 *
 * npm runs postpack from the manifest it read before prepack, so stripping `scripts` does not
 * lose it.
 */
const fs = require('node:fs');
const path = require('node:path');

const FILE = path.join(__dirname, '..', 'package.json');
const BACKUP = path.join(__dirname, '..', '.package.json.prepack');
/** Fields only this repository's development uses. */
const DEV_FIELDS = ['scripts', 'devDependencies', 'jest', 'overrides', 'devEngines', 'allowScripts', '//'];

function strip() {
  // A backup left by an interrupted pack is the real file: never overwrite it with a stripped one.
  if (!fs.existsSync(BACKUP)) fs.copyFileSync(FILE, BACKUP);
  const pkg = JSON.parse(fs.readFileSync(BACKUP, 'utf8'));
  for (const field of DEV_FIELDS) delete pkg[field];
  fs.writeFileSync(FILE, `${JSON.stringify(pkg, null, 2)}\n`);
}

function restore() {
  if (fs.existsSync(BACKUP)) fs.renameSync(BACKUP, FILE);
}

const command = process.argv[2];
if (command === 'strip') strip();
else if (command === 'restore') restore();
else {
  process.stderr.write('usage: node scripts/package-json.cjs strip|restore\n');
  process.exit(2);
}
module.exports = { DEV_FIELDS };
