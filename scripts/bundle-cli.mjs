/**
 * Build step (part of `npm run compile`, after tsc): the CLI as one bundle split into shared
 * chunks, so a cold `dynamo-iac` resolves and reads a handful of files instead of ~170 modules,
 * and no module is shipped twice.
 *
 *   lib/cli/main.bundle.js           the program, its options and help (what `--help` loads)
 *   lib/cli/run-<cmd>.bundle.js      what render, validate, plan and gitops do, loaded when they run
 *   lib/cli/chunk-<hash>.bundle.js   the modules two or more of the above share, one chunk for
 *                                    each set of entries that loads them (esbuild's code splitting)
 *
 * esbuild splits only ES module output; the CLI is CommonJS (bin/dynamo-iac requires it, and the
 * V8 code cache in code-cache.ts hooks CommonJS loading), so each split file is then turned into
 * CommonJS on its own: a chunk's imports become require() calls of the other chunks.
 *
 * Left outside every bundle and loaded from lib/ as compiled: report.js (CliError must be one
 * class for the bundles and the compiled modules), what `crds`, `platform` and `operator` run
 * (only they load it), and ajv's schema compiler (needed only where no generated validator
 * exists). The generated CRD validators and the core/v1 models bundle are found by path, as
 * from lib/api. bin/dynamo-iac starts main.bundle.js; test/cli/loading.test.ts checks what each
 * command loads and that no module is in two files.
 *
 *   node scripts/bundle-cli.mjs
 */
import { build, transform } from 'esbuild';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib', 'cli');
const COMMANDS = ['render', 'validate', 'plan', 'gitops'];
const ENTRIES = ['main', ...COMMANDS.map((c) => `run-${c}`)];

/** Imports (as written in the compiled lib/cli code) that stay separate files, and where they point. */
const SEAMS = {
  // Each command's work is its own entry, loaded when the command runs.
  ...Object.fromEntries(COMMANDS.map((c) => [`./run-${c}`, `./run-${c}.bundle.js`])),
  './report': './report.js',
  // `crds` and `platform` are small commands: they load these compiled modules from lib/.
  '../crds': '../crds/index.js',
  '../render/platform': '../render/platform.js',
  '../render/platform-options': '../render/platform-options.js',
  '../operator/dependencies': '../operator/dependencies.js',
  '../operator/main': '../operator/main.js',
  // From lib/api/validate/crd-schema.js; the bundle lives in lib/cli.
  './crd-schema-compile': '../api/validate/crd-schema-compile.js',
};

const seams = {
  name: 'seams',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = SEAMS[args.path];
      if (target === undefined) return undefined;
      // Only the import sites these names mean: lib/cli for the CLI's own, lib/api/validate for the compiler.
      const site = args.path === './crd-schema-compile' ? join(CLI, '..', 'api', 'validate') : CLI;
      return args.resolveDir === site ? { path: target, external: true } : undefined;
    });
  },
};

const { outputFiles } = await build({
  entryPoints: Object.fromEntries(ENTRIES.map((e) => [`${e}.bundle`, join(CLI, `${e}.js`)])),
  outdir: CLI,
  chunkNames: 'chunk-[hash].bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  plugins: [seams],
  // Module names in the output as in the package (node_modules/…), wherever node_modules really is.
  preserveSymlinks: true,
  write: false,
  logLevel: 'warning',
});

// A rebuild must not leave the previous build's chunks behind (their names are content hashes).
mkdirSync(CLI, { recursive: true });
for (const old of readdirSync(CLI)) if (old.endsWith('.bundle.js')) rmSync(join(CLI, old));

for (const file of outputFiles) {
  const name = basename(file.path);
  let { code } = await transform(file.text, { format: 'cjs', platform: 'node', target: 'node22', logLevel: 'warning' });
  // An entry is compiled CommonJS, which the ES module output exports as `default`: hand its own
  // exports to whoever requires the bundle (bin/dynamo-iac, main's commands, run-render).
  if (ENTRIES.includes(name.replace(/\.bundle\.js$/, ''))) code += 'module.exports = module.exports.default;\n';
  writeFileSync(join(CLI, name), code);
}
