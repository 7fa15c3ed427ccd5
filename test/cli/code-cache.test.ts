/**
 * The CLI's V8 code cache (src/cli/code-cache.ts): written after a run for the bundle files it loaded,
 * used by the next run with the same output, and harmless when it is stale, broken or unwritable.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURES, ROOT, run } from './run';

const GRAPH = `${FIXTURES}/agg-v1beta1.yaml`;
const CLI = path.join(ROOT, 'lib', 'cli');

/** The shared chunks a bundle loads (scripts/bundle-cli.mjs), directly or through another chunk. */
function chunksOf(bundle: string): string[] {
  const found = [
    ...fs.readFileSync(path.join(CLI, bundle), 'utf8').matchAll(/require\("\.\/(chunk-[\w-]+\.bundle\.js)"\)/g),
  ].map((m) => m[1]);
  return [...new Set([...found, ...found.flatMap(chunksOf)])];
}

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'code-cache-'));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

function render(extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: home };
  delete env.NODE_DISABLE_COMPILE_CACHE;
  return run(['render', GRAPH], { env: { ...env, ...extra } });
}
const cacheDir = () => path.join(home, 'dynamo-iac', 'v8-code-cache');
const cacheFiles = () => (fs.existsSync(cacheDir()) ? fs.readdirSync(cacheDir()).sort() : []);
const stampOf = (file: string) => {
  const data = fs.readFileSync(path.join(cacheDir(), file));
  return data.subarray(0, data.indexOf(0x0a)).toString();
};

test('a render writes one cache per bundle it loaded; the next render uses them and prints the same bytes', () => {
  const uncached = render({ NODE_DISABLE_COMPILE_CACHE: '1' });
  expect(uncached.code).toBe(0);
  expect(cacheFiles()).toEqual([]);

  const first = render();
  expect(first.code).toBe(0);
  // main.bundle.js, render.bundle.js and the chunks they share with other commands,
  // core-v1-models.js, the CRD validators' index and the DGD's.
  const files = cacheFiles();
  const sources = files.map((f) => f.replace(/-[0-9a-f]{8}\.v8$/, ''));
  expect(files.every((f) => /^[\w.-]+-[0-9a-f]{8}\.v8$/.test(f))).toBe(true);
  const chunks = [...new Set([...chunksOf('main.bundle.js'), ...chunksOf('render.bundle.js')])];
  expect(chunks.length).toBeGreaterThan(0);
  expect([...sources].sort()).toEqual(
    [
      'main.bundle',
      'render.bundle',
      ...chunks.map((c) => c.replace(/\.js$/, '')),
      'core-v1-models',
      'index',
      'nvidia.com-v1beta1-DynamoGraphDeployment',
    ].sort(),
  );
  const written = files.map((f) => fs.statSync(path.join(cacheDir(), f)).mtimeMs);

  const second = render();
  expect(second).toEqual(first);
  expect(second.stdout).toBe(uncached.stdout);
  // Accepted, so not written again.
  expect(files.map((f) => fs.statSync(path.join(cacheDir(), f)).mtimeMs)).toEqual(written);
});

test('each command keeps its own cache of a shared bundle, with what that command compiled', () => {
  expect(render().code).toBe(0);
  const mains = () => cacheFiles().filter((f) => f.startsWith('main.bundle-'));
  const [forRender] = mains();
  const mtime = (f: string) => fs.statSync(path.join(cacheDir(), f)).mtimeMs;
  const written = mtime(forRender);
  const help = () => {
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: home };
    delete env.NODE_DISABLE_COMPILE_CACHE;
    return run(['--help'], { env });
  };
  const first = help();
  expect(first.code).toBe(0);
  // `--help` wrote its own, with its help formatting; render's is left as it was.
  expect(mains()).toHaveLength(2);
  const [forHelp] = mains().filter((f) => f !== forRender);
  expect(mtime(forRender)).toBe(written);
  const helpWritten = mtime(forHelp);
  expect(help()).toEqual(first);
  expect(render().code).toBe(0);
  // Each accepted its own: neither is written again.
  expect([mtime(forRender), mtime(forHelp)]).toEqual([written, helpWritten]);
});

test('a cache from another build or Node, or a broken one, is ignored and written again', () => {
  const first = render();
  const files = cacheFiles();
  const stamps = files.map(stampOf);
  expect(stamps.every((s) => s.endsWith(` ${process.version} ${process.arch}`))).toBe(true);
  // Garbage; another build's or Node's stamp; this build's stamp on data V8 refuses.
  const broken = ['garbage', `1 2 v0.0.0 ${process.arch}\nnot V8 code`, (stamp: string) => `${stamp}\nnot V8 code`];
  files.forEach((f, i) => {
    const b = broken[i % broken.length];
    fs.writeFileSync(path.join(cacheDir(), f), typeof b === 'string' ? b : b(stamps[i]));
  });

  expect(render()).toEqual(first);
  expect(files.map(stampOf)).toEqual(stamps);
  expect(files.every((f) => fs.statSync(path.join(cacheDir(), f)).size > 1000)).toBe(true);
});

test('an unwritable cache directory costs speed only', () => {
  // A file where the cache directory would go: no mkdir succeeds there, not even as root.
  const blocked = path.join(home, 'blocked');
  fs.writeFileSync(blocked, '');
  const r = render({ XDG_CACHE_HOME: blocked });
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  expect(r.stdout).toBe(render({ NODE_DISABLE_COMPILE_CACHE: '1' }).stdout);
});
