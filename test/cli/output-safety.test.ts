/** `-o` never takes the user's files with it: the project, a Git repository, the inputs, files it did not write. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURES, lines, ROOT, run } from './run';

describe('-o refuses to replace what is not its own', () => {
  let work: string;
  let project: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-safety-'));
    project = path.join(work, 'project');
    fs.mkdirSync(path.join(project, '.git'), { recursive: true });
    fs.writeFileSync(path.join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    fs.copyFileSync(path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml'), path.join(project, 'graph.yaml'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  const files = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).sort();

  test('render -o . --force in a project directory is refused and deletes nothing', () => {
    const before = files(project);
    const r = run(['render', '-o', '.', '--force', 'graph.yaml'], { cwd: project });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual(['.: holds the working directory; write somewhere else']);
    expect(files(project)).toEqual(before);
  });

  test('a directory holding a Git repository, or an input, is refused', () => {
    const r = run(['render', '-o', project, '--force', path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml')]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([`${project}: holds a Git repository (.git); write somewhere else`]);
    fs.rmSync(path.join(project, '.git'), { recursive: true });
    const input = path.join(project, 'graph.yaml');
    const r2 = run(['render', '-o', project, '--force', input]);
    expect(r2.code).toBe(2);
    expect(lines(r2.stderr)).toEqual([`${project}: holds the input ${input}; write somewhere else`]);
    expect(files(project)).toEqual(['graph.yaml']);
  });

  test('--force replaces only a directory dynamo-iac wrote: other files are listed and kept', () => {
    const out = path.join(work, 'out');
    expect(run(['render', '-o', out, path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml')]).code).toBe(0);
    fs.writeFileSync(path.join(out, 'README.md'), 'mine');
    fs.symlinkSync('/nowhere', path.join(out, 'default', 'link.yaml'));
    const before = files(out);
    const r = run(['render', '-o', out, '--force', path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml')]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `${out}: holds files dynamo-iac did not write ("README.md", "default/link.yaml"); --force replaces only a directory dynamo-iac wrote: remove them or choose another directory`,
    ]);
    expect(files(out)).toEqual(before);
  });

  test('gitops -o refuses a layer directory that holds an input', () => {
    fs.mkdirSync(path.join(project, 'graphs'));
    fs.renameSync(path.join(project, 'graph.yaml'), path.join(project, 'graphs', 'graph.yaml'));
    const r = run(['gitops', '-o', '.', '--no-platform', '--no-crds', 'graphs/graph.yaml'], { cwd: project });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual(['.: holds the input graphs/graph.yaml; write somewhere else']);
    expect(files(path.join(project, 'graphs'))).toEqual(['graph.yaml']);
  });

  test("render -o creates directories with the user's umask, not 0700", () => {
    const out = path.join(work, 'new', 'out');
    const old = process.umask(0o022);
    try {
      expect(run(['render', '-o', out, path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml')]).code).toBe(0);
    } finally {
      process.umask(old);
    }
    for (const d of [path.join(work, 'new'), out, path.join(out, 'default')])
      expect(fs.statSync(d).mode & 0o777).toBe(0o755);
    expect(fs.readdirSync(path.join(work, 'new'))).toEqual(['out']);
  });
});
