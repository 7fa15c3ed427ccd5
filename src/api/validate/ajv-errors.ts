/**
 * JSON-schema errors (ajv's) in the API server's words: one translator for our CRD schemas
 * (crd-schema.ts) and the core/v1 pod content (pod-content.ts), so a wrong type, a value outside
 * an enum or a bad format reads the same wherever it is found.
 */
import { isObject } from '../read';
import { unknownFieldMessage } from '../problems';
import { mustBeStringMessage } from '../type-hints';

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

/** The part of an ajv error the message is made from. */
export interface AjvErrorLike {
  readonly keyword: string;
  readonly params: object;
  readonly message?: string;
}

/** int-or-string fields fail every branch of their `anyOf` / `oneOf`: reported once, in these words. */
export const INT_OR_STRING_MESSAGE = 'must be an integer or a string';

/** JSON pointer segments (`/spec/services/a~1b` → ['spec', 'services', 'a/b']). */
export function pointerSegments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
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

/**
 * The API server's wording where we know it (the loader's wording for types), else ajv's. `value`
 * is the value the error is about (for `required` and `additionalProperties`, their object);
 * `known`, the fields an object may have (for a "did you mean" on an unknown one).
 */
export function apiServerMessage(e: AjvErrorLike, value: unknown, known: Iterable<string> = []): string {
  const params = e.params as AjvErrorParams;
  switch (e.keyword) {
    case 'additionalProperties':
      return unknownFieldMessage(params.additionalProperty, known);
    case 'required':
      return 'Required value';
    case 'type':
      return params.type === 'string'
        ? mustBeStringMessage(value)
        : `must be ${TYPE_WORDS[params.type] ?? params.type}`;
    case 'enum':
      return `Unsupported value: ${JSON.stringify(value)}: supported values: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'minimum':
      return `should be greater than or equal to ${params.limit}`;
    case 'maximum':
      return `should be less than or equal to ${params.limit}`;
    case 'minLength':
      return params.limit === 1 ? 'Required value' : `should be at least ${params.limit} chars long`;
    case 'maxLength':
      return `may not be more than ${params.limit} characters`;
    case 'pattern':
      return `invalid value ${JSON.stringify(value)}: should match '${params.pattern}'`;
    case 'maxItems':
    case 'maxProperties':
      return `Too many: ${Array.isArray(value) ? value.length : Object.keys(value ?? {}).length}: must have at most ${params.limit} items`;
    case 'minItems':
      return `should have at least ${params.limit} items`;
    case 'format':
      return `invalid value ${JSON.stringify(value)}: must be a valid ${params.format}`;
    case 'anyOf':
    case 'oneOf':
      return INT_OR_STRING_MESSAGE;
    default:
      return e.message ?? e.keyword;
  }
}
