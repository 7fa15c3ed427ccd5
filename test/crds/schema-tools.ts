/** Test helpers: a structural-schema checker and an ajv validator over our CRD schemas. */
import { ValidateFunction } from 'ajv';
import { closeObjects, newSchemaAjv } from '../../src/api/validate/crd-schema-compile';
import { KubeObject } from '../../src/api/k8s-types';
import { JSONSchemaProps } from '../../src/crds';

export interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema: { openAPIV3Schema: JSONSchemaProps };
  subresources?: { status?: object; scale?: Record<string, string> };
  additionalPrinterColumns: { name: string; type: string; jsonPath: string }[];
}

export interface CrdSpec {
  group: string;
  scope: string;
  names: { kind: string; listKind: string; plural: string; singular: string; shortNames: string[] };
  conversion: { strategy: string };
  versions: CrdVersion[];
}

export const specOf = (crd: KubeObject) => crd.spec as CrdSpec;

export function schemaOf(crd: KubeObject, version: string): JSONSchemaProps {
  const entry = specOf(crd).versions.find((v) => v.name === version);
  if (!entry) throw new Error(`${crd.metadata.name} has no version ${version}`);
  return entry.schema.openAPIV3Schema;
}

/** Calls `visit` for every schema node that describes a value (root, properties, items, map values). */
export function walk(node: JSONSchemaProps, path: string, visit: (node: JSONSchemaProps, path: string) => void): void {
  visit(node, path);
  for (const [name, child] of Object.entries(node.properties ?? {})) walk(child, `${path}.${name}`, visit);
  if (node.items) walk(node.items, `${path}[]`, visit);
  if (node.additionalProperties) walk(node.additionalProperties, `${path}{}`, visit);
}

/** The structural-schema rules kube-apiserver enforces for apiextensions/v1, one message per breach. */
export function structuralProblems(root: JSONSchemaProps): string[] {
  const problems: string[] = [];
  walk(root, '', (node, path) => {
    const intOrString = node['x-kubernetes-int-or-string'] === true;
    const open = node['x-kubernetes-preserve-unknown-fields'] === true;
    if (!node.type && !intOrString && !open) problems.push(`${path}: no type`);
    if (node.properties && node.additionalProperties) problems.push(`${path}: properties with additionalProperties`);
    if (intOrString && node.type) problems.push(`${path}: int-or-string with a type`);
    if (node.anyOf) {
      const ok = intOrString && JSON.stringify(node.anyOf) === '[{"type":"integer"},{"type":"string"}]';
      if (!ok) problems.push(`${path}: anyOf outside the int-or-string form`);
    }
    if (node['x-kubernetes-list-type'] === 'map') {
      for (const key of node['x-kubernetes-list-map-keys'] ?? []) {
        const keySchema = node.items?.properties?.[key];
        if (!keySchema || !node.items?.required?.includes(key)) problems.push(`${path}: map key ${key} not required`);
        else if (keySchema.type === 'object' || keySchema.type === 'array')
          problems.push(`${path}: map key ${key} not scalar`);
      }
    }
  });
  const metadata = root.properties?.metadata;
  if (metadata && JSON.stringify(metadata) !== '{"type":"object"}') problems.push('.metadata: constrained');
  return problems;
}

/** A validator for one CRD version (CEL rules are not evaluated; that takes a real API server). */
export function validatorFor(crd: KubeObject, version: string): ValidateFunction {
  // With defaults applied, as the API server applies them (the tests check that too).
  return newSchemaAjv({ useDefaults: true }).compile(closeObjects(schemaOf(crd, version)));
}

/** "instancePath: message" lines, for readable assertions. */
export function errorLines(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);
}
