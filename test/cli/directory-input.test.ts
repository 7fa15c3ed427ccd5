/**
 * A directory argument is read as `kubectl apply -f DIR` reads one: its .yaml, .yml and .json
 * files, in lexical order, each as if named on the command line; -R reads subdirectories too.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CLI_FIXTURES, FIXTURES, lines, ROOT, run } from './run';
import { asUserApplies, upstreamRoot } from '../conformance/upstream-tree';

const GRAPH = path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml');

describe('a directory as input', () => {
  let work: string;
  beforeEach(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-dir-input-'))));
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  const dir = (name: string, files: Record<string, string>) => {
    const d = path.join(work, name);
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(d, file)), { recursive: true });
      fs.writeFileSync(path.join(d, file), text);
    }
    fs.mkdirSync(d, { recursive: true });
    return d;
  };
  // As a user applies them: with a release tag for their `my-tag` placeholder images.
  const upstream = (file: string) => asUserApplies(upstreamRoot(), `examples/backends/vllm/deploy/${file}`).text;
  const graphNamed = (name: string) => fs.readFileSync(GRAPH, 'utf8').replace(/name: \S+/, `name: ${name}`);

  test("renders an upstream example directory's files exactly as those files named one by one, in lexical order", () => {
    const d = dir('deploy', {
      // Lexical, not the order they were written in: b-agg.yaml comes after a-disagg.yml.
      'b-agg.yaml': upstream('agg.yaml'),
      'a-disagg.yml': upstream('disagg.yaml'),
      'README.md': '# not a manifest\n',
      'notes.txt': 'kind: nonsense\n',
      '.b-agg.yaml.swp': 'kind: [broken\n',
    });
    const fromDir = run(['render', d]);
    expect(fromDir.stderr).toBe('');
    expect(fromDir.code).toBe(0);
    const fromFiles = run(['render', path.join(d, 'a-disagg.yml'), path.join(d, 'b-agg.yaml')]);
    expect(fromFiles.code).toBe(0);
    expect(fromDir.stdout).toBe(fromFiles.stdout);
    expect(fromDir.stdout).toContain('kind: Deployment');
  });

  test('a problem names the file inside the directory, and a file named beside its directory is read once', () => {
    const d = dir('graphs', {
      'bad-graph.yaml': fs.readFileSync(path.join(ROOT, CLI_FIXTURES, 'bad-graph.yaml'), 'utf8'),
      'config.json': JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { x: 1 } }),
    });
    const r = run(['validate', d, `${d}/./bad-graph.yaml`]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      `${d}/bad-graph.yaml: spec.components[1].replicas: must be an integer`,
      `${d}/bad-graph.yaml: spec.components[0].replicas: must be non-negative`,
      `${d}/bad-graph.yaml: spec.components[1].podTemplate.spec.containers: must contain a container named "main" with an image`,
      `${d}/config.json: data[x]: must be a string (quote it: "1")`,
    ]);
  });

  test('a directory with no manifest files is one line, which names -R when it has subdirectories', () => {
    const empty = dir('empty', { 'README.md': 'nothing here\n', '.hidden.yaml': 'kind: x\n' });
    const r = run(['render', empty]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([`${empty}: is a directory with no .yaml, .yml or .json files`]);
    const nested = dir('nested', { 'sub/graph.yaml': graphNamed('nested') });
    expect(lines(run(['validate', nested]).stderr)).toEqual([
      `${nested}: is a directory with no .yaml, .yml or .json files (-R also reads its subdirectories)`,
    ]);
  });

  test('-R reads subdirectories at their place in lexical order, hidden ones skipped; without it only the top', () => {
    const d = dir('tree', {
      'a.yaml': graphNamed('top-a'),
      'b/one.yaml': graphNamed('nested-b'),
      'b/c/deeper.yml': graphNamed('deeper-c'),
      'c.yaml': graphNamed('top-c'),
      '.git/config.yaml': 'kind: [broken\n',
    });
    expect(lines(run(['validate', d]).stderr)).toEqual(['2 graphs valid']);
    const recursive = run(['validate', '--recursive', d]);
    expect(lines(recursive.stderr)).toEqual(['4 graphs valid']);
    const files = ['a.yaml', 'b/c/deeper.yml', 'b/one.yaml', 'c.yaml'].map((f) => path.join(d, f));
    expect(run(['render', '-R', d]).stdout).toBe(run(['render', ...files]).stdout);
  });

  test('-o into the input directory, or inside a directory read with -R, is refused and writes nothing', () => {
    const d = dir('in', { 'graph.yaml': graphNamed('g') });
    const before = fs.readdirSync(d);
    const same = run(['render', '-o', d, '--force', d]);
    expect(same.code).toBe(2);
    expect(lines(same.stderr)).toEqual([`${d}: holds the input ${d}; write somewhere else`]);
    const out = path.join(d, 'out');
    const inside = run(['render', '-R', '-o', out, d]);
    expect(inside.code).toBe(2);
    expect(lines(inside.stderr)).toEqual([
      `${out}: is inside the input directory ${d}, read with -R; write somewhere else`,
    ]);
    const gitops = run(['gitops', '-R', '-o', d, '--no-platform', '--no-crds', d]);
    expect(gitops.code).toBe(2);
    expect(lines(gitops.stderr)).toEqual([
      `${d}: is inside the input directory ${d}, read with -R; write somewhere else`,
    ]);
    expect(fs.readdirSync(d)).toEqual(before);
    // Without -R the output's files are in subdirectories the next run does not read.
    const flat = run(['render', '-o', out, d]);
    expect(flat.stderr).toMatch(/^wrote \d+ files to /);
    expect(run(['render', d]).stdout).toBe(run(['render', path.join(d, 'graph.yaml')]).stdout);
  });
});
