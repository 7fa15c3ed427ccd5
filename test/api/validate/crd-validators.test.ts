/**
 * The validators the build generates into lib/api/crd-validators/ (crd-validators-build.ts): they
 * must match src/crds as it is now, and decide exactly as the validators compiled at run time do
 * (formats included, which the generated modules load by path).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import { VALIDATORS_DIR, VALIDATORS_INDEX } from '../../../src/api/validate/crd-schema';
import { compileCrdSchema, crdValidatorSchema } from '../../../src/api/validate/crd-schema-compile';
import { validatorModules } from '../../../src/api/validate/crd-validators-build';
import { crdManifests, JSONSchemaProps } from '../../../src/crds';

const BUILT = path.join(__dirname, '..', '..', '..', 'lib', 'api', VALIDATORS_DIR);

test('the validators in lib/ are generated from the current src/crds (run `npm run compile` when this fails)', () => {
  const fresh = validatorModules();
  const built = fs.existsSync(BUILT) ? fs.readdirSync(BUILT).sort() : [];
  expect(built).toEqual([...fresh.keys()].sort());
  for (const [file, code] of fresh)
    expect({ file, code: fs.readFileSync(path.join(BUILT, file), 'utf8') }).toEqual({ file, code });
});

function schemaOf(key: string): JSONSchemaProps {
  const [group, version, kind] = key.split('/');
  const crd = crdManifests().find((c) => (c.spec as any).group === group && (c.spec as any).names.kind === kind)!;
  return (crd.spec as any).versions.find((v: any) => v.name === version).schema.openAPIV3Schema;
}

/** Valid graphs from the fixtures, and copies broken in the ways the schema catches. */
function documents(): Record<string, unknown>[] {
  const dirs = ['test/fixtures', 'test/crds/fixtures'].map((d) => path.join(__dirname, '..', '..', '..', d));
  const valid = dirs.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .flatMap((f) =>
        parseAllDocuments(fs.readFileSync(path.join(dir, f), 'utf8')).map((d) => d.toJSON() as Record<string, unknown>),
      ),
  );
  const broken = valid.flatMap((doc) => {
    const spec = doc.spec as Record<string, unknown>;
    return [
      { ...doc, spec: { ...spec, unknownField: 1 } },
      { ...doc, spec: { ...spec, backendFramework: 'jax' } },
      // int32: the format the generated modules require from crd-formats.js.
      {
        ...doc,
        spec: { ...spec, services: { A: { replicas: 2 ** 40 } }, components: [{ name: 'a', replicas: 2 ** 40 }] },
      },
      { ...doc, metadata: 'x' },
    ];
  });
  return [...valid, ...broken];
}

test('generated and run-time compiled validators give the same verdicts and errors', () => {
  const index = require(path.join(BUILT, VALIDATORS_INDEX)) as Record<string, string>;
  expect(Object.keys(index)).toContain('nvidia.com/v1beta1/DynamoGraphDeployment');
  const docs = documents();
  let failing = 0;
  for (const [key, file] of Object.entries(index)) {
    const generated = require(path.join(BUILT, file));
    const compiled = compileCrdSchema(schemaOf(key));
    for (const doc of docs) {
      const ok = compiled(doc);
      expect({ key, doc, ok: generated(doc), errors: generated.errors }).toEqual({
        key,
        doc,
        ok,
        errors: compiled.errors,
      });
      if (!ok) failing++;
    }
  }
  // Both verdicts occur, or the comparison would prove little.
  expect(failing).toBeGreaterThan(0);
  expect(failing).toBeLessThan(Object.keys(index).length * docs.length);
});

test("each structured field below spec's own fields is a $defs entry, generated as a function of its own", () => {
  const schema = crdValidatorSchema(schemaOf('nvidia.com/v1beta1/DynamoGraphDeployment'));
  const defs = Object.keys((schema as { $defs?: Record<string, unknown> }).$defs ?? {});
  // A graph has dozens of such fields (pod templates, scaling, checkpoints...): one function for
  // each keeps V8 compiling, and caching, only those a document reaches.
  expect(defs.length).toBeGreaterThan(20);
  const code = fs.readFileSync(path.join(BUILT, 'nvidia.com-v1beta1-DynamoGraphDeployment.js'), 'utf8');
  const functions = code.match(/\bfunction [A-Za-z0-9_$]+\(/g) ?? [];
  expect(functions.length).toBeGreaterThan(defs.length);
  for (const name of defs) expect(code).toContain(`#/$defs/${name}`);
});
