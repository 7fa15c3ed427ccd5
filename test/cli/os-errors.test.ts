/** Filesystem and OS errors are messages with exit 1 or 2, never an internal error (exit 70). */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CLI_FIXTURES, FIXTURES, lines, ROOT, run } from './run';

describe('no crash on hostile paths and files', () => {
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-oserr-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  const agg = path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml');

  test('gitops -o on the checkpoint fixture renders each graph with its checkpoints', () => {
    const out = path.join(work, 'repo');
    const r = run([
      'gitops',
      '-o',
      out,
      '--no-platform',
      '--no-crds',
      // DynamoCheckpoint is a Dynamo 1.6 kind.
      '--dynamo-version',
      '1.6',
      path.join(CLI_FIXTURES, 'checkpoint-graph.yaml'),
    ]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    const files = fs.readdirSync(out, { recursive: true }) as string[];
    expect(files.some((f) => f.endsWith('dynamocheckpoint-llama.yaml'))).toBe(true);
  });

  test('a settings file with a __proto__ key is an unknown field', () => {
    const settings = path.join(work, 's.json');
    fs.writeFileSync(settings, '{"__proto__": {"lwsAvailable": true}, "toString": 1}');
    const r = run(['render', '--settings', settings, agg]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(new RegExp(`^${settings}: __proto__: unknown field; expected one of: `)),
      expect.stringMatching(new RegExp(`^${settings}: toString: unknown field; expected one of: `)),
    ]);
  });

  test('a plan lock that is a directory is a problem of the lock', () => {
    const r = run(['render', '--lock', work, agg]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`${work}: is a directory`]);
  });

  test('-o through a dangling symbolic link is a message; through a link to a directory, the directory is written', () => {
    const link = path.join(work, 'link');
    fs.symlinkSync(path.join(work, 'missing'), link);
    const r = run(['render', '-o', link, agg]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `${link}: is a symbolic link to ${path.join(work, 'missing')}, which does not exist`,
    ]);
    fs.mkdirSync(path.join(work, 'missing'));
    expect(run(['render', '-o', link, agg]).code).toBe(0);
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readdirSync(path.join(work, 'missing'))).toEqual(['default']);
  });

  test.each([
    ['render', ['render', '-o']],
    ['gitops', ['gitops', '--no-platform', '-o']],
  ])('%s -o under a file, or where no directory can be made, is a message with exit 1', (_, cmd) => {
    fs.writeFileSync(path.join(work, 'file'), '');
    for (const out of [path.join(work, 'file', 'out'), '/proc/self/dynamo-iac-test']) {
      const r = run([...cmd, out, agg]);
      expect(r.code).toBe(1);
      expect(lines(r.stderr)).toEqual([expect.stringMatching(new RegExp(`^${out}: cannot write: E`))]);
    }
  });
});
