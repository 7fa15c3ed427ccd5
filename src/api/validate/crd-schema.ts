/**
 * Checking a whole nvidia.com document against our own CRD's OpenAPI schema for its version, the
 * way the API server does under strict field validation (what server-side apply and Flux use):
 * unknown fields, wrong types, enums, bounds, patterns. CEL rules are not evaluated here; the
 * ones upstream has are checked by `validateGraph` with the server's messages.
 *
 * Validators are generated at build time (crd-validators-build.ts) and loaded per kind and
 * version on first use; from the TypeScript sources, where there are none, they are compiled once.
 * The schema itself is loaded only to word a problem.
 */
import * as fs from 'fs';
import * as path from 'path';
import { BUILD_ROOT } from './build-root';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JSONSchemaProps } from '../../crds/schema';
import { AjvErrorParams, apiServerMessage, pointerSegments, valueAt } from './ajv-errors';
import { Problem } from '../problems';
import { fieldPath, isObject, keyPath } from '../read';

/** Where the build puts the generated validators: `<lib>/api/crd-validators`. */
export const VALIDATORS_DIR = 'crd-validators';
/** Maps `<apiVersion>/<kind>` to the validator's file: the kinds and versions that have one. */
export const VALIDATORS_INDEX = 'index.js';

export const PRECOMPILED = path.join(BUILD_ROOT, 'api', VALIDATORS_DIR);

/** `<apiVersion>/<kind>` -> validator file; null when this copy has none (running from the sources). */
let precompiledIndex: Record<string, string> | null | undefined;

const validators = new Map<string, ValidateFunction | undefined>();

/** Our CRD's validator for `apiVersion`/`kind` (nvidia.com only); undefined when we have no CRD for it. */
function validatorFor(apiVersion: string, kind: string): ValidateFunction | undefined {
  const key = `${apiVersion}/${kind}`;
  if (validators.has(key)) return validators.get(key);
  const indexFile = path.join(PRECOMPILED, VALIDATORS_INDEX);
  precompiledIndex ??= fs.existsSync(indexFile) ? (require(indexFile) as Record<string, string>) : null;
  let validate: ValidateFunction | undefined;
  if (precompiledIndex) {
    const file = precompiledIndex[key];
    validate = file === undefined ? undefined : (require(path.join(PRECOMPILED, file)) as ValidateFunction);
  } else {
    const schema = crdSchemaOf(apiVersion, kind);
    validate =
      schema && (require('./crd-schema-compile') as typeof import('./crd-schema-compile')).compileCrdSchema(schema);
  }
  validators.set(key, validate);
  return validate;
}

const schemas = new Map<string, JSONSchemaProps | undefined>();

interface CrdSpec {
  group: string;
  names: { kind: string };
  versions: { name: string; schema?: { openAPIV3Schema?: JSONSchemaProps } }[];
}

/** Our CRD's OpenAPI schema for `apiVersion`/`kind`, from src/crds. */
function crdSchemaOf(apiVersion: string, kind: string): JSONSchemaProps | undefined {
  const key = `${apiVersion}/${kind}`;
  if (schemas.has(key)) return schemas.get(key);
  const [group, version] = apiVersion.split('/');
  const { crdManifests } = require('../../crds') as typeof import('../../crds');
  const spec = crdManifests()
    .map((c) => c.spec as CrdSpec)
    .find((s) => s.group === group && s.names.kind === kind);
  const schema = spec?.versions.find((v) => v.name === version)?.schema?.openAPIV3Schema;
  schemas.set(key, schema);
  return schema;
}

/** Whether `doc` is of a kind and version we have a CRD for (nvidia.com). */
export function hasCrdSchema(doc: Record<string, unknown>): boolean {
  return typeof doc.apiVersion === 'string' && typeof doc.kind === 'string' && !!validatorFor(doc.apiVersion, doc.kind);
}

/**
 * Problems our CRD schema finds in `doc` (a DGD, DCD, DynamoModel or DynamoCheckpoint), with
 * field paths in the convention of the rest of validation. Empty for other kinds.
 */
export function crdSchemaProblems(doc: unknown): Problem[] {
  if (!isObject(doc) || typeof doc.apiVersion !== 'string' || typeof doc.kind !== 'string') return [];
  const { apiVersion, kind } = doc;
  const validate = validatorFor(apiVersion, kind);
  if (!validate || validate(doc)) return [];
  const schema = crdSchemaOf(apiVersion, kind)!;
  const problems: Problem[] = [];
  for (const e of validate.errors ?? []) {
    if (isBranchError(e)) continue;
    problems.push(toProblem(e, schema, doc));
  }
  return problems;
}

/** Walks the schema alongside the pointer: struct fields as `.f`, map keys and list indexes as `[k]`. */
function pathOf(segments: string[], schema: JSONSchemaProps | undefined): string {
  return walkSchema(segments, schema).path;
}

/** The field path of `segments` and the schema node there (undefined where the schema is open). */
function walkSchema(segments: string[], schema: JSONSchemaProps | undefined): { path: string; node?: JSONSchemaProps } {
  let path = '';
  let node = schema;
  for (const seg of segments) {
    if (node?.properties?.[seg]) {
      path = fieldPath(path, seg);
      node = node.properties[seg];
    } else if (
      node?.items ||
      node?.additionalProperties ||
      /^\d+$/.test(seg) ||
      !/^[A-Za-z_][A-Za-z0-9_]*$/.test(seg)
    ) {
      path = keyPath(path, seg);
      node = node?.items ?? node?.additionalProperties;
    } else {
      path = fieldPath(path, seg);
      node = undefined;
    }
  }
  return { path, node };
}

/** One ajv error as a problem at the field path the schema names. */
function toProblem(e: ErrorObject, schema: JSONSchemaProps, doc: unknown): Problem {
  const segments = pointerSegments(e.instancePath);
  const at = pathOf(segments, schema);
  const value = valueAt(doc, segments);
  const known = Object.keys(walkSchema(segments, schema).node?.properties ?? {});
  const error = (path: string): Problem => ({ path, message: apiServerMessage(e, value, known), severity: 'error' });
  const params = e.params as AjvErrorParams;
  switch (e.keyword) {
    case 'additionalProperties':
      return error(pathOf([...segments, params.additionalProperty], schema));
    case 'required':
      return error(pathOf([...segments, params.missingProperty], schema));
    default:
      return error(at);
  }
}

/** Errors from inside an `anyOf` branch are summed up by the `anyOf` error itself. */
export function isBranchError(e: ErrorObject): boolean {
  return e.schemaPath.includes('/anyOf/');
}
