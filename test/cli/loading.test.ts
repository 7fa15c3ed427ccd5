/**
 * What each command loads (a cold start's cost) and how the CLI is shipped: one bundle split into
 * shared chunks (lib/cli/*.bundle.js, scripts/bundle-cli.mjs) in which no module is twice.
 * `--help` loads the program and the few modules it shares with the commands, nothing of the
 * render core; `render` and `validate` load nothing of cdk8s, Pulumi, the runtime operator or the
 * GitOps / Flux writer. Checked on the built CLI.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseAllDocuments, stringify } from 'yaml';
import { FIXTURES, ROOT } from './run';

const BIN = path.join(ROOT, 'bin', 'dynamo-iac');
const CLI = path.join(ROOT, 'lib', 'cli');

/** Every file the process loaded (CommonJS and ES modules), relative to the repository, and Node's own modules. */
function loaded(args: string[], input?: string): { files: string[]; builtins: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loading-'));
  const out = path.join(dir, 'loaded.json');
  const hook = path.join(dir, 'hook.js');
  fs.writeFileSync(
    hook,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify([Object.keys(require.cache), process.moduleLoadList])));`,
  );
  const r = spawnSync(process.execPath, ['--require', hook, BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
  });
  expect(r.status).toBe(0);
  const [cached, moduleLoadList] = JSON.parse(fs.readFileSync(out, 'utf8')) as [string[], string[]];
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    files: cached.filter((f) => f !== hook).map((f) => path.relative(ROOT, f)),
    builtins: moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length)),
  };
}

/** A ResourceList (the KRM function's input) holding the documents of `file`. */
function resourceListOf(file: string): string {
  const items = parseAllDocuments(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((d) => d.toJSON());
  return stringify({ apiVersion: 'config.kubernetes.io/v1', kind: 'ResourceList', items });
}

/**
 * Node's modules a cold start must not pay for: node:crypto (the hashes are taken in JavaScript,
 * src/api/sha256.ts), child_process and its sockets (commander's, for subcommands we do not have),
 * and the streams that process.stdout / stderr / stdin would load (src/cli/stdio.ts).
 */
const NEVER_AT_START = ['crypto', 'child_process', 'net', 'stream', 'internal/fs/promises'];

const bundleFiles = () => fs.readdirSync(CLI).filter((f) => f.endsWith('.bundle.js'));

/**
 * The modules a bundle file holds. esbuild wraps every module it bundles from the compiled
 * CommonJS in a function keyed by the module's path (`"lib/cli/main.js"(exports, module) {`).
 */
function modulesIn(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/^\s*"((?:lib|node_modules)\/[^"]+)"\(/gm)].map((m) => m[1]);
}

const modulesLoaded = (files: string[]) => files.filter((f) => f.endsWith('.bundle.js')).flatMap(modulesIn);

const NEVER_FOR_RENDER = [
  /node_modules\/cdk8s/,
  /node_modules\/constructs/,
  /node_modules\/@pulumi\//,
  /node_modules\/@kubernetes\/client-node/,
  /node_modules\/(pino|prom-client)\//,
  /^lib\/operator\//,
  /^lib\/gitops\//,
  /^lib\/cli\/(commands\/)?gitops\b/,
  /node_modules\/ajv\/dist\/(core|compile)/,
];

test('the CLI is one bundle in shared chunks, and no module is in two of them', () => {
  const files = bundleFiles();
  expect(files.filter((f) => !f.startsWith('chunk-')).sort()).toEqual(
    // The program and its command table, one bundle per command (src/cli/commands/), and the GitOps
    // writer that `gitops` and `render --layout gitops` load on their own, and the yaml package,
    // loaded only for manifests js-yaml does not read.
    [
      'argocd-cmp',
      'crds',
      'gitops-tree',
      'gitops',
      'krm',
      'main',
      'operator',
      'plan',
      'platform',
      'render',
      'validate',
      'yaml',
    ].map((e) => `${e}.bundle.js`),
  );
  const modules = files.flatMap((f) => modulesIn(path.join('lib', 'cli', f)));
  // The render core, commander, js-yaml, ajv's runtime: the pattern must find what is there.
  expect(modules.length).toBeGreaterThan(150);
  for (const m of ['lib/cli/main.js', 'lib/render/graph.js', 'lib/api/parse.js', 'node_modules/commander/index.js'])
    expect(modules).toContain(m);
  const twice = modules.filter((m, i) => modules.indexOf(m) !== i);
  expect(twice).toEqual([]);
  // Every chunk is loaded by some entry (none left over from an earlier build).
  const required = files.flatMap((f) =>
    [...fs.readFileSync(path.join(CLI, f), 'utf8').matchAll(/require\("\.\/(chunk-[\w-]+\.bundle\.js)"\)/g)].map(
      (m) => m[1],
    ),
  );
  expect(files.filter((f) => f.startsWith('chunk-') && !required.includes(f))).toEqual([]);
});

test('--help loads the program, its chunks, the exit-code, problem-line and stdio modules, not the render core', () => {
  const { files, builtins } = loaded(['--help']);
  const lib = files.filter((f) => f.startsWith('lib/'));
  expect(lib).toContain('lib/cli/main.bundle.js');
  expect(lib.filter((f) => !/^lib\/cli\/(main|chunk-[\w-]+)\.bundle\.js$/.test(f)).sort()).toEqual(
    ['lib/api/nearest-name.js', 'lib/api/problems.js', 'lib/cli/report.js', 'lib/cli/stdio.js'].sort(),
  );
  expect(builtins.filter((m) => NEVER_AT_START.includes(m))).toEqual([]);
  expect(files.filter((f) => f.includes('node_modules'))).toEqual([]);
  // What it loads holds the command table (options and help), not what the commands do.
  const modules = modulesLoaded(files);
  expect(modules).toContain('lib/cli/commands.js');
  expect(
    modules.filter((m) =>
      /^lib\/(api|gitops)\/|^lib\/render\/graph|^lib\/cli\/commands\/|node_modules\/(js-)?yaml\//.test(m),
    ),
  ).toEqual([]);
});

test.each([
  ['render', ['render', `${FIXTURES}/agg-v1beta1.yaml`], 'render', ''],
  ['validate', ['validate', `${FIXTURES}/agg-v1beta1.yaml`], 'validate', ''],
  // The KRM function renders through the same chunks as render, with its own small entry.
  ['krm', ['krm'], 'krm', resourceListOf(`${FIXTURES}/agg-v1beta1.yaml`)],
])(
  '%s loads its own bundle and the generated validators, nothing of cdk8s, Pulumi, the operator or Flux',
  (_, args, bundle, input) => {
    const { files, builtins } = loaded(args, input);
    expect(files).toContain(`lib/cli/${bundle}.bundle.js`);
    // What reads stdin (the KRM function) needs its stream; nothing else does.
    const never = input ? NEVER_AT_START.filter((m) => !['net', 'stream'].includes(m)) : NEVER_AT_START;
    expect(builtins.filter((m) => never.includes(m))).toEqual([]);
    // The yaml package reads only what js-yaml does not: a valid manifest never loads it.
    expect(files).not.toContain('lib/cli/yaml.bundle.js');
    expect(files).toContain('lib/api/crd-validators/nvidia.com-v1beta1-DynamoGraphDeployment.js');
    // Pod content is checked from the generated field tree: no core/v1 validators to load.
    expect(files).not.toContain('lib/api/core-v1-models.js');
    for (const never of NEVER_FOR_RENDER)
      expect({ never: String(never), loaded: files.filter((f) => never.test(f)) }).toEqual({
        never: String(never),
        loaded: [],
      });
    const modules = modulesLoaded(files);
    expect(modules).toContain('lib/render/graph.js');
    for (const never of [/^lib\/gitops\/(flux|write)\.js$/, /^lib\/platform\/platform\.js$/, /^lib\/operator\//])
      expect(modules.filter((m) => never.test(m))).toEqual([]);
  },
);

test('a manifest only the yaml package reads (an alias) loads its bundle, and renders', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loading-alias-'));
  const file = path.join(dir, 'alias.yaml');
  const text = fs.readFileSync(path.join(FIXTURES, 'agg-v1beta1.yaml'), 'utf8');
  // The same graph with its image written once, as an anchor and an alias.
  fs.writeFileSync(
    file,
    text.replace(/image: (\S+)/, 'image: &image $1').replace(/(\n +)image: \S+(?![\s\S]*image: \S)/, '$1image: *image'),
  );
  expect(fs.readFileSync(file, 'utf8')).toMatch(/\*image/);
  const { files } = loaded(['render', file]);
  fs.rmSync(dir, { recursive: true, force: true });
  expect(files).toContain('lib/cli/yaml.bundle.js');
});
