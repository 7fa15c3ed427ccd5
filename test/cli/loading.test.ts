/**
 * What each command loads (a cold start's cost): `--help` only the program's bundle, `render` and
 * `validate` their own bundle and nothing of cdk8s, Pulumi, the runtime operator or the GitOps /
 * Flux writer. Checked on the built CLI (lib/cli/*.bundle.js, scripts/bundle-cli.mjs).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURES, ROOT } from './run';

const BIN = path.join(ROOT, 'bin', 'dynamo-iac');
const CLI = path.join(ROOT, 'lib', 'cli');

/** Every file the process loaded (CommonJS and ES modules), relative to the repository. */
function loadedFiles(args: string[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loading-'));
  const out = path.join(dir, 'loaded.json');
  const hook = path.join(dir, 'hook.js');
  fs.writeFileSync(
    hook,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require.cache))));`,
  );
  const r = spawnSync(process.execPath, ['--require', hook, BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
  });
  expect(r.status).toBe(0);
  const files = (JSON.parse(fs.readFileSync(out, 'utf8')) as string[])
    .filter((f) => f !== hook)
    .map((f) => path.relative(ROOT, f));
  fs.rmSync(dir, { recursive: true, force: true });
  return files;
}

const NEVER_FOR_RENDER = [
  /node_modules\/cdk8s/,
  /node_modules\/constructs/,
  /node_modules\/@pulumi\//,
  /node_modules\/@kubernetes\/client-node/,
  /node_modules\/(pino|prom-client)\//,
  /^lib\/operator\//,
  /^lib\/gitops\//,
  /run-gitops/,
  /node_modules\/ajv\/dist\/(core|compile)/,
];

test('--help loads the program bundle (commander in it), the exit-code and problem-line modules, not the render core', () => {
  const files = loadedFiles(['--help']);
  expect(files.filter((f) => f.startsWith('lib/'))).toEqual([
    'lib/cli/main.bundle.js',
    'lib/cli/report.js',
    'lib/api/problems.js',
  ]);
  expect(files.filter((f) => f.includes('node_modules'))).toEqual([]);
  // The bundle itself holds the commands' options and help, not what they do.
  const bundled = fs.readFileSync(path.join(CLI, 'main.bundle.js'), 'utf8');
  for (const module of ['lib/api/', 'lib/manifests.js', 'lib/render/graph.js', 'lib/gitops/', 'node_modules/yaml/'])
    expect(bundled).not.toContain(`// ${module}`);
});

test.each([
  ['render', ['render', `${FIXTURES}/agg-v1beta1.yaml`], 'run-render'],
  ['validate', ['validate', `${FIXTURES}/agg-v1beta1.yaml`], 'run-validate'],
])(
  '%s loads its own bundle and the generated validators, nothing of cdk8s, Pulumi, the operator or Flux',
  (_, args, bundle) => {
    const files = loadedFiles(args);
    expect(files).toContain(`lib/cli/${bundle}.bundle.js`);
    expect(files).toContain('lib/api/crd-validators/nvidia.com-v1beta1-DynamoGraphDeployment.js');
    expect(files).toContain('lib/api/core-v1-models.js');
    for (const never of NEVER_FOR_RENDER)
      expect({ never: String(never), loaded: files.filter((f) => never.test(f)) }).toEqual({
        never: String(never),
        loaded: [],
      });
    const bundled = fs.readFileSync(path.join(CLI, `${bundle}.bundle.js`), 'utf8');
    for (const module of ['lib/gitops/flux.js', 'lib/gitops/write.js', 'lib/render/platform.js', 'lib/operator/'])
      expect(bundled).not.toContain(`// ${module}`);
  },
);
