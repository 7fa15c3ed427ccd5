/**
 * Compiling our CRD schemas into ajv validators: at build time into lib/ (crd-validators-build.ts),
 * and at run time only where no precompiled validator exists (running from the TypeScript
 * sources). ajv's compiler is loaded by this module alone, so a process that finds the
 * precompiled validators never loads it.
 */
import Ajv, { Options, ValidateFunction } from 'ajv';
import { JSONSchemaProps } from '../../crds/schema';
import { CRD_FORMATS } from './crd-formats';

/**
 * A copy of the schema where every object not marked preserve-unknown and without
 * additionalProperties rejects the fields it does not list, as the API server does under strict
 * field validation (it prunes them otherwise): also an object that lists none, such as v1beta1
 * `scalingAdapter: {}`, whose fields would reach the graph record and do nothing. The root
 * `metadata` node, `{type: object}`, is the API server's ObjectMeta: schema-validation.ts checks it.
 */
export function closeObjects(node: JSONSchemaProps, root = true): JSONSchemaProps {
  const copy = { ...node } as JSONSchemaProps & { additionalProperties?: JSONSchemaProps | boolean };
  if (node.properties) {
    copy.properties = Object.fromEntries(
      Object.entries(node.properties).map(([k, v]) => [k, root && k === 'metadata' ? v : closeObjects(v, false)]),
    );
  }
  if (node.items) copy.items = closeObjects(node.items, false);
  if (node.additionalProperties) copy.additionalProperties = closeObjects(node.additionalProperties, false);
  if (node.type === 'object' && !node.additionalProperties && !node['x-kubernetes-preserve-unknown-fields']) {
    copy.additionalProperties = false;
  }
  return copy as JSONSchemaProps;
}

/** An ajv that understands the Kubernetes schema extensions and formats our CRDs use. */
export function newSchemaAjv(options: { useDefaults?: boolean; code?: Options['code'] } = {}): Ajv {
  // strictTypes off: int-or-string puts `pattern` next to `anyOf`, the form kube-apiserver requires.
  const ajv = new Ajv({
    allErrors: true,
    strictTypes: false,
    // Referenced subschemas stay functions of their own (crdValidatorSchema says why).
    inlineRefs: false,
    useDefaults: options.useDefaults ?? false,
    code: options.code,
  });
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
  for (const [name, format] of Object.entries(CRD_FORMATS)) ajv.addFormat(name, format);
  return ajv;
}

/**
 * What a CRD version's validator is compiled from: its schema with closed objects, and every
 * structured field below `spec`'s own fields (an object with fields, a list) moved to `$defs`.
 * ajv, told not to inline references, makes each of those a function of its own, so V8 compiles
 * only the ones a document reaches: a graph's validator was one ~270 kB function, all of it
 * compiled on a render's first run and all of it in every run's code cache.
 */
export function crdValidatorSchema(schema: JSONSchemaProps): JSONSchemaProps {
  const defs: Record<string, JSONSchemaProps> = {};
  const split = (node: JSONSchemaProps, depth: number): JSONSchemaProps => {
    const copy = { ...node } as JSONSchemaProps & { additionalProperties?: JSONSchemaProps | boolean };
    if (node.properties)
      copy.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, split(v, depth + 1)]));
    if (node.items) copy.items = split(node.items, depth + 1);
    if (typeof copy.additionalProperties === 'object')
      copy.additionalProperties = split(copy.additionalProperties, depth + 1);
    if (depth < 3 || !(copy.properties || copy.items)) return copy;
    const name = `s${Object.keys(defs).length}`;
    defs[name] = copy;
    return { $ref: `#/$defs/${name}` } as JSONSchemaProps;
  };
  return { ...split(closeObjects(schema), 0), $defs: defs } as JSONSchemaProps;
}

/** The validator of one CRD version's schema, as the API server applies it (closed objects). */
export function compileCrdSchema(schema: JSONSchemaProps): ValidateFunction {
  return newSchemaAjv().compile(crdValidatorSchema(schema));
}
