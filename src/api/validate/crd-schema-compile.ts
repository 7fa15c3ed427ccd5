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
export function newSchemaAjv(options: { useDefaults?: boolean; code?: Options['code'] } = {}): Ajv {
  // strictTypes off: int-or-string puts `pattern` next to `anyOf`, the form kube-apiserver requires.
  const ajv = new Ajv({
    allErrors: true,
    strictTypes: false,
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

/** The validator of one CRD version's schema, as the API server applies it (closed objects). */
export function compileCrdSchema(schema: JSONSchemaProps): ValidateFunction {
  return newSchemaAjv().compile(closeObjects(schema));
}
