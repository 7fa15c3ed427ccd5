/**
 * Fuzz: a few hundred randomly mutated graphs (seeded, so every run is the same). Each one must
 * either fail our validation with field-path problems, or render output the API server accepts
 * (server-side apply, dryRun=All). No crashes; nothing we accept that the server rejects.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';
import { errorsOf, resolveSettings } from '../../src/api';
import { crdManifests } from '../../src/crds';
import { renderManifest } from '../../src/manifests';
import { installThirdPartyCrds } from './crds/third-party';
import { describeObject } from './example-objects';
import { KubeClient, KubeError, KubeObject, uniqueName } from './kube';
import { mutate, seededRng } from './fuzz-mutate';

const RUNS = 300;
const SEED = 20260401;
const BASES = ['agg-v1beta1.yaml', 'disagg-v1beta1.yaml', 'agg-v1alpha1.yaml', 'disagg-v1alpha1.yaml'].map(
  (f) => parse(readFileSync(join(__dirname, '..', 'fixtures', f), 'utf8')),
);

let kube: KubeClient;
let ns: string;
beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  for (const crd of crdManifests()) await kube.installCrd(crd as KubeObject);
  await installThirdPartyCrds(kube);
  ns = uniqueName('fuzz');
  await kube.createNamespace(ns);
});
afterAll(() => kube.close());

/**
 * Known gaps (test/cluster/README.md), not yet checked at synth time: fields our loader does
 * not know (it ignores them, the graph record then fails strict server-side apply), and
 * core/v1 content we pass through unchecked (podTemplate, extraPodSpec, resources).
 */
function knownGap(message: string): string | undefined {
  if (/field not declared in schema|unknown field/.test(message)) return 'unknown field';
  if (/failed to create typed patch object/.test(message)) return 'wrong type in passed-through content';
  if (/Deployment.apps .* is invalid: spec\.template\.spec/.test(message)) return 'invalid core/v1 pod content';
  return undefined;
}

test(`${RUNS} mutated graphs: rejected by us with field paths, or accepted by the API server`, async () => {
  const rng = seededRng(SEED);
  const settings = resolveSettings({ discoveryBackend: 'kubernetes' });
  const counts = { rejectedByUs: 0, acceptedByBoth: 0, objectsApplied: 0 };
  const crashes: string[] = [];
  const pathless: string[] = [];
  const mismatches: string[] = [];
  const gaps: string[] = [];

  for (let run = 0; run < RUNS; run++) {
    const doc = JSON.parse(JSON.stringify(BASES[run % BASES.length]));
    doc.metadata = { ...doc.metadata, name: `fuzz-${run}`, namespace: ns };
    const what = `#${run} ${doc.apiVersion} ${mutate(doc, rng).join('; ')}`;
    let rendered;
    try {
      rendered = renderManifest(doc, settings);
    } catch (e) {
      crashes.push(`${what}: ${(e as Error).stack?.split('\n').slice(0, 3).join(' | ')}`);
      continue;
    }
    const errors = errorsOf(rendered.problems);
    if (errors.length > 0) {
      counts.rejectedByUs++;
      pathless.push(...errors.filter((p) => !p.path).map((p) => `${what}: ${p.message}`));
      continue;
    }
    counts.acceptedByBoth++;
    const results = await Promise.all(
      rendered.objects.map((o) =>
        kube.apply(o as KubeObject, { dryRun: true }).then(
          () => undefined,
          (e: unknown) => `${what}: ${describeObject(o as KubeObject)}: ${e instanceof KubeError ? e.message : String(e)}`,
        ),
      ),
    );
    counts.objectsApplied += rendered.objects.length;
    for (const r of results) if (r !== undefined) (knownGap(r) ? gaps : mismatches).push(r);
  }

  // Reported numbers (also on success), so a change in the mix shows in the log.
  console.log(`fuzz: ${RUNS} graphs (seed ${SEED}): ${counts.rejectedByUs} rejected by our validation, ` +
    `${counts.acceptedByBoth} rendered and accepted by the server (${counts.objectsApplied} objects, dry-run apply), ` +
    `${crashes.length} crashes, ${mismatches.length + gaps.length} accepted-by-us-rejected-by-server ` +
    `(${gaps.length} in the known gaps listed in README: ${[...new Set(gaps.map(knownGap))].join(', ')})`);
  if (gaps.length) console.log(`fuzz known-gap examples:\n${gaps.slice(0, 5).join('\n')}`);
  expect(crashes).toEqual([]);
  expect(pathless).toEqual([]);
  expect(mismatches).toEqual([]);
  // Both outcomes must be well represented, or the mutations are too weak / too strong.
  expect(counts.rejectedByUs).toBeGreaterThan(RUNS / 10);
  expect(counts.acceptedByBoth).toBeGreaterThan(RUNS / 10);
});
