/**
 * Fuzz: a few hundred randomly mutated graphs (seeded, so every run is the same). Each one must
 * either fail our validation with field-path problems, or render output the API server accepts
 * (server-side apply, dryRun=All). No crashes; nothing we accept that the server rejects; and
 * every graph our CRD-schema check refuses is refused by the server too (server-side apply, dry run),
 * and a Pod made from every v1beta1 pod template that only our core/v1 checks refuse.
 */
import { appendFileSync, readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';
import { errorsOf, loadGraph, Problem, ResolvedSettings, resolveSettings, validateGraph } from '../../src/api';
import { crdSchemaProblems } from '../../src/api/validate/crd-schema';
import { renderManifest } from '../../src/pipeline/render-manifest';
import { installEveryRenderedKind } from './crds/third-party';
import { describeObject } from './example-objects';
import { KubeClient, KubeError, ServerObject, uniqueName } from './kube';
import { mutate, seededRng } from './fuzz-mutate';
import { isProductRule } from './fuzz-verdict';

/** CI runs the fixed seed; FUZZ_SEED / FUZZ_RUNS explore other runs locally (FUZZ_SEED=7 npm run test:cluster -- fuzz). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20260401);
const BASES = ['agg-v1beta1.yaml', 'disagg-v1beta1.yaml', 'agg-v1alpha1.yaml', 'disagg-v1alpha1.yaml'].map((f) =>
  parse(readFileSync(join(__dirname, '..', 'fixtures', f), 'utf8')),
);

let kube: KubeClient;
let ns: string;
beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installEveryRenderedKind(kube);
  ns = uniqueName('fuzz');
  await kube.createNamespace(ns);
});
afterAll(() => kube.close());

/** Loader and validateGraph problems: upstream's webhook and CEL rules, without the schema checks. */
function upstreamRuleProblems(doc: unknown, settings: ResolvedSettings): Problem[] {
  const loaded = loadGraph(doc);
  return [...loaded.problems, ...(loaded.model ? validateGraph(loaded.model, settings) : [])];
}

/**
 * A Pod from each v1beta1 `podTemplate` a problem points into (`spec.components[i].podTemplate.spec…`
 * or `.metadata…`): what the server's core/v1 validation says about the content as the user wrote it.
 */
function podsAtFault(doc: any, errors: Problem[], run: number): ServerObject[] {
  // A clash with a mount the renderer adds is not in the template alone.
  if (doc.apiVersion !== 'nvidia.com/v1beta1' || errors.some((p) => /rendered container/.test(p.message))) return [];
  const at = errors.map((p) => /^spec\.components\[(\d+)\]\.podTemplate\.(spec|metadata)\b/.exec(p.path));
  if (at.some((m) => !m)) return [];
  return [...new Set(at.map((m) => Number(m![1])))].map((i) => {
    const template = doc.spec.components[i].podTemplate;
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { ...(template.metadata ?? {}), name: `fuzz-${run}-pod-${i}`, namespace: ns },
      spec: template.spec,
    } as ServerObject;
  });
}

test(`${RUNS} mutated graphs: rejected by us with field paths, or accepted by the API server`, async () => {
  const rng = seededRng(SEED);
  const settings = resolveSettings({ discoveryBackend: 'kubernetes' });
  const counts = {
    rejectedByUs: 0,
    acceptedByUs: 0,
    acceptedByBoth: 0,
    objectsApplied: 0,
    schemaRejectionsChecked: 0,
    podContentRejectionsChecked: 0,
  };
  const crashes: string[] = [];
  const pathless: string[] = [];
  const mismatches: string[] = [];
  /** Graphs our schema or core/v1 checks refused but the server took: we would be stricter than the server. */
  const tooStrict: string[] = [];

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
      const schema = crdSchemaProblems(doc);
      if (schema.length > 0) {
        counts.schemaRejectionsChecked++;
        // Server-side apply, as Flux applies the graph record (a plain create would drop `field: null`).
        const accepted = await kube.apply(doc as ServerObject, { dryRun: true }).then(
          () => true,
          () => false,
        );
        const lines = schema.map((p) => `${p.path}: ${p.message}`);
        // Our rules stricter than the server on purpose (fuzz-verdict.ts) are no mismatch.
        if (accepted && !lines.every(isProductRule)) tooStrict.push(`${what}: ${lines.join('; ')}`);
      } else if (errorsOf(upstreamRuleProblems(doc, settings)).length === 0) {
        // Refused only by the core/v1 checks: Pods made from the templates at fault must be refused too.
        const pods = podsAtFault(doc, errors, run);
        if (pods.length > 0) {
          counts.podContentRejectionsChecked++;
          const accepted = await Promise.all(
            pods.map((p) =>
              kube.apply(p, { dryRun: true }).then(
                () => true,
                () => false,
              ),
            ),
          );
          if (accepted.every((ok) => ok))
            tooStrict.push(`${what}: ${errors.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
        }
      }
      pathless.push(...errors.filter((p) => !p.path).map((p) => `${what}: ${p.message}`));
      // FUZZ_REJECTIONS=FILE lists what we rejected and why, to look for rejections the server would not make.
      if (process.env.FUZZ_REJECTIONS)
        appendFileSync(
          process.env.FUZZ_REJECTIONS,
          `${what}\n${errors.map((p) => `   ${p.path}: ${p.message}`).join('\n')}\n`,
        );
      continue;
    }
    counts.acceptedByUs++;
    const results = await Promise.all(
      rendered.objects.map((o) =>
        kube.apply(o as ServerObject, { dryRun: true }).then(
          () => undefined,
          (e: unknown) =>
            `${what}: ${describeObject(o as ServerObject)}: ${e instanceof KubeError ? e.message : String(e)}`,
        ),
      ),
    );
    counts.objectsApplied += rendered.objects.length;
    const rejected = results.filter((r): r is string => r !== undefined);
    if (rejected.length === 0) counts.acceptedByBoth++;
    mismatches.push(...rejected);
  }

  // Reported numbers (also on success), so a change in the mix shows in the log.
  console.log(
    `fuzz: ${RUNS} graphs (seed ${SEED}): ${counts.rejectedByUs} rejected by our validation, ` +
      `${counts.acceptedByUs} accepted by us, ${counts.acceptedByBoth} of them also by the server (${counts.objectsApplied} objects, ` +
      `dry-run apply), ${crashes.length} crashes, ${mismatches.length} objects accepted by us but rejected by the server; ` +
      `${counts.schemaRejectionsChecked} graphs refused by our CRD-schema check and ${counts.podContentRejectionsChecked} by our core/v1 ` +
      `checks of a v1beta1 pod template re-checked on the server, ${tooStrict.length} of them accepted by the server`,
  );
  expect(crashes).toEqual([]);
  expect(pathless).toEqual([]);
  expect(mismatches).toEqual([]);
  expect(tooStrict).toEqual([]);
  // Both outcomes must be well represented, or the mutations are too weak / too strong.
  expect(counts.rejectedByUs).toBeGreaterThan(RUNS / 10);
  expect(counts.acceptedByUs).toBeGreaterThan(RUNS / 10);
});
