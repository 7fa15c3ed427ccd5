/**
 * Validation ≡ the API server, both ways, on the fields the server checks in everything we render
 * (`fuzz-fields.ts`): every case we accept renders objects the server takes (server-side apply,
 * dryRun=All), and every case we refuse renders — without our validation gate — at least one
 * object the server refuses. Counts are printed; `FUZZ_FIELDS_REPORT=FILE` lists every case with
 * both verdicts. `FUZZ_SEED` / `FUZZ_FIELDS_RUNS` run other cases locally.
 */
import { appendFileSync } from 'fs';
import { installEveryRenderedKind } from './crds/third-party';
import { describeObject } from './example-objects';
import { fieldCases } from './fuzz-fields';
import { seededRng } from './fuzz-mutate';
import { isProductRule, verdictOf } from './fuzz-verdict';
import { KubeClient, KubeError, ServerObject, uniqueName } from './kube';

const RUNS = Number(process.env.FUZZ_FIELDS_RUNS ?? 900);
const SEED = Number(process.env.FUZZ_SEED ?? 20260401);

let kube: KubeClient;
let ns: string;
beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installEveryRenderedKind(kube);
  ns = uniqueName('fuzz-fields');
  await kube.createNamespace(ns);
}, 300_000);
afterAll(() => kube.close());

/** The server's answer to one object: undefined when it takes it, else why not. */
type Answer = { refused: string } | { noVerdict: string } | undefined;

async function ask(o: ServerObject): Promise<Answer> {
  try {
    // A Namespace of the platform's (the agent's) is created for real, so what goes into it can be asked about.
    if (o.kind === 'Namespace' && !(await kube.get('v1', 'Namespace', o.metadata.name!))) await kube.apply(o);
    // Strict, as `kubectl apply` sends it: an unknown field is refused, not pruned with a warning.
    else await kube.apply(o, { dryRun: true, fieldValidation: 'Strict' });
    return undefined;
  } catch (e) {
    const text = `${describeObject(o)}: ${e instanceof KubeError ? e.message : String(e)}`;
    // Validation says 422 Invalid (400 for a body it cannot decode; server-side apply answers 500
    // for a quantity it cannot parse or a list with two items of one key); anything else is no verdict.
    if (e instanceof KubeError && (e.status === 422 || e.status === 400)) return { refused: text };
    if (
      e instanceof KubeError &&
      e.status === 500 &&
      /failed to (convert new object|create typed patch object)/.test(e.message)
    )
      return { refused: text };
    return { noVerdict: text };
  }
}

test(`${RUNS} cases mutating API-server-checked fields: our verdict is the server's`, async () => {
  const cases = fieldCases(seededRng(SEED), RUNS);
  const counts = { acceptedByBoth: 0, refusedByBoth: 0, productRules: 0, objects: 0, unrenderable: 0, noVerdict: 0 };
  const perKind: Record<string, { accepted: number; refused: number }> = {};
  const acceptedButRefused: string[] = [];
  const refusedButAccepted: string[] = [];
  const noVerdicts: string[] = [];

  for (const [run, c] of cases.entries()) {
    const what = `#${run} ${c.what}`;
    const v = verdictOf(c, ns);
    const k = (perKind[c.kind] ??= { accepted: 0, refused: 0 });
    if (v.errors.length) k.refused++;
    else k.accepted++;
    if (v.unrenderable !== undefined || v.objects.length === 0) {
      counts.unrenderable++;
      continue;
    }
    // Namespaces first: what goes into one is asked about once it exists (in parallel, it raced).
    const isNamespace = (o: ServerObject) => o.kind === 'Namespace';
    const answers = [
      ...(await Promise.all(v.objects.filter(isNamespace).map(ask))),
      ...(await Promise.all(v.objects.filter((o) => !isNamespace(o)).map(ask))),
    ];
    counts.objects += v.objects.length;
    const refused = answers.flatMap((a) => (a && 'refused' in a ? [a.refused] : []));
    const unknown = answers.flatMap((a) => (a && 'noVerdict' in a ? [a.noVerdict] : []));
    const ours = v.errors.map((p) => `${p.path}: ${p.message}`);
    if (process.env.FUZZ_FIELDS_REPORT)
      appendFileSync(
        process.env.FUZZ_FIELDS_REPORT,
        `${what}\n  ours: ${ours.join(' | ') || 'accepted'}\n  server: ${refused.join(' | ') || (unknown.length ? `no verdict: ${unknown[0]}` : 'accepted')}\n`,
      );
    if (unknown.length && !refused.length) {
      counts.noVerdict++;
      noVerdicts.push(`${what}: ${unknown[0]}`);
      continue;
    }
    if (v.errors.length === 0) {
      if (refused.length) acceptedButRefused.push(`${what}: ${refused.join(' | ')}`);
      else counts.acceptedByBoth++;
    } else if (refused.length) counts.refusedByBoth++;
    else if (ours.every(isProductRule)) counts.productRules++;
    else refusedButAccepted.push(`${what}: ${ours.join(' | ')}`);
  }

  console.log(
    `fuzz-apiserver: ${RUNS} cases (seed ${SEED}; ${Object.entries(perKind)
      .map(([kind, n]) => `${kind} ${n.accepted + n.refused}: ${n.refused} refused by us`)
      .join(', ')}): ${counts.acceptedByBoth} accepted by both, ${counts.refusedByBoth} refused by both, ` +
      `${acceptedButRefused.length} accepted by us but refused by the server, ${refusedButAccepted.length} refused by us but ` +
      `accepted by the server (and ${counts.productRules} by our product rules only); ${counts.objects} objects dry-run applied, ${counts.unrenderable} refused cases with nothing ` +
      `to render, ${counts.noVerdict} without a server verdict`,
  );
  expect(acceptedButRefused).toEqual([]);
  expect(refusedButAccepted).toEqual([]);
  expect(noVerdicts).toEqual([]);
  // Both outcomes well represented, or the pools sit on one side of the rules.
  expect(counts.acceptedByBoth).toBeGreaterThan(RUNS / 5);
  expect(counts.refusedByBoth).toBeGreaterThan(RUNS / 5);
});
