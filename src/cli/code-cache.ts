/**
 * A V8 code cache for the CLI's bundles, written after a run: a cold `dynamo-iac render` spends
 * most of its time compiling, on first use, the functions it runs, and Node's own compile cache
 * (which bin/dynamo-iac also enables) stores a file's code as compiled *before* it runs, i.e.
 * without them. Caching after the run makes the next start ~30% faster (README: Performance).
 *
 * Only this package's big generated files go through it (the bundles in lib/cli, the core/v1 and
 * CRD validators in lib/api); every other module loads as Node loads it. A cache is one file per
 * source and command, stamped with the source's size and mtime, Node's version and the
 * architecture; V8 refuses it anyway if it does not fit, and the file is then written again.
 * A file several commands load (main.bundle.js, the shared chunks) has a cache per command, with
 * what that command compiles: one cache for all of them grew with every command's functions,
 * which each run then deserialized (~3.5 M instructions of a cold render), and a cache written
 * only by the first command left `--help` compiling its help formatting on every run.
 */
import { isAscii } from 'buffer';
import * as fs from 'fs';
import * as path from 'path';
import * as vm from 'vm';
import Module = require('module');

interface LoadingModule {
  exports: unknown;
  require(id: string): unknown;
}
type Loader = (module: LoadingModule, filename: string) => void;
const extensions = (Module as unknown as { _extensions: Record<string, Loader> })._extensions;
const resolveFilename = (Module as unknown as { _resolveFilename(r: string, parent: unknown): string })
  ._resolveFilename;
const wrap = (Module as unknown as { wrap(source: string): string }).wrap;

/** The files worth it: large, generated, and loaded by every run of a command. */
const CACHED =
  /[/\\]lib[/\\](cli[/\\][^/\\]+\.bundle\.js|api[/\\]core-v1-models\.js|api[/\\]crd-validators[/\\][^/\\]+\.js)$/;

interface Pending {
  readonly script: vm.Script;
  readonly file: string;
  readonly stamp: string;
}

/**
 * What this run is, as far as the functions it compiles go: the command if it names one (it has
 * a bundle here), else '' (help, --version and usage errors share one cache).
 */
function command(): string {
  const name = process.argv[2] ?? '';
  return /^[a-z][a-z0-9-]*$/.test(name) && fs.existsSync(path.join(__dirname, `${name}.bundle.js`)) ? name : '';
}

/** Load this package's bundles through a code cache kept in `dir`. */
export function enableCodeCache(dir: string): void {
  const pending: Pending[] = [];
  const key = command();
  const load = extensions['.js'];
  extensions['.js'] = (module, filename) => {
    if (!CACHED.test(filename)) return load(module, filename);
    const source = readSource(filename);
    const stat = fs.statSync(filename);
    const stamp = [stat.size, stat.mtimeMs, process.version, process.arch].join(' ');
    const file = path.join(dir, `${path.basename(filename, '.js')}-${fnv1a(`${key}\n${filename}`)}.v8`);
    const cached = readCache(file, stamp);
    const script = new vm.Script(wrap(source), { filename, cachedData: cached?.data });
    if (!cached || script.cachedDataRejected) pending.push({ script, file, stamp });
    // What Node hands a CommonJS module as `require` (the bundles use the call, resolve and main).
    const moduleRequire = Object.assign((id: string) => module.require(id), {
      resolve: (request: string) => resolveFilename(request, module),
      cache: require.cache,
      main: require.main,
    });
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    run.call(module.exports, module.exports, moduleRequire, module, filename, path.dirname(filename));
  };
  // After the run, so the cache holds every function the run compiled.
  process.once('exit', () => pending.forEach(writeCache));
}

/**
 * The file's text. The build writes the bundles as ASCII (scripts/bundle-cli.mjs), which reads as
 * Latin-1 with a copy instead of a UTF-8 decode: ~5% of a cold render went to decoding.
 */
function readSource(filename: string): string {
  const bytes = fs.readFileSync(filename);
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/** A short name for a path (FNV-1a, 32 bits): cheaper to load than node:crypto, for `--help` too. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A cache file: the stamp, a line, V8's data. */
function readCache(file: string, stamp: string): { data: Buffer } | undefined {
  try {
    const bytes = fs.readFileSync(file);
    const end = bytes.indexOf(0x0a);
    if (end <= 0 || bytes.subarray(0, end).toString() !== stamp) return undefined;
    return { data: bytes.subarray(end + 1) };
  } catch {
    return undefined;
  }
}

/** Written whole or not at all (another run may read it at the same time); failures are ignored. */
function writeCache({ script, file, stamp }: Pending): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}`;
    fs.writeFileSync(temp, Buffer.concat([Buffer.from(`${stamp}\n`), script.createCachedData()]));
    fs.renameSync(temp, file);
  } catch {
    // A read-only or full cache directory costs speed only.
  }
}
