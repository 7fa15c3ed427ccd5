/**
 * `dynamo-iac gitops` across worker changes (issue 28, docs/rollouts.md): the built CLI, run the
 * way a user runs it on a GitOps checkout, on the disaggregated example with its prefill worker's
 * arguments, its frontend image and its replicas changed between runs.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURES, lines, ROOT, run } from './run';

const SOURCE = fs.readFileSync(path.join(ROOT, FIXTURES, 'disagg-v1beta1.yaml'), 'utf8');
const GRAPH = 'graphs/inference/vllm-disagg';
const RECORD_FILE = 'dynamographdeployment-vllm-disagg.yaml';
const RECORD = `${GRAPH}/${RECORD_FILE}`;

/** The example with an extra prefill argument (a worker change), or another frontend image, or more decode replicas. */
function variant(opts: { prefillArg?: string; frontendImage?: string; decodeReplicas?: number } = {}): string {
  let text = SOURCE;
  if (opts.prefillArg)
    text = text.replace('- --is-prefill-worker', `- --is-prefill-worker\n                - ${opts.prefillArg}`);
  // The frontend is the first component, with the first image.
  if (opts.frontendImage) text = text.replace(/image: \S+/, `image: ${opts.frontendImage}`);
  if (opts.decodeReplicas !== undefined)
    text = text.replace(/(name: VllmDecodeWorker[\s\S]*?replicas: )2/, `$1${opts.decodeReplicas}`);
  if (text === SOURCE && Object.keys(opts).length > 0)
    throw new Error('the fixture changed: the variant has no effect');
  return text;
}

