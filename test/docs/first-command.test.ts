/**
 * The README's first command works on any machine with Node >= 22 or Python 3: `.ci/node24.sh`
 * (its first step) puts Node 24 first on the shell's PATH, or stops at once with one line that
 * says what to install. Here with stand-ins for node, python3 and the cached install (no network).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-command-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An executable script at `file`. */
function script(file: string, body: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}

/** A bin directory with the tools the script uses, a `node` that says `version`, and python3 if asked. */
function machine(version: string, python?: string): string {
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  for (const tool of ['bash', 'sh', 'dirname', 'mkdir', 'rm', 'ln', 'printf', 'chmod', 'mv', 'cat', 'echo']) {
    const found = spawnSync('bash', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found.startsWith('/')) fs.symlinkSync(found, path.join(bin, tool));
  }
  script(
    path.join(bin, 'node'),
    `case "$1" in --version) echo ${version};; *) echo ${version.slice(1).split('.')[0]};; esac`,
  );
  if (python) script(path.join(bin, 'python3'), python);
  return bin;
}

/** Sources .ci/node24.sh as the README's first command does, then runs `then`. */
function firstCommand(bin: string, then: string) {
  const start = Date.now();
  const r = spawnSync('bash', ['-c', `. .ci/node24.sh && ${then}`], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: bin, HOME: dir, DYNAMO_IAC_CACHE: path.join(dir, 'cache') },
  });
  return { ...r, seconds: (Date.now() - start) / 1000 };
}

test("the README's first command starts with .ci/node24.sh", () => {
  const block = README.slice(README.indexOf('<!-- ci:quickstart'));
  const first = block.split('```sh\n')[1].split('\n')[0];
  expect(first).toMatch(/^\. \.ci\/node24\.sh && npm ci && npm run synth\b/);
});

test('Node 22 or newer: nothing changes', () => {
  const r = firstCommand(machine('v22.3.0'), 'node --version');
  expect(r.status).toBe(0);
  expect(r.stdout).toBe('v22.3.0\n');
});

test('an old Node, no Python: one line with what to install, in the first seconds, and the chain stops', () => {
  const r = firstCommand(machine('v20.20.2'), 'echo npm ci ran');
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(
    'dynamo-iac needs Node >= 22 (found v20.20.2): install Node 24 (https://nodejs.org/en/download), or Python 3 and run this again to get Node 24 from PyPI\n',
  );
  expect(r.seconds).toBeLessThan(5);
});

test("an old Node, Python without venv (Debian's python3 alone): one line naming the package", () => {
  const r = firstCommand(machine('v18.19.0', 'exit 1'), 'echo npm ci ran');
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n').pop()).toBe(
    "dynamo-iac needs Node >= 22 (found v18.19.0): Python's venv module is missing: install it (Debian/Ubuntu: sudo apt-get install python3-venv) and run this again, or install Node 24 (https://nodejs.org/en/download)",
  );
});

test('an old Node with Node 24 installed from PyPI before: node, npm and npx are the installed ones', () => {
  const shims = path.join(dir, 'cache', 'node24-24.19.0', 'shims');
  script(path.join(shims, 'node'), 'echo v24.19.0');
  script(path.join(shims, 'npm'), 'echo 11.0.0');
  script(path.join(shims, 'npx'), 'echo npx');
  const r = firstCommand(machine('v20.20.2'), 'node --version && npm --version && npx');
  expect(r.status).toBe(0);
  expect(r.stdout).toBe('v24.19.0\n11.0.0\nnpx\n');
  expect(r.stderr).toBe('[node24] node v24.19.0, npm 11.0.0\n');
});
