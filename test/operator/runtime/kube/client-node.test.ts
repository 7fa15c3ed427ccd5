/**
 * The slim load of @kubernetes/client-node (runtime/kube/client-node.ts): in a plain Node
 * process (jest refuses module hooks, so the built lib/ runs in a child), config.js gets its two
 * names without the generated index, and KubeConfig and its API configuration still work. The
 * guard keeps the hook off when config.js imports anything else.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { configImportsOnlySlimNames } from '../../../../src/operator/runtime/kube/client-node';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const LOADER = path.join(ROOT, 'lib', 'operator', 'runtime', 'kube', 'client-node.js');
const CONFIG_JS = path.join(path.dirname(require.resolve('@kubernetes/client-node/package.json')), 'dist', 'config.js');

/** Loads the built loader in a child process and reports what it sees. */
function probe(env: NodeJS.ProcessEnv = {}): { slim: boolean; server: string } {
  const script = `
    const m = require(${JSON.stringify(LOADER)});
    const kc = new m.KubeConfig();
    kc.loadFromOptions({ clusters: [{ name: 'c', server: 'https://k8s.example:6443', skipTLSVerify: false }], users: [{ name: 'u', token: 't' }], contexts: [{ name: 'x', cluster: 'c', user: 'u' }], currentContext: 'x' });
    const api = kc.makeApiClient(class { constructor(configuration) { this.configuration = configuration; } });
    const server = api.configuration.baseServer.makeRequestContext('/version', 'GET').getUrl();
    process.stdout.write(JSON.stringify({ slim: m.slimClientNode(), server }));
  `;
  const r = spawnSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', ...env },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

test('config.js of the installed client-node imports only what the slim index provides', () => {
  expect(configImportsOnlySlimNames(fs.readFileSync(CONFIG_JS, 'utf8'))).toBe(true);
  expect(
    configImportsOnlySlimNames("import { createConfiguration, ServerConfiguration, CoreV1Api } from './gen/index.js';"),
  ).toBe(false);
  expect(
    configImportsOnlySlimNames(
      "import { createConfiguration } from './gen/index.js';\nimport { x } from './gen/index.js';",
    ),
  ).toBe(false);
  expect(configImportsOnlySlimNames('export const nothing = 1;')).toBe(false);
});

const built = fs.existsSync(LOADER) ? test : test.skip;

built('in a plain Node process the hook is in, and KubeConfig builds API configurations as before', () => {
  const slim = probe();
  expect(slim).toMatchObject({ slim: true, server: 'https://k8s.example:6443/version' });
  const full = probe({ DYNAMO_IAC_CLIENT_NODE_FULL: '1' });
  expect(full).toMatchObject({ slim: false, server: 'https://k8s.example:6443/version' });
});
