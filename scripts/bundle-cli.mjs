/**
 * Build step (part of `npm run compile`, after tsc): the CLI as one file per command, so a cold
 * `dynamo-iac` resolves and reads a handful of files instead of ~170 modules.
 *
 *   lib/cli/main.bundle.js          the program, its options and help (what `--help` loads)
 *   lib/cli/run-<cmd>.bundle.js     what render, validate, plan and gitops do, loaded when they run
 *
 * Left outside every bundle and loaded from lib/ as compiled: report.js (CliError must be one
 * class for all bundles), what `crds`, `platform` and `operator` run (only they load it), and
 * ajv's schema compiler (needed only where no generated validator exists). The generated CRD
 * validators and the core/v1 models bundle are found by path, as from lib/api.
 * bin/dynamo-iac starts main.bundle.js; test/cli/loading.test.ts checks what each command loads.
 *
 *   node scripts/bundle-cli.mjs
 */
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib', 'cli');
const COMMANDS = ['render', 'validate', 'plan', 'gitops'];

/** Imports (as written in the compiled lib/cli code) that stay separate files, and where they point. */
const SEAMS = {
  ...Object.fromEntries(COMMANDS.map((c) => [`./run-${c}`, `./run-${c}.bundle.js`])),
  './report': './report.js',
  // `crds` and `platform` are small commands: they load these compiled modules from lib/.
  '../crds': '../crds/index.js',
  '../render/platform': '../render/platform.js',
  '../render/platform-options': '../render/platform-options.js',
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

await build({
  entryPoints: Object.fromEntries(
    [['main', 'main'], ...COMMANDS.map((c) => [`run-${c}`, `run-${c}`])].map(([out, file]) => [
      `${out}.bundle`,
      join(CLI, `${file}.js`),
    ]),
  ),
  outdir: CLI,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  plugins: [seams],
  logLevel: 'warning',
});
