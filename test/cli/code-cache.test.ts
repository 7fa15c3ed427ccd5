/**
 * The CLI's V8 code cache (src/cli/code-cache.ts, code-pack.ts): one pack per command, holding
 * the sources of the bundle files its runs loaded and, from the second run on, V8's data for
 * them; used by the next run with the same output, and harmless when it is stale, broken or
 * unwritable.
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

function cli(args: string[], extra: NodeJS.ProcessEnv = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: home };
  delete env.NODE_DISABLE_COMPILE_CACHE;
  return run(args, { env: { ...env, ...extra } });
}
const render = (extra: NodeJS.ProcessEnv = {}) => cli(['render', GRAPH], extra);
const cacheDir = () => path.join(home, 'dynamo-iac', 'v8-code-cache');
const cacheFiles = () => (fs.existsSync(cacheDir()) ? fs.readdirSync(cacheDir()).sort() : []);
const packOf = (command: string) => {
  const files = cacheFiles().filter((f) => f.startsWith(`${command}-`));
  expect(files).toHaveLength(1);
  return path.join(cacheDir(), files[0]);
};

interface Header {
  runtime: string;
  files: { name: string; size: number; mtimeMs: number }[];
  sourceLength: number;
}
function readPack(file: string): { header: Header; headLength: number; dataLength: number } {
  const bytes = fs.readFileSync(file);
  const end = bytes.indexOf(0x0a);
  const header = JSON.parse(bytes.subarray(0, end).toString()) as Header;
  const headLength = end + 1 + header.sourceLength;
  return { header, headLength, dataLength: bytes.length - headLength };
}
const mtime = (file: string) => fs.statSync(file).mtimeMs;

test("a render writes its pack's sources, the next one V8's data, and later ones use it with the same bytes", () => {
  const uncached = render({ NODE_DISABLE_COMPILE_CACHE: '1' });
  expect(uncached.code).toBe(0);
  expect(cacheFiles()).toEqual([]);

  const first = render();
  expect(first).toEqual(uncached);
  expect(cacheFiles()).toEqual([expect.stringMatching(/^render-[0-9a-f]{8}\.pack$/)]);
  const pack = packOf('render');
  const sources = readPack(pack);
  expect(sources.header.runtime).toBe(`${process.version} ${process.arch}`);
  expect(sources.dataLength).toBe(0);
  // main.bundle.js, render.bundle.js and the chunks they share with other commands,
  // the CRD validators' index and the DGD's, and the few compiled modules
  // the bundles leave outside (report.js, ...): lib/ only, never node_modules.
  const chunks = [...new Set([...chunksOf('main.bundle.js'), ...chunksOf('render.bundle.js')])];
  expect(chunks.length).toBeGreaterThan(0);
  const packed = sources.header.files.map((f) => path.relative(path.join(ROOT, 'lib'), f.name));
  expect(packed).toEqual(
    expect.arrayContaining([
      'cli/main.bundle.js',
      'cli/render.bundle.js',
      ...chunks.map((c) => `cli/${c}`),
      'cli/report.js',
      'api/crd-validators/index.js',
      'api/crd-validators/nvidia.com-v1beta1-DynamoGraphDeployment.js',
    ]),
  );
  expect(packed.filter((f) => f.startsWith('..') || !f.endsWith('.js'))).toEqual([]);
  expect(packed.filter((f) => f.endsWith('.bundle.js')).sort()).toEqual(
    ['cli/main.bundle.js', 'cli/render.bundle.js', ...chunks.map((c) => `cli/${c}`)].sort(),
  );

  expect(render()).toEqual(first);
  const compiled = readPack(pack);
  expect(compiled.header).toEqual(sources.header);
  expect(compiled.dataLength).toBeGreaterThan(100_000);
  const written = mtime(pack);

  // Accepted, so not written again.
  expect(render()).toEqual(first);
  expect(mtime(pack)).toBe(written);
});

test('a run that loads a file its pack lacks adds it, keeping the others', () => {
  expect(render().code).toBe(0);
  expect(render().code).toBe(0);
  const before = readPack(packOf('render')).header.files.map((f) => f.name);
  const alpha = cli(['render', `${FIXTURES}/agg-v1alpha1.yaml`]);
  expect(alpha.code).toBe(0);
  const after = readPack(packOf('render'));
  expect(after.header.files.map((f) => f.name)).toEqual([
    ...before,
    path.join(ROOT, 'lib', 'api', 'crd-validators', 'nvidia.com-v1alpha1-DynamoGraphDeployment.js'),
  ]);
  // Sources only: V8's data comes with the next run, which prints the same bytes.
  expect(after.dataLength).toBe(0);
  expect(cli(['render', `${FIXTURES}/agg-v1alpha1.yaml`])).toEqual(alpha);
  expect(readPack(packOf('render')).dataLength).toBeGreaterThan(100_000);
});

test('each command keeps its own pack, with what that command compiled', () => {
  const help = () => cli(['--help']);
  for (let i = 0; i < 2; i++) {
    expect(render().code).toBe(0);
    expect(help().code).toBe(0);
  }
  const [forRender, forHelp] = [packOf('render'), packOf('help')];
  const written = [mtime(forRender), mtime(forHelp)];
  // `--help` loads the program alone, nothing of the render core.
  expect(readPack(forHelp).header.files.map((f) => path.basename(f.name))).toContain('main.bundle.js');
  expect(readPack(forHelp).header.files.map((f) => path.basename(f.name))).not.toContain('render.bundle.js');
  const first = help();
  expect(first.code).toBe(0);
  expect(render().code).toBe(0);
  expect(help()).toEqual(first);
  // Each accepted its own: neither is written again.
  expect([mtime(forRender), mtime(forHelp)]).toEqual(written);
});

test('a pack from another build or Node, or a broken one, is ignored and written again', () => {
  const first = render();
  render();
  const pack = packOf('render');
  const good = fs.readFileSync(pack);
  const { header, headLength } = readPack(pack);
  const withHeader = (h: Header) => Buffer.concat([Buffer.from(JSON.stringify(h)), good.subarray(good.indexOf(0x0a))]);
  const broken = [
    Buffer.from('garbage'),
    withHeader({ ...header, runtime: `v0.0.0 ${process.arch}` }),
    // Another build: a file's size or mtime is not the one packed.
    withHeader({ ...header, files: header.files.map((f, i) => (i === 0 ? { ...f, mtimeMs: f.mtimeMs - 1 } : f)) }),
    // This build's sources with data V8 refuses.
    Buffer.concat([good.subarray(0, headLength), Buffer.from('not V8 code')]),
  ];
  for (const b of broken) {
    fs.writeFileSync(pack, b);
    expect(render()).toEqual(first);
    // Sources written again; V8's data with the next run.
    expect(render()).toEqual(first);
    expect(readPack(pack).header).toEqual(header);
    expect(readPack(pack).dataLength).toBeGreaterThan(100_000);
  }
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
