/**
 * Conformance with upstream Dynamo's own files (`npm run test:conformance`): every YAML file
 * upstream ships renders, or is refused, as upstream's operator and API server take it; upstream's
 * controller golden tests match field by field. Every exception is a row of ../expectations.ts
 * (and of docs/deviations.md); a difference without a row, or a row nothing needs, fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { KubeObject } from '../../../src/api/k8s-types';
import {
  DEVIATION,
  differenceRow,
  FILE_EXPECTATIONS,
  GoldenDifferenceRow,
  GOLDEN_CASE_EXPECTATIONS,
  GOLDEN_DIFFERENCES,
} from '../expectations';
import { FieldDifference, matchesValue, matchGolden } from '../golden-matcher';
import { GOLDEN_SETTINGS, isApiServerDefault, renderText } from '../render-upstream';
import { asUserApplies, GOLDEN_DIR, goldenCases, upstreamFiles, upstreamRoot } from '../upstream-tree';

const root = upstreamRoot();
const files = upstreamFiles(root);
const cases = goldenCases(root);

const tally = { files: 0, filesAsUpstream: 0, fields: 0, fieldsMatching: 0, renderedFields: 0, unrenderedFields: 0 };
const usedDifferenceRows = new Set<GoldenDifferenceRow>();

afterAll(() => {
  const line =
    `conformance: files as upstream takes them ${tally.filesAsUpstream}/${tally.files}; ` +
    `golden fields matching ${tally.fieldsMatching}/${tally.fields} ` +
    `(${tally.fieldsMatching}/${tally.renderedFields} of the objects we render; ${tally.unrenderedFields} in objects ` +
    `we do not render, each a listed deviation: DCDs, refused requests)\n`;
  process.stdout.write(`\n${line}`);
});

test('every deviation the expectation table names is a row of docs/deviations.md', () => {
  const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'deviations.md'), 'utf8');
  const rows = new Set([...doc.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1])));
  const named = [
    ...Object.values(DEVIATION),
    ...Object.values(FILE_EXPECTATIONS).map((r) => r.deviation),
    ...Object.values(GOLDEN_CASE_EXPECTATIONS).map((r) => r.deviation),
    ...GOLDEN_DIFFERENCES.map((r) => r.deviation),
  ].filter((n): n is number => n !== undefined);
  expect(named.filter((n) => !rows.has(n))).toEqual([]);
});

describe('every upstream file renders, or is refused, as upstream takes it', () => {
  test('the expectation table names only files that exist', () => {
    expect(Object.keys(FILE_EXPECTATIONS).filter((f) => !files.includes(f))).toEqual([]);
  });

  test.each(files)('%s', (file) => {
    const { text } = asUserApplies(root, file);
    const outcome = renderText(text, file);
    const row = FILE_EXPECTATIONS[file];
    const refused = outcome.errors.length > 0;
    const upstreamRefuses = row?.upstream === 'refuses';
    tally.files++;
    if (refused === upstreamRefuses) tally.filesAsUpstream++;
    const messages = outcome.errors.map((p) => `${p.path}: ${p.message}`);
    if (row === undefined || row.we === 'render') {
      expect(messages).toEqual([]);
      expect(outcome.objects.length).toBeGreaterThan(0);
    } else {
      expect(messages).not.toEqual([]);
      // The refusal is the one the row names, not some other problem.
      for (const m of messages) expect(m).toMatch(row.because);
    }
  });
});

// Upstream's admission refuses the `my-tag` placeholder as shipped (no semantic version and no
// runtimeVersionOverride: reference/dynamo-1.7.md §5.1); so do we, and for no other reason.
test('as shipped, with the my-tag placeholder, the files are refused for the image tag alone', () => {
  const shipped = files.filter((f) => {
    const { substituted } = asUserApplies(root, f);
    return substituted.includes('my-tag') && FILE_EXPECTATIONS[f] === undefined;
  });
  expect(shipped.length).toBeGreaterThan(20);
  for (const file of shipped) {
    const { errors } = renderText(readFileSync(join(root, file), 'utf8'), file);
    expect([file, errors.length > 0]).toEqual([file, true]);
    for (const e of errors)
      expect(`${file}: ${e.path}: ${e.message}`).toMatch(/runtimeVersionOverride: Required value: .*"[^"]*:my-tag"/);
  }
});

describe("upstream's controller golden tests, field by field", () => {
  test('the expectation tables name only cases that exist', () => {
    const named = [...Object.keys(GOLDEN_CASE_EXPECTATIONS), ...GOLDEN_DIFFERENCES.map((r) => r.case)];
    expect(named.filter((c) => !cases.includes(c))).toEqual([]);
  });

  test.each(cases)('%s', (name) => {
    const dir = join(root, GOLDEN_DIR, name);
    const input = readFileSync(join(dir, 'input.yaml'), 'utf8');
    const expected = parseAllDocuments(readFileSync(join(dir, 'output.yaml'), 'utf8'))
      .map((d) => d.toJS() as Record<string, unknown>)
      .filter((d) => d !== null);
    const outcome = renderText(input, `${GOLDEN_DIR}/${name}/input.yaml`, GOLDEN_SETTINGS);
    const caseRow = GOLDEN_CASE_EXPECTATIONS[name];
    const vars = new Map<string, unknown>();
    const unexplained: string[] = [];
    for (const exp of expected) {
      const id = objectId(exp);
      const skipped = caseRow?.notRendered.some((k) => k === exp.kind) ?? false;
      const actual = skipped ? undefined : outcome.objects.find((o) => sameObject(exp, o));
      if (actual === undefined) {
        const r = matchGolden(exp, undefined, { vars });
        tally.fields += r.compared;
        tally.unrenderedFields += r.compared;
        if (!skipped && !caseRow?.refused) unexplained.push(`${id}: not rendered`);
        continue;
      }
      const r = matchGolden(exp, actual, { vars, skipMissing: isApiServerDefault });
      tally.fields += r.compared;
      tally.renderedFields += r.compared;
      tally.fieldsMatching += r.matched;
      for (const d of r.differences) {
        const row = differenceRow(name, id, d);
        if (row) usedDifferenceRows.add(row);
        else unexplained.push(describeDifference(id, d));
      }
    }
    if (caseRow?.refused) {
      expect(outcome.errors.map((p) => `${p.path}: ${p.message}`).join('\n')).toMatch(caseRow.refused);
    } else {
      expect(outcome.errors.map((p) => `${p.path}: ${p.message}`)).toEqual([]);
    }
    expect(unexplained).toEqual([]);
  });

  test('every difference row is still needed', () => {
    expect(
      GOLDEN_DIFFERENCES.filter((r) => !usedDifferenceRows.has(r)).map((r) => `${r.case} ${r.object} ${r.path}`),
    ).toEqual([]);
  });
});

/** `Deployment/component-manifests-frontend` (the name may be a matcher word). */
function objectId(o: Record<string, unknown>): string {
  const meta = (o.metadata ?? {}) as Record<string, unknown>;
  return `${String(o.kind)}/${String(meta.name)}`;
}

function sameObject(exp: Record<string, unknown>, act: KubeObject): boolean {
  const name = ((exp.metadata ?? {}) as Record<string, unknown>).name;
  return exp.apiVersion === act.apiVersion && exp.kind === act.kind && matchesValue(name, act.metadata?.name);
}

function describeDifference(id: string, d: FieldDifference): string {
  const show = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v).slice(0, 160));
  return `${id} ${d.path}: ${d.kind}: expected ${show(d.expected)}, rendered ${show(d.actual)}`;
}
