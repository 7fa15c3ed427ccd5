/** Assembles apiextensions.k8s.io/v1 CustomResourceDefinitions for the nvidia.com kinds. */
import { KubeObject } from '../output/kube-object';
import { JSONSchemaProps, obj, str, ValidationRule } from './schema';
import { acceptForeignFields } from './version-union';

export const GROUP = 'nvidia.com';

/** One of our own records (a DGD, DCD, DynamoModel, …): it carries the user's input, not a workload. */
export const isDynamoRecord = (o: { readonly apiVersion: string }) => o.apiVersion.startsWith(`${GROUP}/`);

export interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  jsonPath: string;
}

export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

export interface VersionDef {
  name: string;
  storage?: boolean;
  /** The warning kubectl prints for every request on this version. */
  deprecationWarning?: string;
  spec: JSONSchemaProps;
  /** Absent: the kind has no status and no status subresource (DynamoWorkerMetadata). */
  status?: JSONSchemaProps;
  printerColumns: PrinterColumn[];
  scale?: ScaleSubresource;
  /** `spec` must be present (a Go field without `omitempty`). @default false */
  specRequired?: boolean;
  /** CEL rules on the whole object (the only place a rule can see `spec` itself change). */
  rules?: ValidationRule[];
}

export interface CrdDef {
  kind: string;
  plural: string;
  shortNames: string[];
  versions: VersionDef[];
}

export const AGE_COLUMN: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };

function rootSchema(version: VersionDef): JSONSchemaProps {
  return obj(
    {
      apiVersion: str(),
      kind: str(),
      // The API server owns metadata validation; structural schemas may not constrain it further.
      metadata: { type: 'object' },
      spec: version.spec,
      ...(version.status ? { status: version.status } : {}),
    },
    { required: version.specRequired ? ['spec'] : [], rules: version.rules },
  );
}

function versionEntry(version: VersionDef): Record<string, unknown> {
  return {
    name: version.name,
    served: true,
    storage: version.storage === true,
    ...(version.deprecationWarning ? { deprecated: true, deprecationWarning: version.deprecationWarning } : {}),
    schema: { openAPIV3Schema: rootSchema(version) },
    ...(version.status ? { subresources: { status: {}, ...(version.scale ? { scale: version.scale } : {}) } } : {}),
    additionalPrinterColumns: version.printerColumns,
  };
}

/** Each version's spec and status, widened with the fields only other versions have. */
function withForeignFields(versions: VersionDef[]): VersionDef[] {
  return versions.map((own) => {
    const others = versions.filter((v) => v !== own);
    return {
      ...own,
      spec: others.reduce((acc, v) => acceptForeignFields(acc, v.spec), own.spec),
      status:
        own.status && others.reduce((acc, v) => (v.status ? acceptForeignFields(acc, v.status) : acc), own.status),
    };
  });
}

export function crd(def: CrdDef): KubeObject {
  const manifest: KubeObject = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${def.plural}.${GROUP}` },
    spec: {
      group: GROUP,
      names: {
        kind: def.kind,
        listKind: `${def.kind}List`,
        plural: def.plural,
        singular: def.kind.toLowerCase(),
        shortNames: def.shortNames,
      },
      scope: 'Namespaced',
      // Upstream converts between versions with a webhook; we ship none, so the API server
      // uses `None` conversion: only apiVersion is rewritten, and the body is pruned with the
      // target version's schema. So every version's schema also carries the other versions'
      // fields (withForeignFields): a v1alpha1 `services` map survives v1beta1 storage, and an
      // object reads back as it was written through either version. Readers tell the shapes
      // apart by their fields, not by the apiVersion they read through (docs/deviations.md).
      conversion: { strategy: 'None' },
      versions: withForeignFields(def.versions).map(versionEntry),
    },
  };
  // A deep copy: schema pieces are shared between versions, and callers (and YAML writers,
  // which would emit anchors) must see an independent plain tree.
  return JSON.parse(JSON.stringify(manifest)) as KubeObject;
}
