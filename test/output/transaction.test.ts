/**
 * The GitOps writer as a transaction (src/output/transaction.ts): killed at any rename or write,
 * out of space, interrupted, or racing another run, DIR ends up as the old tree or the new one.
 * Kills run in a child process on the compiled lib/ (fs patched there, so no hook in the code).
 */
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubeObject } from '../../src/api/k8s-types';
import { gitOpsLayout, GitOpsLayoutError, GitOpsLayoutInput } from '../../src/gitops/layout';
import { writeGitOpsLayout } from '../../src/gitops/write';

const ROOT = path.join(__dirname, '..', '..');

const dep = (name: string, ns: string, image: string): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: ns },
  spec: { template: { spec: { containers: [{ name: 'main', image }] } } },
});
// Both layers change between OLD and NEW, and a graph goes while another comes.
const OLD: GitOpsLayoutInput = {
  platform: [dep('op', 'dynamo-system', 'op:1')],
  graphs: [{ name: 'a', namespace: 'llm', objects: [dep('a-frontend', 'llm', 'img:1')] }],
};
const NEW: GitOpsLayoutInput = {
  platform: [dep('op', 'dynamo-system', 'op:2')],
  graphs: [{ name: 'b', namespace: 'llm', objects: [dep('b-frontend', 'llm', 'img:2')] }],
};

/** path -> content of every file under dir, sorted. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const full = path.join(dir, f);
    if (fs.lstatSync(full).isFile()) out[f] = fs.readFileSync(full, 'utf8');
  }
  return out;
}
const expected = (input: GitOpsLayoutInput) =>
  Object.fromEntries(gitOpsLayout(input).files.map((f) => [f.path, f.content]));

/**
 * Writes `input` into dir in a child process where the `at`-th call of fs[op] raises `fault`
 * (a signal) or fails with it (ENOSPC).
 */
function writeAndSignal(dir: string, input: GitOpsLayoutInput, op: string, at: number, signal: string) {
  const script = `
    const fs = require('fs');
    const real = fs[process.env.OP];
    let n = 0;
    fs[process.env.OP] = function (...args) {
      if (++n === Number(process.env.AT)) {
        if (process.env.SIG === 'ENOSPC')
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        process.kill(process.pid, process.env.SIG);
      }
      return real.apply(this, args);
    };
    const { writeGitOpsLayout } = require(${JSON.stringify(path.join(ROOT, 'lib/gitops/write.js'))});
    const { gitOpsLayout } = require(${JSON.stringify(path.join(ROOT, 'lib/gitops/layout.js'))});
    try {
      writeGitOpsLayout(gitOpsLayout(JSON.parse(process.env.INPUT)), process.env.DIR);
      console.log('finished');
    } catch (e) {
      console.log(e.constructor.name + ': ' + e.message);
    }`;
  return spawnSync(process.execPath, ['-e', script], {
    env: { ...process.env, OP: op, AT: String(at), SIG: signal, INPUT: JSON.stringify(input), DIR: dir },
    encoding: 'utf8',
  });
}

