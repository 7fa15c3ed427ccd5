/**
 * Builds `src/api/generated/core-v1-fields.ts` from the API server's own OpenAPI v3 document: for every
 * type reachable from PodTemplateSpec, its fields, how to walk into them, the type of each value
 * and which fields are required. Synth-time validation uses it to reject fields the server does
 * not know (server-side apply fails on them), duplicate list-map keys (with the server's own
 * list-map keys), values of the wrong type or outside an enum, and missing required fields.
 *
 * `npm run core-v1-fields` runs it against the test cluster's kube-apiserver and rewrites the file;
 * test/cluster/core-v1-fields.test.ts fails when the file differs from what the server says.
 */
// An OpenAPI document as parsed JSON: the walk reads only the keys it knows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = Record<string, any>;

const ROOT = 'io.k8s.api.core.v1.PodTemplateSpec';

/** Short, unique type names: `Container`, `ObjectMeta`, `Quantity`. */
const shortName = (ref: string) => ref.slice(ref.lastIndexOf('.') + 1);

function refOf(node: Schema | undefined): string | undefined {
  if (!node) return undefined;
  if (typeof node.$ref === 'string') return node.$ref.replace('#/components/schemas/', '');
  const all = node.allOf as Schema[] | undefined;
  return all?.length === 1 ? refOf(all[0]) : undefined;
}

/** The non-struct types the walk checks by name: what the server's decoder takes for them. */
const NAMED_SCALARS: Record<string, string> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': 'quantity',
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': 'int-or-string',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': 'date-time',
};

/** A scalar: `string` (`string=A,B` an enum), `boolean`, `number`, `int32`, `int64`; `''` anything. */
function scalar(node: Schema): string {
  if (node.type === 'string') {
    if (node.format === 'date-time') return 'date-time';
    const values = node.enum as string[] | undefined;
    // The encoding's separators cannot be in a value.
    if (values?.some((v) => /[,|=]/.test(v))) throw new Error(`an enum value with , | or =: ${values.join(' ')}`);
    return values ? `string=${values.join(',')}` : 'string';
  }
  if (node.type === 'integer') return node.format === 'int32' ? 'int32' : 'int64';
  if (node.type === 'boolean' || node.type === 'number') return node.type;
  return '';
}

/**
 * One field as a short string: `'Name'` a struct, `'[Name'` a list of Name, `'[Name|k1,k2'` a
 * list map keyed by k1,k2, `'{Name'` a map of Name; in place of a Name, a scalar (lowercase, see
 * `scalar`, or `quantity`, `int-or-string`, `date-time`) or `''` for opaque content.
 */
function encode(node: Schema, structs: Set<string>, queue: string[]): string {
  const ref = refOf(node);
  if (ref) {
    if (!structs.has(ref)) return NAMED_SCALARS[ref] ?? '';
    queue.push(ref);
    return shortName(ref);
  }
  if (node.type === 'array') {
    const keys =
      node['x-kubernetes-list-type'] === 'map' ? `|${(node['x-kubernetes-list-map-keys'] as string[]).join(',')}` : '';
    return `[${encode(node.items, structs, queue)}${keys}`;
  }
  if (node.type === 'object' && node.additionalProperties)
    return `{${encode(node.additionalProperties, structs, queue)}`;
  return scalar(node);
}

export function coreV1Fields(openapi: Schema): Record<string, Record<string, string>> {
  const schemas = openapi.components.schemas as Record<string, Schema>;
  // Structs are object types with listed properties; everything else (Quantity, IntOrString,
  // Time, RawExtension, FieldsV1) is a scalar or opaque value for this purpose.
  const structs = new Set(Object.keys(schemas).filter((k) => schemas[k].type === 'object' && schemas[k].properties));
  const out: Record<string, Record<string, string>> = {};
  const seen = new Map<string, string>();
  const queue = [ROOT];
  while (queue.length) {
    const ref = queue.shift()!;
    const name = shortName(ref);
    if (seen.has(name)) {
      if (seen.get(name) !== ref) throw new Error(`two types named ${name}: ${seen.get(name)} and ${ref}`);
      continue;
    }
    seen.set(name, ref);
    const fields: Record<string, string> = {};
    const required = new Set((schemas[ref].required as string[] | undefined) ?? []);
    for (const [field, node] of Object.entries(schemas[ref].properties as Record<string, Schema>).sort(([a], [b]) =>
      a < b ? -1 : 1,
    )) {
      // A required field's code starts with `!`.
      fields[field] = `${required.has(field) ? '!' : ''}${encode(node, structs, queue)}`;
    }
    out[name] = fields;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function coreV1FieldsSource(fields: Record<string, Record<string, string>>, version: string): string {
  const body = Object.entries(fields)
    .map(
      ([type, fs]) =>
        `  ${type}: {\n${Object.entries(fs)
          .map(([f, v]) => `    ${f}: '${v}',`)
          .join('\n')}\n  },`,
    )
    .join('\n');
  return [
    `// Generated from kube-apiserver ${version}'s /openapi/v3/api/v1 by test/cluster/core-v1-fields.test.ts`,
    '// (UPDATE_CORE_V1_FIELDS=1 rewrites it). Do not edit by hand.',
    '/* eslint-disable */',
    '',
    '/**',
    ' * The fields of every core/v1 type reachable from PodTemplateSpec, encoded as: `Name` a struct,',
    ' * `[Name` a list (`[Name|k1,k2` a list map keyed by k1, k2), `{Name` a map; in place of a Name,',
    ' * a scalar: `string` (`string=A,B` one of an enum), `boolean`, `number`, `int32`, `int64`,',
    " * `quantity`, `int-or-string`, `date-time`, or `''` (anything). A leading `!`: required.",
    ' */',
    `export const CORE_V1_KUBERNETES_VERSION = '${version}';`,
    '',
    'export const CORE_V1_FIELDS: Record<string, Record<string, string>> = {',
    body,
    '};',
    '',
  ].join('\n');
}
