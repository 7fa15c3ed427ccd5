import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubeObject } from '../../src/api/k8s-types';
import { gitOpsLayout, GraphObjects } from '../../src/gitops/layout';
import { NotOurDirectoryError, writeGitOpsLayout } from '../../src/gitops/write';

const dep = (name: string, ns = 'llm', image = 'img:1'): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: ns },
  spec: { template: { spec: { containers: [{ name: 'main', image }] } } },
});
const graph = (name: string, objects: KubeObject[]): GraphObjects => ({ name, namespace: 'llm', objects });

/** path -> [inode, mtimeMs, content] for every file under dir. */
function snapshot(dir: string): Map<string, [number, number, string]> {
  const out = new Map<string, [number, number, string]>();
  for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, f);
    const s = fs.statSync(full);
    if (s.isFile()) out.set(f, [s.ino, s.mtimeMs, fs.readFileSync(full, 'utf8')]);
  }
  return out;
}

describe('writeGitOpsLayout', () => {
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-gitops-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  const layout = (graphs: GraphObjects[]) => gitOpsLayout({ platform: [dep('op', 'dynamo-system')], graphs });

  test('writes every file of the layout, and nothing else', () => {
    const l = layout([graph('a', [dep('a-frontend')])]);
    const r = writeGitOpsLayout(l, path.join(work, 'repo'));
    expect(r).toEqual({ written: l.files.map((f) => f.path), removed: [], unchanged: 0 });
    const files = snapshot(path.join(work, 'repo'));
    expect([...files.keys()].sort()).toEqual(l.files.map((f) => f.path));
    for (const f of l.files) expect(files.get(f.path)![2]).toBe(f.content);
    expect(fs.readdirSync(work)).toEqual(['repo']);
  });

  test('re-writing an unchanged layout touches no file: same bytes, same inode, same mtime', () => {
    const l = layout([graph('a', [dep('a-frontend')]), graph('b', [dep('b-frontend')])]);
    const repo = path.join(work, 'repo');
    writeGitOpsLayout(l, repo);
    const before = snapshot(repo);
    const dirMtime = fs.statSync(path.join(repo, 'graphs')).mtimeMs;
    expect(writeGitOpsLayout(l, repo)).toEqual({ written: [], removed: [], unchanged: l.files.length });
    expect(snapshot(repo)).toEqual(before);
    expect(fs.statSync(path.join(repo, 'graphs')).mtimeMs).toBe(dirMtime);
  });

  test('a change rewrites only the changed files; files no longer rendered are removed; unchanged ones keep inode and mtime', () => {
    const repo = path.join(work, 'repo');
    writeGitOpsLayout(
      layout([graph('a', [dep('a-frontend'), dep('a-worker')]), graph('b', [dep('b-frontend')])]),
      repo,
    );
    const before = snapshot(repo);
    const r = writeGitOpsLayout(
      layout([graph('a', [dep('a-frontend', 'llm', 'img:2')]), graph('b', [dep('b-frontend')])]),
      repo,
    );
    expect(r.written).toEqual(['graphs/llm/a/deployment-a-frontend.yaml', 'graphs/llm/a/kustomization.yaml']);
    expect(r.removed).toEqual(['graphs/llm/a/deployment-a-worker.yaml']);
    const after = snapshot(repo);
    for (const f of [
      'graphs/llm/b/deployment-b-frontend.yaml',
      'graphs/llm/b/kustomization.yaml',
      'graphs/kustomization.yaml',
      'platform/dynamo-system/deployment-op.yaml',
    ]) {
      expect(after.get(f)).toEqual(before.get(f));
    }
    expect(after.has('graphs/llm/a/deployment-a-worker.yaml')).toBe(false);
    // A graph that is gone takes its directory with it.
    writeGitOpsLayout(layout([graph('b', [dep('b-frontend')])]), repo);
    expect(fs.readdirSync(path.join(repo, 'graphs', 'llm')).sort()).toEqual(['b', 'kustomization.yaml']);
  });

  test("leaves everything outside the layer directories alone, and the user's non-YAML files inside them", () => {
    const repo = path.join(work, 'repo');
    fs.mkdirSync(path.join(repo, 'clusters', 'prod'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'README.md'), 'mine');
    fs.writeFileSync(path.join(repo, 'clusters', 'prod', 'flux.yaml'), 'mine');
    writeGitOpsLayout(layout([graph('a', [dep('a-frontend')])]), repo);
    fs.writeFileSync(path.join(repo, 'graphs', '.sourceignore'), 'mine');
    writeGitOpsLayout(layout([graph('b', [dep('b-frontend')])]), repo);
    expect(fs.readFileSync(path.join(repo, 'README.md'), 'utf8')).toBe('mine');
    expect(fs.readFileSync(path.join(repo, 'clusters', 'prod', 'flux.yaml'), 'utf8')).toBe('mine');
    expect(fs.readFileSync(path.join(repo, 'graphs', '.sourceignore'), 'utf8')).toBe('mine');
    expect(fs.readdirSync(repo).sort()).toEqual(['README.md', 'clusters', 'graphs', 'platform']);
  });

  test('a layer directory that dynamo-iac did not write is refused before anything is written, unless forced', () => {
    const repo = path.join(work, 'repo');
    fs.mkdirSync(path.join(repo, 'graphs'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'graphs', 'app.yaml'), 'kind: ConfigMap');
    const l = layout([graph('a', [dep('a-frontend')])]);
    expect(() => writeGitOpsLayout(l, repo)).toThrow(NotOurDirectoryError);
    expect(() => writeGitOpsLayout(l, repo)).toThrow(
      `${path.join(repo, 'graphs')}: exists and was not written by dynamo-iac (no generated kustomization.yaml); pass --force to replace it`,
    );
    // platform/ comes first in the layout, and was still not written.
    expect(fs.readdirSync(repo)).toEqual(['graphs']);
    writeGitOpsLayout(l, repo, { force: true });
    expect(fs.existsSync(path.join(repo, 'graphs', 'app.yaml'))).toBe(false);
    expect(fs.existsSync(path.join(repo, 'platform', 'dynamo-system', 'deployment-op.yaml'))).toBe(true);
  });

  test('DIR that is a file is refused', () => {
    fs.writeFileSync(path.join(work, 'repo'), '');
    expect(() => writeGitOpsLayout(layout([]), path.join(work, 'repo'))).toThrow('exists and is not a directory');
  });
});
