/**
 * The runtime operator's dependencies are optional peers (docs/operator-dependencies.md): in an
 * install without them, as a library user's is, `dynamo-iac operator` says in one line what to
 * install, and the other commands do not need them. The built package (bin, lib, package.json)
 * runs from a copy whose node_modules holds every package of this checkout's but those.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  missingOperatorDependencies,
  missingOperatorDependenciesLine,
  OPERATOR_DEPENDENCIES,
} from '../../src/operator/dependencies';
import { FIXTURES, ROOT } from './run';

const OPERATOR_ONLY = Object.keys(OPERATOR_DEPENDENCIES);

let install: string;
beforeAll(() => {
  install = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-no-operator-deps-'));
  for (const part of ['bin', 'lib', 'package.json'])
    fs.cpSync(path.join(ROOT, part), path.join(install, part), { recursive: true });
  // Node resolves a linked package from where it really is, so its own dependencies are found.
  const link = (from: string, to: string) => fs.symlinkSync(from, to);
  const modules = path.join(ROOT, 'node_modules');
  for (const entry of fs.readdirSync(modules)) {
    if (entry.startsWith('@')) {
      fs.mkdirSync(path.join(install, 'node_modules', entry), { recursive: true });
      for (const scoped of fs.readdirSync(path.join(modules, entry)))
        if (!OPERATOR_ONLY.includes(`${entry}/${scoped}`))
          link(path.join(modules, entry, scoped), path.join(install, 'node_modules', entry, scoped));
    } else if (!OPERATOR_ONLY.includes(entry)) {
      fs.mkdirSync(path.join(install, 'node_modules'), { recursive: true });
      link(path.join(modules, entry), path.join(install, 'node_modules', entry));
    }
  }
});
afterAll(() => fs.rmSync(install, { recursive: true, force: true }));

const runIn = (args: string[]) =>
  spawnSync(process.execPath, [path.join(install, 'bin', 'dynamo-iac'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' },
  });

test('this checkout has the operator dependencies; the copy has none of them', () => {
  expect(missingOperatorDependencies()).toEqual([]);
  expect(missingOperatorDependencies(path.join(install, 'lib', 'operator'))).toEqual(OPERATOR_ONLY);
});

test('without its dependencies, `dynamo-iac operator` prints one line naming them and what to run, exit 1', () => {
  const r = runIn(['operator', '--kubeconfig', '/nonexistent']);
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(
    "dynamo-iac operator: @kubernetes/client-node, pino, prom-client not installed; the runtime operator's dependencies are optional (a library install leaves them out): run it from the operator image, or `npm install @kubernetes/client-node@^2.0.1 pino@^10.4.0 prom-client@^15.1.0` next to dynamo-iac\n",
  );
});

test('the other commands run without them', () => {
  const r = runIn(['validate', `${FIXTURES}/agg-v1beta1.yaml`]);
  expect(r.stderr).toBe('1 graph valid\n');
  expect(r.status).toBe(0);
  expect(runIn(['crds']).status).toBe(0);
});

test('the line names only what is missing', () => {
  expect(missingOperatorDependenciesLine([])).toBeUndefined();
  expect(missingOperatorDependenciesLine(['pino'])).toContain('`npm install pino@^10.4.0`');
});
