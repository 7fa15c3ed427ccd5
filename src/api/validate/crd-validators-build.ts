/**
 * Build step (part of `npm run compile`): one standalone ajv validator per nvidia.com kind and
 * version, generated from src/crds into lib/api/crd-validators/, so validating a manifest never
 * compiles a schema at run time (that took ~40% of a cold `dynamo-iac render`). The files are
 * build output, never edited or committed; test/api/validate/crd-validators.test.ts fails when the ones in
 * lib/ no longer match src/crds.
 *
 *   node lib/api/validate/crd-validators-build.js [DIR]    (default: lib/api/crd-validators)
 */
import * as fs from 'fs';
import * as path from 'path';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { crdManifests, JSONSchemaProps } from '../../crds';
import { PRECOMPILED, VALIDATORS_INDEX } from './crd-schema';
import { crdValidatorSchema, newSchemaAjv } from './crd-schema-compile';

const HEADER = '// Generated from src/crds by crd-validators-build.js during the build. Do not edit.\n';

/** File name -> source of every validator module and the index, in a stable order. */
export function validatorModules(): Map<string, string> {
  const modules = new Map<string, string>();
  const index: Record<string, string> = {};
  for (const crd of crdManifests()) {
    const spec = crd.spec as {
      group: string;
      names: { kind: string };
      versions: { name: string; schema: { openAPIV3Schema: JSONSchemaProps } }[];
    };
    for (const version of spec.versions) {
      const file = `${spec.group}-${version.name}-${spec.names.kind}.js`;
      index[`${spec.group}/${version.name}/${spec.names.kind}`] = file;
      // The generated module (in <lib>/api/crd-validators) finds the formats in <lib>/api/validate.
      const ajv = newSchemaAjv({ code: { source: true, formats: _`require("../validate/crd-formats").CRD_FORMATS` } });
      modules.set(file, HEADER + standaloneCode(ajv, ajv.compile(crdValidatorSchema(version.schema.openAPIV3Schema))));
    }
  }
  modules.set(VALIDATORS_INDEX, `${HEADER}module.exports = ${JSON.stringify(index, null, 2)};\n`);
  return modules;
}

/** Replaces DIR's contents with freshly generated validators. */
export function writeValidators(dir: string): void {
  const modules = validatorModules();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, code] of modules) fs.writeFileSync(path.join(dir, file), code);
}

if (require.main === module) writeValidators(process.argv[2] ?? PRECOMPILED);
