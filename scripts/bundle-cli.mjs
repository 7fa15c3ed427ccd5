/**
 * Build step (part of `npm run compile`, after tsc): the CLI as one bundle split into shared
 * chunks, so a cold `dynamo-iac` resolves and reads a handful of files instead of ~170 modules,
 * and no module is shipped twice.
 *
 *   lib/cli/main.bundle.js           the program and its command table: options and help (what `--help` loads)
 *   lib/cli/<command>.bundle.js      what each command does (src/cli/commands/), loaded when it runs
 *   lib/cli/gitops-tree.bundle.js    the GitOps writer, loaded by `gitops` and `render --layout gitops` only
 *   lib/cli/yaml.bundle.js           the yaml package, loaded only for manifests js-yaml cannot read
 *   lib/cli/chunk-<hash>.bundle.js   the modules two or more of the above share, one chunk for
 *                                    each set of entries that loads them (esbuild's code splitting)
 *
 * esbuild splits only ES module output; the CLI is CommonJS (bin/dynamo-iac requires it, and the
 * V8 code cache in code-cache.ts hooks CommonJS loading), so each split file is then turned into
 * CommonJS on its own: a chunk's imports become require() calls of the other chunks.
 *
 * Left outside every bundle and loaded from lib/ as compiled: report.js (CliError must be one
 * class for the bundles and the compiled modules) and stdio.js (which it writes with), the CRD, platform and operator modules that
 * `crds`, `platform`, `operator` and `gitops` load, and ajv's schema compiler (needed only where
 * no generated validator exists). The generated CRD validators are
 * found by path, as from lib/api. bin/dynamo-iac starts main.bundle.js; test/cli/loading.test.ts checks what each
 * command loads and that no module is in two files.
 *
 *   node scripts/bundle-cli.mjs
 */
