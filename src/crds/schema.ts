/**
 * A tiny builder for CRD OpenAPI v3 schemas.
 *
 * Every helper returns a node that is valid in a *structural* schema (every field typed,
 * int-or-string and preserve-unknown marked explicitly), so composing helpers can only
 * produce schemas that kube-apiserver accepts.
 */

/** A CEL rule (`x-kubernetes-validations` item). */
export interface ValidationRule {
  rule: string;
  message: string;
  /** Lets a transition rule run on create too, with `oldSelf` as an optional. */
  optionalOldSelf?: boolean;
  /** Where the API server reports a failure, relative to the node holding the rule (`.field`). */
  fieldPath?: string;
}

/** The subset of apiextensions.k8s.io/v1 JSONSchemaProps that our CRDs use. */
export interface JSONSchemaProps {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  format?: string;
  description?: string;
  properties?: Record<string, JSONSchemaProps>;
  required?: string[];
  additionalProperties?: JSONSchemaProps;
  items?: JSONSchemaProps;
  anyOf?: JSONSchemaProps[];
  enum?: string[];
  default?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  'x-kubernetes-int-or-string'?: true;
  'x-kubernetes-preserve-unknown-fields'?: true;
  /** An embedded object: the API server requires its apiVersion and kind. */
  'x-kubernetes-embedded-resource'?: true;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-validations'?: ValidationRule[];
}

export type Properties = Record<string, JSONSchemaProps>;

export interface StringOptions {
  enum?: string[];
  default?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  format?: string;
}

export function str(opts: StringOptions = {}): JSONSchemaProps {
  return { type: 'string', ...opts };
}

/** A string restricted to the given values. */
export function enumStr(values: string[], defaultValue?: string): JSONSchemaProps {
  return str({ enum: values, ...(defaultValue === undefined ? {} : { default: defaultValue }) });
}

/** An RFC 3339 timestamp (metav1.Time). */
export function time(): JSONSchemaProps {
  return str({ format: 'date-time' });
}

export interface NumberOptions {
  min?: number;
  max?: number;
  default?: number;
}

function numeric(type: 'integer' | 'number', format: string | undefined, opts: NumberOptions): JSONSchemaProps {
  return {
    type,
    ...(format ? { format } : {}),
    ...(opts.default === undefined ? {} : { default: opts.default }),
    ...(opts.min === undefined ? {} : { minimum: opts.min }),
    ...(opts.max === undefined ? {} : { maximum: opts.max }),
  };
}

export function int32(opts: NumberOptions = {}): JSONSchemaProps {
  return numeric('integer', 'int32', opts);
}

export function int64(opts: NumberOptions = {}): JSONSchemaProps {
  return numeric('integer', 'int64', opts);
}

/** A float (Go float64, serialised as a JSON number). */
export function num(opts: NumberOptions = {}): JSONSchemaProps {
  return numeric('number', undefined, opts);
}

export function bool(defaultValue?: boolean): JSONSchemaProps {
  return { type: 'boolean', ...(defaultValue === undefined ? {} : { default: defaultValue }) };
}

export interface ObjectOptions {
  required?: string[];
  rules?: ValidationRule[];
}

/**
 * A closed object: unknown fields are pruned by the API server. No fields: no `properties` key,
 * which is how the API server stores an empty one (so a re-apply, or a Pulumi diff against the
 * stored CRD, sees no change).
 */
export function obj(properties: Properties, opts: ObjectOptions = {}): JSONSchemaProps {
  return {
    type: 'object',
    ...(Object.keys(properties).length ? { properties } : {}),
    ...(opts.required?.length ? { required: [...opts.required].sort() } : {}),
    ...(opts.rules?.length ? { 'x-kubernetes-validations': opts.rules } : {}),
  };
}

/**
 * An object whose unknown fields are kept as they are. `properties` may still type the
 * fields we care about (structural schemas allow both together).
 */
export function preserveUnknown(properties: Properties = {}, opts: ObjectOptions = {}): JSONSchemaProps {
  return { ...obj(properties, opts), 'x-kubernetes-preserve-unknown-fields': true };
}

export interface ArrayOptions {
  minItems?: number;
  maxItems?: number;
  /** `map` lists need `mapKeys`; each key must be required in the item schema. */
  listType?: 'atomic' | 'set' | 'map';
  mapKeys?: string[];
  rules?: ValidationRule[];
}

export function arr(items: JSONSchemaProps, opts: ArrayOptions = {}): JSONSchemaProps {
  return {
    type: 'array',
    items,
    ...(opts.minItems === undefined ? {} : { minItems: opts.minItems }),
    ...(opts.maxItems === undefined ? {} : { maxItems: opts.maxItems }),
    ...(opts.listType ? { 'x-kubernetes-list-type': opts.listType } : {}),
    ...(opts.mapKeys ? { 'x-kubernetes-list-map-keys': opts.mapKeys } : {}),
    ...(opts.rules?.length ? { 'x-kubernetes-validations': opts.rules } : {}),
  };
}

/** A Go map: an object with `additionalProperties` and no `properties`. */
export function map(values: JSONSchemaProps, opts: { maxProperties?: number } = {}): JSONSchemaProps {
  return {
    type: 'object',
    additionalProperties: values,
    ...(opts.maxProperties === undefined ? {} : { maxProperties: opts.maxProperties }),
  };
}

/** resource.Quantity's canonical pattern, as the API server itself validates quantities. */
const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

/** resource.Quantity: `1Gi` or `2`. The `anyOf` is the one form structural schemas allow. */
export function quantity(): JSONSchemaProps {
  return {
    anyOf: [{ type: 'integer' }, { type: 'string' }],
    pattern: QUANTITY_PATTERN,
    'x-kubernetes-int-or-string': true,
  };
}

/** Adds a description (it becomes TSDoc in the `cdk8s import` classes). */
export function doc(description: string, schema: JSONSchemaProps): JSONSchemaProps {
  return { ...schema, description };
}

/** Attaches CEL rules to an existing node (used where the node comes from another helper). */
export function withRules(schema: JSONSchemaProps, rules: ValidationRule[]): JSONSchemaProps {
  return { ...schema, 'x-kubernetes-validations': [...(schema['x-kubernetes-validations'] ?? []), ...rules] };
}

/** Marks the named properties of an object node required (for reusing one shape with a stricter contract). */
export function withRequired(schema: JSONSchemaProps, required: string[]): JSONSchemaProps {
  return { ...schema, required: [...new Set([...(schema.required ?? []), ...required])].sort() };
}
