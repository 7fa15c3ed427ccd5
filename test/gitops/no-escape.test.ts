/**
 * Hostile input (issue 39): `gitops -o DIR` and `render -o DIR` never write, remove or follow
 * anything outside DIR through a symbolic link planted inside it: a layer that is a link, a link
 * inside a layer, a link where the writer keeps its lock or its transaction. Each link here points
 * at a directory outside DIR whose contents must stay exactly as they were.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubeObject } from '../../src/api/k8s-types';
import { gitOpsLayout, GitOpsLayoutError, GitOpsLayoutInput } from '../../src/gitops/layout';
import { writeGitOpsLayout } from '../../src/gitops/write';
import { OutputDirError, writeObjectsToDir } from '../../src/output/object-dir';

const dep = (name: string, ns: string, image: string): KubeObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name, namespace: ns },
  spec: { template: { spec: { containers: [{ name: 'main', image }] } } },
});
const OLD: GitOpsLayoutInput = {
  platform: [dep('op', 'dynamo-system', 'op:1')],
  graphs: [{ name: 'a', namespace: 'llm', objects: [dep('a-frontend', 'llm', 'img:1')] }],
};
const NEW: GitOpsLayoutInput = {
  platform: [dep('op', 'dynamo-system', 'op:2')],
  graphs: [{ name: 'a', namespace: 'llm', objects: [dep('a-frontend', 'llm', 'img:2')] }],
};

let work: string;
let repo: string;
let outside: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'no-escape-'));
  repo = path.join(work, 'repo');
  outside = path.join(work, 'outside');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'precious.yaml'), 'keep: me\n');
  writeGitOpsLayout(gitOpsLayout(OLD), repo);
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** The outside directory, entry by entry: what every test asserts did not change. */
const outsideNow = () =>
  Object.fromEntries(
    fs.readdirSync(outside, { recursive: true }).map((f) => {
      const full = path.join(outside, f as string);
      return [f, fs.lstatSync(full).isFile() ? fs.readFileSync(full, 'utf8') : 'dir'];
    }),
  );
const UNTOUCHED = { 'precious.yaml': 'keep: me\n' };

test('a layer directory that is a symbolic link to outside is refused, even with force', () => {
  fs.rmSync(path.join(repo, 'graphs'), { recursive: true });
  fs.symlinkSync(outside, path.join(repo, 'graphs'));
  for (const force of [false, true]) {
    expect(() => writeGitOpsLayout(gitOpsLayout(NEW), repo, { force })).toThrow(
      `${path.join(repo, 'graphs')}: is a symbolic link`,
    );
  }
  expect(outsideNow()).toEqual(UNTOUCHED);
  expect(fs.readlinkSync(path.join(repo, 'graphs'))).toBe(outside);
});

test('a symbolic link inside a layer is refused by default, one message listing it, nothing written', () => {
  fs.symlinkSync(path.join(outside, 'precious.yaml'), path.join(repo, 'graphs', 'llm', 'escape.yaml'));
  const before = fs.readFileSync(path.join(repo, 'platform', 'dynamo-system', 'deployment-op.yaml'), 'utf8');
  expect(() => writeGitOpsLayout(gitOpsLayout(NEW), repo, { force: true })).toThrow(
    /graphs: holds symbolic links \("llm\/escape.yaml"\), which can point outside the directory; .* pass --keep-symlinks/,
  );
  expect(outsideNow()).toEqual(UNTOUCHED);
  // The whole run was refused: platform/ is still the old one.
  expect(fs.readFileSync(path.join(repo, 'platform', 'dynamo-system', 'deployment-op.yaml'), 'utf8')).toBe(before);
});

test('with keepSymlinks a link is kept as it is and never written through, even where the layout writes a file', () => {
  const ours = path.join(repo, 'graphs', 'llm', 'a', 'deployment-a-frontend.yaml');
  fs.rmSync(ours);
  fs.symlinkSync(path.join(outside, 'precious.yaml'), ours);
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'not for Git\n');
  fs.symlinkSync(outside, path.join(repo, 'graphs', 'llm', 'to-outside'));
  // A link with a .yaml name the layout does not have is the user's too: kept, not removed as stale output.
  fs.symlinkSync(path.join(outside, 'precious.yaml'), path.join(repo, 'graphs', 'llm', 'linked.yaml'));
  const r = writeGitOpsLayout(gitOpsLayout(NEW), repo, { keepSymlinks: true });
  expect(r.written).toContain('graphs/llm/a/deployment-a-frontend.yaml');
  // Our file replaced the link (a regular file now); the other link is kept; outside unchanged.
  expect(fs.lstatSync(ours).isFile()).toBe(true);
  expect(fs.readFileSync(ours, 'utf8')).toContain('img:2');
  expect(fs.readlinkSync(path.join(repo, 'graphs', 'llm', 'to-outside'))).toBe(outside);
  expect(fs.readlinkSync(path.join(repo, 'graphs', 'llm', 'linked.yaml'))).toBe(path.join(outside, 'precious.yaml'));
  expect(r.removed).toEqual([]);
  // Nothing behind the linked directory was read into the layer (readdir's recursion follows links).
  expect(fs.lstatSync(path.join(repo, 'graphs', 'llm', 'to-outside')).isSymbolicLink()).toBe(true);
  expect(outsideNow()).toEqual({ ...UNTOUCHED, 'secret.txt': 'not for Git\n' });
});

test("the writer's transaction directory or lock file planted as a link to outside is refused", () => {
  fs.symlinkSync(outside, path.join(repo, '.dynamo-iac.tx'));
  expect(() => writeGitOpsLayout(gitOpsLayout(NEW), repo)).toThrow(
    `${path.join(repo, '.dynamo-iac.tx')}: is a symbolic link; dynamo-iac never writes through one: remove it`,
  );
  expect(outsideNow()).toEqual(UNTOUCHED);
  fs.rmSync(path.join(repo, '.dynamo-iac.tx'));

  fs.symlinkSync(path.join(outside, 'precious.yaml'), path.join(repo, `.dynamo-iac.lock.${process.pid}.tmp`));
  expect(() => writeGitOpsLayout(gitOpsLayout(NEW), repo)).toThrow(GitOpsLayoutError);
  expect(outsideNow()).toEqual(UNTOUCHED);
  fs.rmSync(path.join(repo, `.dynamo-iac.lock.${process.pid}.tmp`));

  fs.symlinkSync(path.join(outside, 'precious.yaml'), path.join(repo, '.dynamo-iac.lock'));
  expect(() => writeGitOpsLayout(gitOpsLayout(NEW), repo)).toThrow(`is a symbolic link`);
  expect(outsideNow()).toEqual(UNTOUCHED);
});

test('render -o --force: a namespace directory or a file that is a link to outside is refused', () => {
  const dir = path.join(work, 'flat');
  writeObjectsToDir([dep('a', 'llm', 'img:1')], dir);
  fs.symlinkSync(outside, path.join(dir, 'team'));
  expect(() => writeObjectsToDir([dep('a', 'llm', 'img:2')], dir, { force: true })).toThrow(OutputDirError);
  fs.rmSync(path.join(dir, 'team'));
  fs.symlinkSync(path.join(outside, 'precious.yaml'), path.join(dir, 'llm', 'deployment-b.yaml'));
  expect(() => writeObjectsToDir([dep('a', 'llm', 'img:2')], dir, { force: true })).toThrow(
    /holds files dynamo-iac did not write \("llm\/deployment-b.yaml"\)/,
  );
  expect(outsideNow()).toEqual(UNTOUCHED);
});