describe('GitOps writer as a transaction', () => {
  let work: string;
  let repo: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-tx-'));
    repo = path.join(work, 'repo');
    writeGitOpsLayout(gitOpsLayout(OLD), repo);
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  // 1 rename commits the staged tree; then 2 per layer (old aside, new in place).
  test.each([1, 2, 3, 4, 5])(
    'killed (SIGKILL) at rename %i: the next run finds the old tree or the new one, never a mix',
    (at) => {
      const r = writeAndSignal(repo, NEW, 'renameSync', at, 'SIGKILL');
      expect(r.signal).toBe('SIGKILL');
      // A run with nothing to change reports whether recovery left the old or the new tree.
      const which = at === 1 ? OLD : NEW;
      expect(writeGitOpsLayout(gitOpsLayout(which), repo)).toMatchObject({ written: [], removed: [] });
      expect(tree(repo)).toEqual(expected(which));
      expect(fs.readdirSync(repo).sort()).toEqual(['graphs', 'platform']);
    },
  );

  test.each([1, 2, 5])('killed (SIGKILL) at file write %i: the old tree is untouched', (at) => {
    const r = writeAndSignal(repo, NEW, 'writeFileSync', at, 'SIGKILL');
    expect(r.signal).toBe('SIGKILL');
    expect(tree(repo)).toEqual(expect.objectContaining(expected(OLD)));
    expect(writeGitOpsLayout(gitOpsLayout(OLD), repo)).toMatchObject({ written: [], removed: [] });
    expect(fs.readdirSync(repo).sort()).toEqual(['graphs', 'platform']);
  });

  test('SIGINT during the swap is held until the new tree is in place, then ends the run', () => {
    const r = writeAndSignal(repo, NEW, 'renameSync', 2, 'SIGINT');
    expect(r.signal).toBe('SIGINT');
    expect(r.stdout).toBe('finished\n');
    expect(tree(repo)).toEqual(expected(NEW));
    expect(fs.readdirSync(repo).sort()).toEqual(['graphs', 'platform']);
  });

  test('a full disk mid-write is a message; the old tree stays and nothing is left behind', () => {
    const r = writeAndSignal(repo, NEW, 'writeFileSync', 4, 'ENOSPC');
    expect(r.stdout).toBe(
      `GitOpsLayoutError: ${path.join(repo, 'graphs')}: cannot write: ENOSPC: no space left on device, write\n`,
    );
    expect(tree(repo)).toEqual(expected(OLD));
    expect(fs.readdirSync(repo).sort()).toEqual(['graphs', 'platform']);
  });

  test('a run holding the lock makes a second run fail with a message; a dead run’s lock is taken over', () => {
    const lock = path.join(repo, '.dynamo-iac.lock');
    const sleeper = spawn('sleep', ['30']);
    const live = sleeper.pid!;
    try {
      fs.writeFileSync(lock, `${live}\n`);
      expect(() => writeGitOpsLayout(gitOpsLayout(NEW), repo)).toThrow(
        `${repo}: another dynamo-iac run (pid ${live}) is writing here; run again when it has finished (if no such run exists, remove ${lock})`,
      );
      expect(tree(repo)).toEqual({ ...expected(OLD), '.dynamo-iac.lock': `${live}\n` });
    } finally {
      sleeper.kill();
    }
    // A pid no process has (beyond pid_max).
    fs.writeFileSync(lock, '4194305\n');
    writeGitOpsLayout(gitOpsLayout(NEW), repo);
    expect(tree(repo)).toEqual(expected(NEW));
    expect(fs.existsSync(lock)).toBe(false);
  });

  test('a directory named like the lock file is a message, not a crash', () => {
    fs.mkdirSync(path.join(repo, '.dynamo-iac.lock'));
    expect(() => writeGitOpsLayout(gitOpsLayout(NEW), repo)).toThrow(
      new GitOpsLayoutError(
        `${path.join(repo, '.dynamo-iac.lock')}: exists and is not a dynamo-iac lock file; remove it`,
      ),
    );
  });

  test('the leftovers of an earlier version killed mid-swap are recovered: the moved-aside layer comes back', () => {
    // What the per-layer swap of earlier versions left: graphs/ renamed aside, the new copy beside it.
    fs.renameSync(path.join(repo, 'graphs'), path.join(repo, '.graphs.tmp-abc123.old'));
    fs.mkdirSync(path.join(repo, '.graphs.tmp-abc123'));
    fs.writeFileSync(path.join(repo, '.graphs.tmp-abc123', 'half.yaml'), 'x');
    expect(writeGitOpsLayout(gitOpsLayout(OLD), repo)).toMatchObject({ written: [], removed: [] });
    expect(tree(repo)).toEqual(expected(OLD));
    expect(fs.readdirSync(repo).sort()).toEqual(['graphs', 'platform']);
  });

  test("a user's empty directory inside a layer is kept, and a symbolic link too when asked (keepSymlinks)", () => {
    fs.symlinkSync('../elsewhere', path.join(repo, 'graphs', 'link'));
    fs.mkdirSync(path.join(repo, 'graphs', 'notes'));
    writeGitOpsLayout(gitOpsLayout(NEW), repo, { keepSymlinks: true });
    expect(fs.readlinkSync(path.join(repo, 'graphs', 'link'))).toBe('../elsewhere');
    expect(fs.readdirSync(path.join(repo, 'graphs', 'notes'))).toEqual([]);
  });

  test("directories are created with the user's umask", () => {
    const old = process.umask(0o022);
    try {
      const fresh = path.join(work, 'fresh');
      writeGitOpsLayout(gitOpsLayout(NEW), fresh);
      for (const d of [fresh, path.join(fresh, 'graphs'), path.join(fresh, 'graphs', 'llm')])
        expect(fs.statSync(d).mode & 0o777).toBe(0o755);
    } finally {
      process.umask(old);
    }
  });
});
