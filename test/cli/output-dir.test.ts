import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CLI_FIXTURES, FIXTURES, lines, ROOT, run } from './run';

/** Every file under dir, relative and sorted. */
function tree(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

describe('render -o DIR', () => {
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-cli-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  const agg = path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml');

  test('writes one file per object as <namespace>/<kind>-<name>.yaml; stdout stays empty', () => {
    const out = path.join(work, 'out');
    const r = run(['render', '-o', out, agg, path.join(ROOT, CLI_FIXTURES, 'two-graphs.yaml')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const files = tree(out);
    expect(r.stderr).toBe(`wrote ${files.length} files to ${out}\n`);
    expect(files).toEqual(
      expect.arrayContaining([
        'default/deployment-vllm-agg-frontend.yaml',
        'default/dynamographdeployment-vllm-agg.yaml',
        'default/dynamographdeployment-first.yaml',
        'team-b/dynamographdeployment-second.yaml',
      ]),
    );
    // The directory is the stream split by object: same content, same bytes per object.
    const stream = run(['render', agg, path.join(ROOT, CLI_FIXTURES, 'two-graphs.yaml')]).stdout;
    const joined = stream.split('---\n').sort();
    expect(files.map((f) => fs.readFileSync(path.join(out, f), 'utf8')).sort()).toEqual(joined);
  });

  test('invalid input leaves no directory and no temporary sibling behind', () => {
    const out = path.join(work, 'out');
    const r = run(['render', '-o', out, agg, path.join(ROOT, CLI_FIXTURES, 'bad-graph.yaml')]);
    expect(r.code).toBe(1);
    expect(fs.readdirSync(work)).toEqual([]);
  });

  test('a directory that cannot be created is exit 1 and leaves nothing behind', () => {
    fs.writeFileSync(path.join(work, 'file'), '');
    const out = path.join(work, 'file', 'out');
    const r = run(['render', '-o', out, agg]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([expect.stringMatching(new RegExp(`^${out}: cannot write: E`))]);
    expect(fs.readdirSync(work)).toEqual(['file']);
  });

  test('a non-empty directory is refused (exit 2) and left untouched', () => {
    const out = path.join(work, 'out');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'keep.txt'), 'mine');
    const r = run(['render', '-o', out, agg]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([`${out}: directory is not empty; pass --force to replace it`]);
    expect(tree(out)).toEqual(['keep.txt']);
  });

  test('--force replaces a directory dynamo-iac wrote as a whole', () => {
    const out = path.join(work, 'out');
    fs.mkdirSync(path.join(out, 'default'), { recursive: true });
    fs.writeFileSync(path.join(out, 'default', 'deployment-stale.yaml'), 'old');
    const r = run(['render', '--force', '-o', out, agg]);
    expect(r.code).toBe(0);
    expect(tree(out)).not.toContain('default/deployment-stale.yaml');
    expect(tree(out)).toContain('default/deployment-vllm-agg-frontend.yaml');
    expect(fs.readdirSync(work)).toEqual(['out']);
  });

  test('an existing empty directory is filled without --force', () => {
    const out = path.join(work, 'out');
    fs.mkdirSync(out);
    expect(run(['render', '-o', out, agg]).code).toBe(0);
    expect(tree(out)).toContain('default/dynamographdeployment-vllm-agg.yaml');
  });

  test('a path that is a file is a usage error', () => {
    const out = path.join(work, 'out');
    fs.writeFileSync(out, '');
    const r = run(['render', '-o', out, agg]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([`${out}: exists and is not a directory`]);
  });

  test('is deterministic: two runs write identical trees', () => {
    const a = path.join(work, 'a');
    const b = path.join(work, 'b');
    const inputs = [path.join(ROOT, FIXTURES, 'disagg-v1alpha1.yaml'), agg];
    expect(run(['render', '-o', a, ...inputs]).code).toBe(0);
    expect(run(['render', '-o', b, ...inputs]).code).toBe(0);
    expect(tree(b)).toEqual(tree(a));
    for (const f of tree(a))
      expect(fs.readFileSync(path.join(b, f), 'utf8')).toBe(fs.readFileSync(path.join(a, f), 'utf8'));
  });
});