import { build, transform } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'lib', 'cli');
const LIB = join(CLI, '..');
/** src/cli/commands/<name>.ts, one per row of the command table. */
const COMMANDS = readdirSync(join(CLI, 'commands'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => basename(f, '.js'));
/** Modules of src/cli that a command requires only on some paths: each a bundle of its own, like a command. */
const LAZY = ['gitops-tree'];
/**
 * Packages the CLI requires only on some paths, each a bundle of its own: `yaml` reads only the
 * manifests js-yaml cannot (errors, aliases, directives; src/api/parse.ts), and in the render
 * chunk its ~260 kB were a third of what every cold render loaded.
 */
const LAZY_PACKAGES = { yaml: join(LIB, '..', 'node_modules', 'yaml', 'dist', 'index.js') };
const ENTRIES = {
  ...LAZY_PACKAGES,
  main: join(CLI, 'main.js'),
  ...Object.fromEntries(COMMANDS.map((c) => [c, join(CLI, 'commands', `${c}.js`)])),
  ...Object.fromEntries(LAZY.map((m) => [m, join(CLI, `${m}.js`)])),
};

/** Compiled modules (under lib/) that stay separate files when the CLI imports them, and where they are from lib/cli. */
const SEAMS = {
  // Each command's work is its own entry, loaded when the command runs.
  ...Object.fromEntries(COMMANDS.map((c) => [join(CLI, 'commands', `${c}.js`), `./${c}.bundle.js`])),
  ...Object.fromEntries(LAZY.map((m) => [join(CLI, `${m}.js`), `./${m}.bundle.js`])),
  [join(CLI, 'report.js')]: './report.js',
  // One module for the CLI's writes to stdout and stderr, whether a bundle or report.js writes.
  [join(CLI, 'stdio.js')]: './stdio.js',
  // The code cache bin/dynamo-iac loaded, asked where a bug's stack trace points.
  [join(CLI, 'code-cache.js')]: './code-cache.js',
  // Loaded from lib/ only by the commands that need them.
  [join(LIB, 'crds', 'index.js')]: '../crds/index.js',
  [join(LIB, 'platform', 'platform.js')]: '../platform/platform.js',
  [join(LIB, 'platform', 'platform-options.js')]: '../platform/platform-options.js',
  [join(LIB, 'operator', 'dependencies.js')]: '../operator/dependencies.js',
  [join(LIB, 'operator', 'main.js')]: '../operator/main.js',
};
/** ajv's schema compiler, imported from lib/api/validate/crd-schema.js; the bundles live in lib/cli. */
const COMPILER = join(LIB, 'api', 'validate', 'crd-schema-compile.js');

const seams = {
  name: 'seams',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${Object.keys(LAZY_PACKAGES).join('|')})$`) }, (args) =>
      // The package's own entry is bundled; everywhere else it is required from its bundle.
      args.kind === 'entry-point' ? undefined : { path: `./${args.path}.bundle.js`, external: true },
    );
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const file = resolveJs(args.resolveDir, args.path);
      // Only where the CLI's own modules import them (lib/cli and lib/cli/commands), and the compiler.
      if (file === COMPILER) return { path: '../api/validate/crd-schema-compile.js', external: true };
      const fromCli = args.resolveDir === CLI || args.resolveDir === join(CLI, 'commands');
      return fromCli && SEAMS[file] !== undefined ? { path: SEAMS[file], external: true } : undefined;
    });
  },
};

/** The file a relative import names: `./x` is x.js or x/index.js. */
function resolveJs(dir, request) {
  const file = resolve(dir, request);
  if (file.endsWith('.js')) return file;
  return existsSync(`${file}.js`) ? `${file}.js` : join(file, 'index.js');
}

/**
 * commander requires node:child_process at load, for executable subcommands this CLI does not
 * have; loading it (with net, dgram and streams) cost ~15% of a cold `--help`. commander gets an
 * object that loads it on the first spawn instead.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[/\\]node_modules[/\\]commander[/\\]/.test(args.importer)
        ? { path: 'commander-child-process', namespace: 'lazy-child-process' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "module.exports = { spawn: (...args) => require('node:child_process').spawn(...args) };",
      loader: 'js',
    }));
  },
};

/**
 * tsc writes `import * as fs from 'fs'` as `__importStar(require("fs"))`, which copies every
 * export of the module onto a new object as a getter: for fs, path and os in ~20 modules, ~2% of
 * a cold render. A Node module is a plain object whose properties the copy only forwards to, so
 * the bundles read them from the module itself.
 */
const BUILTINS = new Set(builtinModules);
const plainBuiltins = {
  name: 'plain-builtins',
  setup(b) {
    b.onLoad({ filter: /\.js$/, namespace: 'file' }, (args) => {
      if (!args.path.startsWith(LIB + sep)) return undefined;
      const code = readFileSync(args.path, 'utf8');
      return {
        contents: code.replace(/__importStar\(require\("((?:node:)?([\w/]+))"\)\)/g, (whole, id, name) =>
          BUILTINS.has(name) ? `require("${id}")` : whole,
        ),
        loader: 'js',
      };
    });
  },
};

const { outputFiles } = await build({
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [`${name}.bundle`, file])),
  outdir: CLI,
  chunkNames: 'chunk-[hash].bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  plugins: [seams, lazyChildProcess, plainBuiltins],
  // Module names in the output as in the package (node_modules/…), wherever node_modules really is.
  preserveSymlinks: true,
  write: false,
  logLevel: 'warning',
});

// A rebuild must not leave the previous build's chunks behind (their names are content hashes).
mkdirSync(CLI, { recursive: true });
for (const old of readdirSync(CLI)) if (old.endsWith('.bundle.js')) rmSync(join(CLI, old));

/**
 * esbuild escapes non-ASCII characters in strings, regular expressions and names but keeps the
 * comments it keeps as written, and one `…` in a comment made a whole chunk a two-byte string in
 * V8 (twice the memory, slower to read and scan). Escaped the same way, a comment only reads
 * differently; src/cli/code-cache.ts reads an ASCII bundle as Latin-1, without decoding UTF-8.
 */
const ascii = (code) => code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

for (const file of outputFiles) {
  const name = basename(file.path);
  let { code } = await transform(file.text, { format: 'cjs', platform: 'node', target: 'node22', logLevel: 'warning' });
  // An entry is compiled CommonJS, which the ES module output exports as `default`: hand its own
  // exports to whoever requires the bundle (bin/dynamo-iac, the command table, render).
  if (name.replace(/\.bundle\.js$/, '') in ENTRIES) code += 'module.exports = module.exports.default;\n';
  writeFileSync(join(CLI, name), ascii(code));
}
