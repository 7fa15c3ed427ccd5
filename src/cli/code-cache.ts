/**
 * A V8 code cache for the CLI's bundles, written after a run: a cold `dynamo-iac render` spends
 * most of its time compiling, on first use, the functions it runs, and Node's own compile cache
 * (which bin/dynamo-iac also enables) stores a file's code as compiled *before* it runs, i.e.
 * without them. Caching after the run makes a start ~30% faster (docs/benchmarks.md).
 *
 * This package's compiled modules go through it (the bundles in lib/cli, the CRD
 * validators in lib/api and the few modules the bundles leave outside); packages in
 * node_modules load as Node loads them. Each command keeps one
 * *pack* (code-pack.ts): the sources of the files its runs loaded, as one script, and V8's data
 * for it. One script instead of a file, a cache and a module lookup for each of ~25 files was
 * ~10% of a cold render: one read and one source string (for over ~1 MB an external one, outside
 * V8's young generation) instead of ~50 reads, strings and lookups.
 *
 * A pack is written in two steps, so it holds what runs of its command really load: a run that
 * loaded a file the pack lacks (the first run, or a kind of input new to it) writes the pack's
 * sources; the next run, compiling them, adds V8's data for every function it ran. Files are
 * stamped with their size and mtime, the pack with Node's version and the architecture; V8
 * refuses data that does not fit anyway, and the pack is then written again.
 */
import fs = require('fs');
import path = require('path');
import vm = require('vm');
import Module = require('module');
import { Pack, PackedModule, packSource, readPack, unpackStack, writePack } from './code-pack';

interface LoadingModule {
  exports: unknown;
  filename?: string;
  paths?: string[];
  loaded?: boolean;
  require(id: string): unknown;
}
type Loader = (module: LoadingModule, filename: string) => void;
const extensions = (Module as unknown as { _extensions: Record<string, Loader> })._extensions;
const internals = Module as unknown as {
  _resolveFilename(request: string, parent: unknown): string;
  _nodeModulePaths(dir: string): string[];
};
const NodeModule = Module as unknown as new (id: string, parent: unknown) => LoadingModule;

/**
 * The files that go through it: this package's compiled modules (lib/), the bundles and the big
 * generated validators first among them. node_modules load as Node loads them.
 */
const LIB = path.join(__dirname, '..') + path.sep;
const cached = (filename: string) => filename.startsWith(LIB) && filename.endsWith('.js');

/**
 * What this run is, as far as the functions it compiles go: the command if it names one (it has
 * a bundle here), else 'help' (help, --version and usage errors share one pack).
 */
function command(): string {
  const name = process.argv[2] ?? '';
  return /^[a-z][a-z0-9-]*$/.test(name) && fs.existsSync(path.join(__dirname, `${name}.bundle.js`)) ? name : 'help';
}

/** The pack this run's modules came from, if one. */
let used: { file: string; files: Pack['files'] } | undefined;

/** A stack trace naming the files and lines of the modules, not of the pack they came from. */
export function originalStack(stack: string): string {
  return used ? unpackStack(stack, used.file, used.files) : stack;
}

/** Load this package's bundles through a code cache kept in `dir`. */
export function enableCodeCache(dir: string): void {
  const key = command();
  const file = path.join(dir, `${key}-${fnv1a(__dirname)}.pack`);
  const pack = readPack(file);
  const script = pack && new vm.Script(pack.source, { filename: file, lineOffset: 1, cachedData: pack.data });
  const modules: Record<string, PackedModule> = script ? script.runInThisContext() : {};
  if (pack) used = { file, files: pack.files };
  const loaded: string[] = [];
  const load = extensions['.js'];

  // The packed file a relative require names, in the order Node looks (lib/ has no file
  // without an extension): the file, with `.js`, the directory's index.js.
  const packed = (target: string) =>
    [target, `${target}.js`, path.join(target, 'index.js')].find((f) => modules[f] !== undefined);

  const run = (fn: PackedModule, module: LoadingModule, filename: string) => {
    const dirname = path.dirname(filename);
    // What Node hands a CommonJS module as `require` (the bundles use the call, resolve and
    // main). Packed files are found without Node's lookup: they are in the pack by name.
    const moduleRequire = Object.assign(
      (id: string) => {
        const target = id.startsWith('.') ? packed(path.join(dirname, id)) : undefined;
        if (target === undefined) return module.require(id);
        const hit = require.cache[target];
        if (hit) return hit.exports;
        const child = new NodeModule(target, module);
        child.filename = target;
        child.paths = internals._nodeModulePaths(path.dirname(target));
        require.cache[target] = child as NodeJS.Module;
        try {
          loaded.push(target);
          run(modules[target], child, target);
        } catch (e) {
          delete require.cache[target];
          throw e;
        }
        child.loaded = true;
        return child.exports;
      },
      {
        resolve: (request: string) => internals._resolveFilename(request, module),
        cache: require.cache,
        main: require.main,
      },
    );
    fn.call(module.exports, module.exports, moduleRequire, module, filename, dirname);
  };

  extensions['.js'] = (module, filename) => {
    if (!cached(filename)) return load(module, filename);
    loaded.push(filename);
    const fn = modules[filename];
    return fn ? run(fn, module, filename) : load(module, filename);
  };
  // After the run, so V8's data holds every function the run compiled.
  process.once('exit', () => update(file, pack, script, loaded));
}

/** Writes the pack again when this run loaded a file it lacks, or gives it V8's data. */
function update(file: string, pack: Pack | undefined, script: vm.Script | undefined, loaded: string[]): void {
  const packed = new Set(pack?.files.map((f) => f.name));
  const missing = loaded.filter((f) => !packed.has(f));
  if (missing.length > 0) {
    // The files it held and the new ones, sources only: V8's data comes with the next run.
    const source = packSource([...packed, ...missing]);
    if (source) writePack(file, source);
  } else if (pack && script && (pack.data === undefined || script.cachedDataRejected)) {
    writePack(file, pack.head, script.createCachedData());
  }
}

/** A short name for a path (FNV-1a, 32 bits): cheaper to load than node:crypto, for `--help` too. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