describe('dynamo-iac gitops: worker generations across runs', () => {
  let work: string;
  let repo: string;
  let input: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-rollout-cli-'));
    repo = path.join(work, 'repo');
    input = path.join(work, 'graph.yaml');
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  const gitops = (text: string, ...extra: string[]) => {
    fs.writeFileSync(input, text);
    const r = run(['gitops', '-o', repo, '--no-platform', '--no-crds', ...extra, input]);
    expect(r.code).toBe(0);
    // The example's scaling-adapter warnings and the notes on namespaces and worker replicas are
    // not what these tests are about.
    return lines(r.stderr).filter((l) => !l.includes('warning: ') && !l.startsWith('note: '));
  };
  const graphFiles = () => fs.readdirSync(path.join(repo, GRAPH)).sort();
  const hashes = () => [...new Set(graphFiles().flatMap((f) => /-([0-9a-f]{8})\.yaml$/.exec(f)?.[1] ?? []))].sort();
  const listed = () =>
    /dynamo-iac\.io\/worker-hashes: (\S+)/.exec(fs.readFileSync(path.join(repo, RECORD), 'utf8'))?.[1];
  const snapshot = () => new Map(graphFiles().map((f) => [f, fs.readFileSync(path.join(repo, GRAPH, f), 'utf8')]));
  const changedSince = (before: Map<string, string>) =>
    [...snapshot()].filter(([f, text]) => before.get(f) !== text).map(([f]) => f);
  const workerFiles = (hash: string) => graphFiles().filter((f) => f.endsWith(`-${hash}.yaml`));

  test("'operator' mode (the default): a worker change carries the previous generation; the next one drops it", () => {
    gitops(variant());
    const [first] = hashes();
    expect(workerFiles(first)).toHaveLength(4); // prefill and decode: Deployment and Service each
    expect(listed()).toBeUndefined();

    const second = gitops(variant({ prefillArg: '--enforce-eager' }));
    const next = hashes().find((h) => h !== first)!;
    expect(hashes()).toEqual([first, next].sort());
    expect(listed()).toBe(`${next},${first}`);
    expect(second).toContain(
      `${GRAPH}: worker generation ${next} rolls out beside ${first}; the runtime operator moves the replicas`,
    );

    // Same input again: nothing changes, nothing is said about generations.
    const files = graphFiles().length; // and the kustomization.yaml of graphs/ and graphs/inference/
    expect(gitops(variant({ prefillArg: '--enforce-eager' }))).toEqual([
      `${repo}: 0 written, 0 removed, ${files + 2} unchanged`,
    ]);

    // A frontend-only change and a scaling change roll no worker: only the frontend and the record change.
    let before = snapshot();
    expect(gitops(variant({ prefillArg: '--enforce-eager', frontendImage: 'frontend:2.0.0' }))).toEqual([
      `${repo}: 2 written, 0 removed, ${files} unchanged`,
    ]);
    expect(changedSince(before)).toEqual(['deployment-vllm-disagg-frontend.yaml', RECORD_FILE]);
    before = snapshot();
    expect(
      gitops(variant({ prefillArg: '--enforce-eager', frontendImage: 'frontend:2.0.0', decodeReplicas: 4 })),
    ).toEqual([`${repo}: 1 written, 0 removed, ${files + 1} unchanged`]);
    expect(changedSince(before)).toEqual([RECORD_FILE]);
    expect(hashes()).toEqual([first, next].sort());

    const third = gitops(
      variant({ prefillArg: '--enforce-eager=false', frontendImage: 'frontend:2.0.0', decodeReplicas: 4 }),
    );
    const last = hashes().find((h) => h !== first && h !== next)!;
    expect(hashes()).toEqual([next, last].sort());
    expect(listed()).toBe(`${last},${next}`);
    expect(third).toContain(
      `${GRAPH}: worker generation ${first} left the output; the runtime operator deletes it once drained`,
    );
    for (const f of workerFiles(next))
      expect(fs.readFileSync(path.join(repo, GRAPH, f), 'utf8')).toContain('prune: disabled');
  });

  test("'commits' mode: the previous generation serves at its replicas until --retire-previous", () => {
    const settings = path.join(work, 'settings.yaml');
    fs.writeFileSync(settings, 'workerRollout: commits\n');
    gitops(variant(), '--settings', settings);
    const [first] = hashes();
    const second = gitops(variant({ prefillArg: '--enforce-eager' }), '--settings', settings);
    const next = hashes().find((h) => h !== first)!;
    expect(second).toContain(
      `${GRAPH}: worker generation ${next} rolls out beside ${first} (no runtime operator): once ${next} is Ready, run again with --retire-previous`,
    );
    const decode = fs.readFileSync(
      path.join(repo, GRAPH, `deployment-vllm-disagg-vllmdecodeworker-${first}.yaml`),
      'utf8',
    );
    expect(decode).not.toContain('prune: disabled');

    const retired = gitops(variant({ prefillArg: '--enforce-eager' }), '--settings', settings, '--retire-previous');
    expect(hashes()).toEqual([next]);
    expect(listed()).toBeUndefined();
    expect(retired).toEqual(
      expect.arrayContaining([
        ...workerFiles(first).map((f) => `removed ${GRAPH}/${f}`),
        `${GRAPH}: worker generation ${first} retired; Flux or Argo CD prunes it`,
      ]),
    );
    expect(retired.filter((l) => l.startsWith('removed '))).toHaveLength(4);
    expect(gitops(variant({ prefillArg: '--enforce-eager' }), '--settings', settings, '--retire-previous')).toContain(
      `--retire-previous: nothing to retire: no graph in ${repo} carries a previous worker generation`,
    );
  });

  test('the first render with generations keeps the in-place workers until --retire-previous', () => {
    const inPlace = path.join(work, 'in-place.yaml');
    fs.writeFileSync(inPlace, 'workerRollout: in-place\n');
    gitops(variant(), '--settings', inPlace);
    const workers = graphFiles().filter((f) => /worker\.yaml$/.test(f));
    expect(workers).toHaveLength(4);
    const upgraded = gitops(variant());
    const [current] = hashes();
    expect(upgraded).toContain(
      `${GRAPH}: in-place workers Deployment/vllm-disagg-vllmdecodeworker, Deployment/vllm-disagg-vllmprefillworker, Service/vllm-disagg-vllmdecodeworker, Service/vllm-disagg-vllmprefillworker stay beside worker generation ${current} at their replicas (no operator drains them): once ${current} is Ready, run again with --retire-previous`,
    );
    for (const f of workers) expect(fs.existsSync(path.join(repo, GRAPH, f))).toBe(true);
    const retired = gitops(variant(), '--retire-previous');
    expect(retired.filter((l) => l.startsWith('removed '))).toEqual(workers.map((f) => `removed ${GRAPH}/${f}`));
    expect(graphFiles().filter((f) => /worker\.yaml$/.test(f))).toEqual([]);
  });

  test('render --layout gitops carries the previous generation too (the same writer)', () => {
    fs.writeFileSync(input, variant());
    expect(run(['render', '-o', repo, '--layout', 'gitops', input]).code).toBe(0);
    const [first] = hashes();
    fs.writeFileSync(input, variant({ prefillArg: '--enforce-eager' }));
    expect(run(['render', '-o', repo, '--layout', 'gitops', input]).code).toBe(0);
    expect(hashes()).toHaveLength(2);
    expect(listed()).toMatch(new RegExp(`^[0-9a-f]{8},${first}$`));
  });
});
