/**
 * Checking a whole nvidia.com document against our own CRD's OpenAPI schema for its version, the
 * way the API server does under strict field validation (what server-side apply and Flux use):
 * unknown fields, wrong types, enums, bounds, patterns. CEL rules are not evaluated here; the
 * ones upstream has are checked by `validateGraph` with the server's messages.
 *
 * Validators are compiled once per kind and version and cached for the life of the process.
 */
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { crdManifests } from '../crds';
import { JSONSchemaProps } from '../crds/schema';
import { Problem, unknownFieldMessage } from './problems';
import { fieldPath, isObject, keyPath } from './read';

/**
 * A copy of the schema where every object that lists its fields and is not marked
 * preserve-unknown rejects other fields. ajv would otherwise ignore them, where the API server
 * rejects them (strict) or prunes them.
 */
export function closeObjects(node: JSONSchemaProps): JSONSchemaProps {
  const copy = { ...node } as JSONSchemaProps & { additionalProperties?: JSONSchemaProps | boolean };
  if (node.properties) {
    copy.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, closeObjects(v)]));
  }
  if (node.items) copy.items = closeObjects(node.items);
  if (node.additionalProperties) copy.additionalProperties = closeObjects(node.additionalProperties);
  // Only nodes that list at least one field: the root `metadata` node is `{type: object}` and never
  // pruned, and server-side apply takes any field in an object with empty `properties` (the fuzz
  // found it on v1beta1 `scalingAdapter: {}`).
  if (node.properties && Object.keys(node.properties).length > 0 && !node['x-kubernetes-preserve-unknown-fields']) {
    copy.additionalProperties = false;
  }
  return copy as JSONSchemaProps;
}

/** An ajv that understands the Kubernetes schema extensions and formats our CRDs use. */
export function newSchemaAjv(options: { useDefaults?: boolean } = {}): Ajv {
  // strictTypes off: int-or-string puts `pattern` next to `anyOf`, the form kube-apiserver requires.
  const ajv = new Ajv({ allErrors: true, strictTypes: false, useDefaults: options.useDefaults ?? false });
  for (const keyword of [
    'x-kubernetes-int-or-string',
    'x-kubernetes-preserve-unknown-fields',
    'x-kubernetes-embedded-resource',
    'x-kubernetes-list-type',
    'x-kubernetes-list-map-keys',
    'x-kubernetes-validations',
  ]) {
    ajv.addKeyword({ keyword, schemaType: ['boolean', 'string', 'array'] });
  }
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
  return ajv;
}

interface CompiledSchema {
  readonly schema: JSONSchemaProps;
  readonly validate: ValidateFunction;
}

const cache = new Map<string, CompiledSchema | undefined>();

/** Our CRD's schema for `apiVersion`/`kind` (nvidia.com only), compiled; undefined when we have none. */
function compiled(apiVersion: string, kind: string): CompiledSchema | undefined {
  const key = `${apiVersion}/${kind}`;
  if (cache.has(key)) return cache.get(key);
  const [group, version] = apiVersion.split('/');
  const crd = crdManifests().find((c) => (c.spec as any).group === group && (c.spec as any).names.kind === kind);
  const entry = (crd?.spec as any)?.versions?.find((v: any) => v.name === version);
  const schema = entry?.schema?.openAPIV3Schema as JSONSchemaProps | undefined;
  const result = schema ? { schema, validate: newSchemaAjv().compile(closeObjects(schema)) } : undefined;
  cache.set(key, result);
  return result;
}

/**
 * Problems our CRD schema finds in `doc` (a DGD, DCD, DynamoModel or DynamoCheckpoint), with
 * field paths in the convention of the rest of validation. Empty for other kinds.
 */
export function crdSchemaProblems(doc: unknown): Problem[] {
  if (!isObject(doc) || typeof doc.apiVersion !== 'string' || typeof doc.kind !== 'string') return [];
  const c = compiled(doc.apiVersion, doc.kind);
  if (!c || c.validate(doc)) return [];
  const problems: Problem[] = [];
  for (const e of c.validate.errors ?? []) {
    if (isBranchError(e)) continue;
    problems.push(toProblem(e, c.schema, doc));
  }
  return problems;
}

/** JSON pointer segments (`/spec/services/a~1b` → ['spec', 'services', 'a/b']). */
export function pointerSegments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Walks the schema alongside the pointer: struct fields as `.f`, map keys and list indexes as `[k]`. */
function pathOf(segments: string[], schema: JSONSchemaProps | undefined): string {
  let path = '';
  let node = schema;
  for (const seg of segments) {
    if (node?.properties?.[seg]) {
      path = fieldPath(path, seg);
      node = node.properties[seg];
    } else if (node?.items || node?.additionalProperties || /^\d+$/.test(seg) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(seg)) {
      path = keyPath(path, seg);
      node = node?.items ?? node?.additionalProperties;
    } else {
      path = fieldPath(path, seg);
      node = undefined;
    }
  }
  return path;
}

function valueAt(doc: unknown, segments: string[]): unknown {
  let cur = doc;
  for (const s of segments) cur = isObject(cur) || Array.isArray(cur) ? (cur as any)[s] : undefined;
  return cur;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean', object: 'an object', array: 'a list',
};

/** The API server's wording where we know it; the loader's wording for types. */
function toProblem(e: ErrorObject, schema: JSONSchemaProps, doc: unknown): Problem {
  const segments = pointerSegments(e.instancePath);
  const at = pathOf(segments, schema);
  const value = valueAt(doc, segments);
  const error = (path: string, message: string): Problem => ({ path, message, severity: 'error' });
  const params = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'additionalProperties':
      return error(pathOf([...segments, params.additionalProperty], schema), unknownFieldMessage(params.additionalProperty));
    case 'required':
      return error(pathOf([...segments, params.missingProperty], schema), 'Required value');
    case 'type':
      return error(at, `must be ${TYPE_WORDS[params.type] ?? params.type}`);
    case 'enum':
      return error(at, `Unsupported value: ${JSON.stringify(value)}: supported values: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`);
    case 'minimum':
      return error(at, `should be greater than or equal to ${params.limit}`);
    case 'maximum':
      return error(at, `should be less than or equal to ${params.limit}`);
    case 'minLength':
      return params.limit === 1 ? error(at, 'Required value') : error(at, `should be at least ${params.limit} chars long`);
    case 'maxLength':
      return error(at, `may not be more than ${params.limit} characters`);
    case 'pattern':
      return error(at, `invalid value ${JSON.stringify(value)}: should match '${params.pattern}'`);
    case 'maxItems':
    case 'maxProperties':
      return error(at, `Too many: ${Array.isArray(value) ? value.length : Object.keys(value ?? {}).length}: must have at most ${params.limit} items`);
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
