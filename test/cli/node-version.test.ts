/**
 * On a Node older than package.json's engines, the CLI and `npm run synth` print one line that
 * says what is needed, not the first TypeError the old Node runs into.
 */
import { execFileSync, spawnSync } from 'child_process';
import { readFileSync } from 'fs';
import * as path from 'path';
import { ROOT } from './run';

const { nodeVersionProblem } = require('../../bin/node-version.js') as {
  nodeVersionProblem: (v?: string) => string | undefined;
};

test('the minimum comes from engines.node', () => {
  expect(nodeVersionProblem('v20.20.2')).toBe('dynamo-iac needs Node >= 22 (found v20.20.2)');
  expect(nodeVersionProblem('v22.0.0')).toBeUndefined();
  expect(nodeVersionProblem('v24.19.0')).toBeUndefined();
});

test("bin/dynamo-iac's own quick check has engines.node's floor", () => {
  const { engines } = require('../../package.json') as { engines: { node: string } };
  const floor = /(\d+)/.exec(engines.node)![1];
  const bin = readFileSync(path.join(ROOT, 'bin', 'dynamo-iac'), 'utf8');
  expect(bin).toContain(`if (Number(process.versions.node.split('.')[0]) < ${floor}) require('./node-version.js')`);
});

/** A Node older than 22 on this machine (the system one, where .ci/node24.sh put 24 first), if any. */
function oldNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    try {
      const v = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      if (Number(v.slice(1).split('.')[0]) < 22) return candidate;
    } catch {
      // not installed
    }
  }
  return undefined;
}

const old = oldNode();
(old ? describe : describe.skip)(`on ${old ?? 'an old Node (none here)'}`, () => {
  test.each([
    ['the CLI', [path.join(ROOT, 'bin', 'dynamo-iac'), 'render', 'test/fixtures/agg-v1beta1.yaml']],
    ['npm run synth (its app command)', ['--require', './scripts/run-ts.cjs', 'examples/main.ts']],
  ])('%s: one line, exit 1', (_, args) => {
    const r = spawnSync(old!, args, { cwd: ROOT, encoding: 'utf8' });
    const version = execFileSync(old!, ['--version'], { encoding: 'utf8' }).trim();
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`dynamo-iac needs Node >= 22 (found ${version})\n`);
  });
});
