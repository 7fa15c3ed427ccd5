/**
 * `dynamo-iac argocd-cmp`, the Argo CD Config Management Plugin's commands, through the built bin
 * in a directory laid out as Argo CD hands an Application's path to the plugin (Argo CD's own
 * repo server runs them in test/argo/cmp.test.ts).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse } from 'yaml';
import { FIXTURES, lines, ROOT, run } from './run';

const BIN = path.join(ROOT, 'bin', 'dynamo-iac');
const GRAPH = fs.readFileSync(path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml'), 'utf8');
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'argocd-cmp-'));
  const put = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  put('graphs/agg.yaml', GRAPH);
  put('notes.txt', 'apiVersion: nvidia.com/v1beta1\n');
  put('.git/config.yaml', GRAPH);
  put('dynamo-plan/default/x/dynamo-graph-deployment.yaml', GRAPH);
  put('settings.yaml', 'lwsAvailable: true\n');
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('plugin: a ConfigManagementPlugin whose discover and generate run this node and bin, no shell', () => {
  const r = run(['argocd-cmp', 'plugin']);
  expect(r.code).toBe(0);
  expect(parse(r.stdout)).toEqual({
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ConfigManagementPlugin',
    metadata: { name: 'dynamo-iac' },
    spec: {
      discover: { find: { command: [process.execPath, BIN, 'argocd-cmp', 'discover'] } },
      generate: { command: [process.execPath, BIN, 'argocd-cmp', 'generate'] },
    },
  });
});

test('discover: the manifest files with a Dynamo object, not in hidden directories or dynamo-plan/', () => {
  expect(run(['argocd-cmp', 'discover'], { cwd: dir })).toEqual({ code: 0, stdout: 'graphs/agg.yaml\n', stderr: '' });
  fs.rmSync(path.join(dir, 'graphs'), { recursive: true });
  // Nothing printed: Argo CD takes the path as not this plugin's.
  expect(run(['argocd-cmp', 'discover'], { cwd: dir })).toEqual({ code: 0, stdout: '', stderr: '' });
});

test("generate: what render prints, in the Application's destination namespace, with the SETTINGS file", () => {
  fs.rmSync(path.join(dir, 'settings.yaml'));
  const env = { ...process.env, ARGOCD_APP_NAMESPACE: 'team-a' };
  const r = run(['argocd-cmp', 'generate'], { cwd: dir, env });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toBe(run(['render', '-n', 'team-a', path.join(dir, 'graphs', 'agg.yaml')]).stdout);

  fs.writeFileSync(path.join(dir, 'settings.yaml'), 'lwsAvailable: maybe\n');
  const bad = run(['argocd-cmp', 'generate'], { cwd: dir, env: { ...env, ARGOCD_ENV_SETTINGS: 'settings.yaml' } });
  expect(bad.code).toBe(1);
  expect(lines(bad.stderr)).toEqual([expect.stringMatching(/^settings\.yaml: lwsAvailable: /)]);
});

test('generate: problems are one line each with the file, exit 1; a path without manifests is an error too', () => {
  fs.rmSync(path.join(dir, 'settings.yaml'));
  fs.writeFileSync(path.join(dir, 'graphs', 'agg.yaml'), GRAPH.replace('replicas: 1', 'replicas: one'));
  const r = run(['argocd-cmp', 'generate'], { cwd: dir });
  expect(r.code).toBe(1);
  expect(r.stdout).toBe('');
  expect(lines(r.stderr)[0]).toMatch(/^graphs\/agg\.yaml: spec\.components\[\w+\]\.replicas: /);
  fs.rmSync(path.join(dir, 'graphs'), { recursive: true });
  const none = run(['argocd-cmp', 'generate'], { cwd: dir });
  expect(none.code).toBe(1);
  expect(none.stderr).toBe('argocd-cmp generate: no .yaml, .yml or .json files in this path\n');
});

test('an unknown action is a usage error', () => {
  const r = run(['argocd-cmp', 'render']);
  expect(r.code).toBe(2);
  expect(r.stderr).toBe('argocd-cmp: expected plugin, discover or generate, got "render"\n');
});
