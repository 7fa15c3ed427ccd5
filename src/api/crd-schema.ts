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
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JSONSchemaProps } from '../crds/schema';
import { Problem, unknownFieldMessage } from './problems';
import { fieldPath, isObject, keyPath } from './read';

/** Where the build puts the generated validators, beside this file. */
export const VALIDATORS_DIR = 'crd-validators';
/** Maps `<apiVersion>/<kind>` to the validator's file: the kinds and versions that have one. */
export const VALIDATORS_INDEX = 'index.js';

/** `<lib>/api/crd-validators`, spelled from the lib root so the CLI bundle in `<lib>/cli` finds it too. */
const PRECOMPILED = path.join(__dirname, '..', 'api', VALIDATORS_DIR);

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
  const { crdManifests } = require('../crds') as typeof import('../crds');
  const spec = crdManifests()
    .map((c) => c.spec as CrdSpec)
    .find((s) => s.group === group && s.names.kind === kind);
  const schema = spec?.versions.find((v) => v.name === version)?.schema?.openAPIV3Schema;
  schemas.set(key, schema);
  return schema;
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

/** JSON pointer segments (`/spec/services/a~1b` → ['spec', 'services', 'a/b']). */
export function pointerSegments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Walks the schema alongside the pointer: struct fields as `.f`, map keys and list indexes as `[k]`. */
function pathOf(segments: string[], schema: JSONSchemaProps | undefined): string {
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
  return path;
}

/** The parameters of ajv's errors that our messages read; ajv sets each for the keywords that use it. */
export interface AjvErrorParams {
  missingProperty: string;
  additionalProperty: string;
  type: string;
  allowedValues: unknown[];
  limit: number;
  pattern: string;
  format: string;
}

/** The value at a JSON pointer's segments, if there is one. */
export function valueAt(doc: unknown, segments: string[]): unknown {
  let cur = doc;
  for (const s of segments) cur = isObject(cur) || Array.isArray(cur) ? (cur as Record<string, unknown>)[s] : undefined;
  return cur;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'a list',
};

/** The API server's wording where we know it; the loader's wording for types. */
function toProblem(e: ErrorObject, schema: JSONSchemaProps, doc: unknown): Problem {
  const segments = pointerSegments(e.instancePath);
  const at = pathOf(segments, schema);
  const value = valueAt(doc, segments);
  const error = (path: string, message: string): Problem => ({ path, message, severity: 'error' });
  const params = e.params as AjvErrorParams;
  switch (e.keyword) {
    case 'additionalProperties':
      return error(
        pathOf([...segments, params.additionalProperty], schema),
        unknownFieldMessage(params.additionalProperty),
      );
    case 'required':
      return error(pathOf([...segments, params.missingProperty], schema), 'Required value');
    case 'type':
      return error(at, `must be ${TYPE_WORDS[params.type] ?? params.type}`);
    case 'enum':
      return error(
        at,
        `Unsupported value: ${JSON.stringify(value)}: supported values: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      );
    case 'minimum':
      return error(at, `should be greater than or equal to ${params.limit}`);
    case 'maximum':
      return error(at, `should be less than or equal to ${params.limit}`);
    case 'minLength':
      return params.limit === 1
        ? error(at, 'Required value')
        : error(at, `should be at least ${params.limit} chars long`);
    case 'maxLength':
      return error(at, `may not be more than ${params.limit} characters`);
    case 'pattern':
      return error(at, `invalid value ${JSON.stringify(value)}: should match '${params.pattern}'`);
    case 'maxItems':
    case 'maxProperties':
      return error(
        at,
        `Too many: ${Array.isArray(value) ? value.length : Object.keys(value ?? {}).length}: must have at most ${params.limit} items`,
      );
    case 'minItems':
      return error(at, `should have at least ${params.limit} items`);
    case 'format':
      return error(at, `invalid value ${JSON.stringify(value)}: must be a valid ${params.format}`);
    case 'anyOf':
      // int-or-string: the branches' own type errors say nothing more.
      return error(at, 'must be an integer or a string');
    default:
      return error(at, e.message ?? e.keyword);
  }
}

/** Errors from inside an `anyOf` branch are summed up by the `anyOf` error itself. */
export function isBranchError(e: ErrorObject): boolean {
  return e.schemaPath.includes('/anyOf/');
}
