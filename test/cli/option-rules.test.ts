/**
 * Hostile input (issue 39): every `gitops` option that ends up in an object is checked with the
 * rule of the field it lands in, before anything is rendered or written: one line per problem
 * naming the flag, exit 2 (usage), never exit 70.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { argoCdApplications } from '../../src/gitops/argocd';
import { fluxKustomizations, fluxSource } from '../../src/gitops/flux';
import { lines, run } from './run';

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'option-rules-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

const FLUX = ['--flux-url', 'https://git.example.com/acme/deploy'];
const ARGO = ['--argocd-url', 'https://git.example.com/acme/deploy'];

describe('gitops options that end up in objects', () => {
  test.each([
    ['--platform-namespace', 'Bad_NS', []],
    ['--platform-namespace', '../x', []],
    ['--activator-port', 'http', []],
    ['--flux-namespace', '../x', FLUX],
    ['--flux-secret', '../y', FLUX],
    ['--flux-name', 'A B', FLUX],
    ['--flux-name', 'a'.repeat(250), FLUX],
    ['--flux-path', '../up', FLUX],
    ['--flux-path', '/etc', FLUX],
    ['--flux-ref', 'a..b', FLUX],
    ['--flux-ref', 'main\nx', FLUX],
    ['--flux-url', 'https://x/ y', []],
    ['--flux-url', 'https://[bad', []],
    ['--argocd-namespace', '../x', ARGO],
    ['--argocd-project', '../p', ARGO],
    ['--argocd-name', 'Upper', ARGO],
    ['--argocd-server', 'nope', ARGO],
    ['--argocd-path', '../../etc', ARGO],
    ['--argocd-ref', ' ', ARGO],
    ['--argocd-url', 'https://x/\u0007', []],
  ])('%s %j: one line naming the flag, exit 2, nothing written', (flag, value, engine) => {
    const repo = path.join(work, 'repo');
    const r = run(['gitops', '-o', repo, ...engine, flag, value]);
    expect(r.code).toBe(2);
    const problemLines = lines(r.stderr);
    expect(problemLines.length).toBeGreaterThanOrEqual(1);
    for (const l of problemLines) expect(l).toMatch(new RegExp(`^dynamo-iac gitops: ${flag} "`));
    expect(r.stderr).not.toContain('internal error');
    expect(fs.existsSync(repo)).toBe(false);
  });

  test('every bad option is reported at once, one line each', () => {
    const r = run([
      'gitops',
      '-o',
      path.join(work, 'repo'),
      ...FLUX,
      '--flux-namespace',
      '../x',
      '--flux-secret',
      '../y',
      '--platform-namespace',
      'Bad_NS',
    ]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr).map((l) => l.split(':')[1].trim())).toEqual([
      '--platform-namespace "Bad_NS"',
      '--flux-namespace "../x"',
      '--flux-secret "../y"',
    ]);
  });

  test('good values are written as given', () => {
    const repo = path.join(work, 'repo');
    const r = run([
      'gitops',
      '-o',
      repo,
      ...FLUX,
      '--flux-namespace',
      'flux-system',
      '--flux-secret',
      'git-creds',
      '--flux-path',
      './clusters/prod',
      '--flux-ref',
      'release/v1.2',
      '--platform-namespace',
      'dynamo-system',
    ]);
    expect([r.code, r.stderr]).toEqual([0, expect.stringContaining('written')]);
    const source = fs.readFileSync(path.join(repo, 'flux', 'gitrepository-dynamo.yaml'), 'utf8');
    expect(source).toContain('secretRef:\n    name: git-creds');
    expect(source).toContain('branch: release/v1.2');
  });
});

test('gitops --activator-port puts the activator Service in platform/; the HTTP port is refused as `platform` refuses it', () => {
  const repo = path.join(work, 'repo');
  const r = run(['gitops', '-o', repo, '--activator-port', '8090']);
  expect(r.code).toBe(0);
  const platform = fs
    .readdirSync(path.join(repo, 'platform'), { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => fs.readFileSync(path.join(f.parentPath, f.name), 'utf8'))
    .join('\n');
  expect(platform).toContain('name: dynamo-iac-operator-activator');
  expect(platform).toContain('- --activator-port\n');
  const bad = run(['gitops', '-o', path.join(work, 'bad'), '--activator-port', '8080']);
  expect([bad.code, bad.stderr]).toEqual([
    2,
    "dynamo-iac gitops: --activator-port 8080: must differ from the operator's HTTP port 8080 (metrics and probes)\n",
  ]);
});

describe('the library builders refuse the same values', () => {
  test('fluxSource and fluxKustomizations name every bad option at once', () => {
    expect(() => fluxSource({ url: 'https://x/y', namespace: '../x', secretName: '../y' })).toThrow(
      /^Flux source namespace "\.\.\/x": .*\nFlux source secretName "\.\.\/y": /,
    );
    const source = { apiVersion: 'v1', kind: 'GitRepository', name: 'dynamo' };
    expect(() => fluxKustomizations({ source, layers: ['graphs'], path: '../x' })).toThrow(
      `Flux Kustomizations path "../x": must not contain '..': it would leave the repository`,
    );
  });

  test('argoCdApplications', () => {
    expect(() => argoCdApplications({ repoURL: 'https://x/y', namespace: '../x', layers: [] })).toThrow(
      /^Argo CD namespace "\.\.\/x": a lowercase RFC 1123 label/,
    );
  });
});
