/**
 * Objects that are not Dynamo kinds but share a file with them (a ConfigMap, a PVC, a
 * ResourceClaimTemplate, a ComputeDomain): dynamo-iac passes them through unchanged, checked as
 * far as it knows their kind.
 * - Built-in Kubernetes kinds (apiVersion of a Kubernetes API group) against the kind's OpenAPI
 *   schema, with kubernetes-models' precompiled validators (what pod-content.ts checks pod
 *   templates with), loaded only when such an object is read.
 * - Any other kind (a CRD's) for what every object needs: apiVersion, kind, metadata.name.
 * Paths are the input's: `data[retries]`, `spec.resources.requests[storage]`.
 */
import { existsSync } from 'fs';
import { join } from 'path';
import { INT_OR_STRING_MESSAGE, AjvErrorParams, apiServerMessage, pointerSegments, valueAt } from './ajv-errors';
import { packageRoot, requireEsmFile } from '../esm-package';
import { annotationMapProblems, labelMapProblems } from '../k8s-object-rules';
import { dns1123Label, dns1123Subdomain, quantity } from '../k8s-syntax';
import { Problem } from '../problems';
import { fieldPath, isObject, keyPath } from '../read';

/**
 * Kubernetes' own API groups: the core group (`v1`), groups without a dot (`apps`, `batch`, ...)
 * and `*.k8s.io` ones. Anything else (`resource.nvidia.com`, `monitoring.coreos.com`) is a CRD's.
 */
export function isBuiltinGroup(apiVersion: string): boolean {
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return true;
  const group = apiVersion.slice(0, slash);
  return !group.includes('.') || group === 'k8s.io' || group.endsWith('.k8s.io');
}

/**
 * The cluster-scoped kinds of Kubernetes' API groups, by `<group>/<kind>` (the core group is
 * empty); every other built-in kind is namespaced. As the API server's registry of Kubernetes
 * 1.36 and 1.37 declares them (each resource's NamespaceScoped). CRD kinds are not listed: their
 * scope is in their CRD, which dynamo-iac does not read, so they pass through without a default
 * namespace.
 */
const CLUSTER_SCOPED = new Set([
  '/Namespace',
  '/Node',
  '/PersistentVolume',
  '/ComponentStatus',
  'admissionregistration.k8s.io/MutatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy',
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding',
  'admissionregistration.k8s.io/MutatingAdmissionPolicy',
  'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding',
  'apiextensions.k8s.io/CustomResourceDefinition',
  'apiregistration.k8s.io/APIService',
  'authentication.k8s.io/TokenReview',
  'authentication.k8s.io/SelfSubjectReview',
  'authorization.k8s.io/SubjectAccessReview',
  'authorization.k8s.io/SelfSubjectAccessReview',
  'authorization.k8s.io/SelfSubjectRulesReview',
  'certificates.k8s.io/CertificateSigningRequest',
  'certificates.k8s.io/ClusterTrustBundle',
  'flowcontrol.apiserver.k8s.io/FlowSchema',
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration',
  'internal.apiserver.k8s.io/StorageVersion',
  'networking.k8s.io/IngressClass',
  'networking.k8s.io/IPAddress',
  'networking.k8s.io/ServiceCIDR',
  'node.k8s.io/RuntimeClass',
  'rbac.authorization.k8s.io/ClusterRole',
  'rbac.authorization.k8s.io/ClusterRoleBinding',
  'resource.k8s.io/DeviceClass',
  'resource.k8s.io/DeviceTaintRule',
  'resource.k8s.io/ResourcePoolStatusRequest',
  'resource.k8s.io/ResourceSlice',
  'scheduling.k8s.io/PriorityClass',
  'storage.k8s.io/CSIDriver',
  'storage.k8s.io/CSINode',
  'storage.k8s.io/StorageClass',
  'storage.k8s.io/VolumeAttachment',
  'storage.k8s.io/VolumeAttributesClass',
  'storagemigration.k8s.io/StorageVersionMigration',
]);

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '');

/** Whether a built-in kind is namespaced, so an object of it without a namespace gets the default one. */
export const isNamespacedBuiltin = (apiVersion: string, kind: string): boolean =>
  isBuiltinGroup(apiVersion) && !CLUSTER_SCOPED.has(`${groupOf(apiVersion)}/${kind}`);

/** Every problem of a document of a kind dynamo-iac does not render; none means it passes through. */
export function passThroughProblems(doc: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const error = (path: string, message: string) => problems.push({ path, message, severity: 'error' });
  const { apiVersion, kind } = doc;
  if (typeof apiVersion !== 'string' || apiVersion === '') error('apiVersion', 'Required value');
  else if (!API_VERSION.test(apiVersion))
    error('apiVersion', `invalid value ${JSON.stringify(apiVersion)}: expected <group>/<version> or <version>`);
  if (typeof kind !== 'string' || kind === '') error('kind', 'Required value');
  const known = typeof apiVersion === 'string' && typeof kind === 'string' && problems.length === 0;
  const builtin = known && isBuiltinGroup(apiVersion);
  problems.push(...metadataProblems(doc.metadata, known ? nameRule(apiVersion, kind, builtin) : undefined));
  if (!builtin) return problems;
  const model = builtinModel(apiVersion, kind);
  if (!model) {
    problems.push({
      path: 'kind',
      message: `${kind} of ${apiVersion} is not a Kubernetes kind dynamo-iac has a schema for: passed through unchecked`,
      severity: 'warning',
    });
    return problems;
  }
  // One problem a path: what metadataProblems said is said in the API server's words already.
  const said = new Set(problems.map((p) => p.path));
  const more = [...schemaProblems(doc, model), ...(KIND_RULES[kind]?.(doc) ?? [])];
  return [...problems, ...more.filter((p) => !said.has(p.path))];
}

/** `v1`, `apps/v1`, `resource.nvidia.com/v1beta1`. */
const API_VERSION = /^([a-z0-9]([-a-z0-9.]*[a-z0-9])?\/)?v[0-9]+((alpha|beta)[0-9]+)?$/;

type NameRule = (name: string) => string[];

/**
 * The API server's rule for an object's name. A custom resource and most built-in kinds: a DNS
 * subdomain. RBAC kinds take any path segment (`system:controller:x`); a Namespace is a DNS label,
 * a Service a DNS-1035 label (a letter first).
 */
function nameRule(apiVersion: string, kind: string, builtin: boolean): NameRule {
  if (!builtin) return dns1123Subdomain;
  if (apiVersion.startsWith('rbac.authorization.k8s.io/')) return pathSegmentName;
  if (apiVersion === 'v1' && kind === 'Namespace') return dns1123Label;
  if (apiVersion === 'v1' && kind === 'Service')
    return (name) =>
      /^[a-z]/.test(name) ? dns1123Label(name) : ['must start with a lower-case letter (DNS-1035 label)'];
  return dns1123Subdomain;
}

/** What the API server allows in a path segment: not `.` or `..`, no `/` or `%`. */
function pathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  return /[/%]/.test(name) ? ["may not contain '/' or '%'"] : [];
}

/**
 * What every object needs, whatever its kind: a name by its kind's rule, and a valid namespace,
 * labels and annotations.
 */
function metadataProblems(metadata: unknown, rule: NameRule | undefined): Problem[] {
  const out: Problem[] = [];
  const error = (path: string, message: string) => out.push({ path, message, severity: 'error' });
  if (metadata === undefined || metadata === null) error('metadata.name', 'Required value');
  if (!isObject(metadata)) {
    if (metadata !== undefined && metadata !== null) error('metadata', 'must be an object');
    return out;
  }
  const { name, namespace } = metadata;
  if (name === undefined || name === null || name === '') error('metadata.name', 'Required value');
  else if (typeof name !== 'string') error('metadata.name', 'must be a string');
  else if (rule) for (const m of rule(name)) error('metadata.name', `invalid value "${name}": ${m}`);
  if (namespace !== undefined && namespace !== null && typeof namespace !== 'string')
    error('metadata.namespace', 'must be a string');
  else if (typeof namespace === 'string' && namespace !== '')
    for (const m of dns1123Label(namespace)) error('metadata.namespace', `invalid value "${namespace}": ${m}`);
  for (const field of ['labels', 'annotations'] as const) {
    const map = metadata[field];
    const at = fieldPath('metadata', field);
    if (map === undefined || map === null) continue;
    if (!isObject(map)) {
      error(at, 'must be an object');
      continue;
    }
    for (const [k, v] of Object.entries(map)) if (typeof v !== 'string') error(keyPath(at, k), 'must be a string');
    const problems = field === 'labels' ? labelMapProblems(map) : annotationMapProblems(map);
    for (const p of problems) error(p.key ? keyPath(at, p.key) : at, p.message);
  }
  return out;
}

/** ConfigMap and Secret keys, as the API server checks them (its IsConfigMapKey). */
function configKeyProblems(doc: Record<string, unknown>, fields: string[]): Problem[] {
  const out: Problem[] = [];
  for (const field of fields) {
    const map = doc[field];
    if (!isObject(map)) continue;
    for (const key of Object.keys(map)) {
      if (key.length > 253 || !/^[-._a-zA-Z0-9]+$/.test(key) || key === '.' || key === '..')
        out.push({
          path: keyPath(field, key),
          message: `Invalid value: ${JSON.stringify(key)}: a valid config key must consist of alphanumeric characters, '-', '_' or '.' (at most 253)`,
          severity: 'error',
        });
    }
  }
  return out;
}

/** Rules of the API server's Go validation that no schema says, per kind. */
const KIND_RULES: Record<string, (doc: Record<string, unknown>) => Problem[]> = {
  ConfigMap: (doc) => configKeyProblems(doc, ['data', 'binaryData']),
  Secret: (doc) => configKeyProblems(doc, ['data', 'stringData']),
};

interface ValidatingModel {
  validate(): void;
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: AjvErrorParams;
  message?: string;
}

const KIND_NAME = /^[A-Z][A-Za-z0-9]*$/;

/** kubernetes-models' class for a built-in kind, loaded on first use; undefined when it has none. */
function builtinModel(apiVersion: string, kind: string): ValidatingModel | undefined {
  if (!KIND_NAME.test(kind)) return undefined;
  const file = join(...apiVersion.split('/'), `${kind}.js`);
  if (!existsSync(join(packageRoot('kubernetes-models'), file))) return undefined;
  return requireEsmFile<Record<string, { prototype: ValidatingModel } | undefined>>('kubernetes-models', file)[kind]
    ?.prototype;
}

function schemaProblems(doc: Record<string, unknown>, model: ValidatingModel): Problem[] {
  let errors: AjvError[];
  try {
    // validate() checks `this`; calling it on the document skips the model's deep copy.
    model.validate.call(doc);
    return [];
  } catch (e) {
    const found = (e as { errors?: AjvError[] }).errors;
    if (!Array.isArray(found)) throw e;
    errors = found;
  }
  const out = new Map<string, string>();
  // int-or-string and quantities fail every `oneOf` branch: the value is reported once.
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  for (const e of errors) {
    const segments = pointerSegments(e.instancePath);
    const value = valueAt(doc, segments);
    if (e.keyword === 'required') {
      const path = inputPath(doc, [...segments, e.params.missingProperty]);
      if (!out.has(path)) out.set(path, apiServerMessage(e, undefined));
      continue;
    }
    // Built-in kinds read `null` as unset (server-side apply takes it).
    if (e.keyword === 'type' && value === null) continue;
    const path = inputPath(doc, segments);
    if (out.has(path)) continue;
    if (oneOfPaths.has(e.instancePath)) {
      const isQuantity = errors.some(
        (x) => x.instancePath === e.instancePath && x.keyword === 'format' && x.params.format === 'quantity',
      );
      out.set(
        path,
        isQuantity
          ? `invalid quantity ${JSON.stringify(value)}: ${quantity(String(value))[0] ?? 'must be a string or a number'}`
          : INT_OR_STRING_MESSAGE,
      );
    } else out.set(path, apiServerMessage(e, value));
  }
  return [...out].map(([path, message]) => ({ path, message, severity: 'error' as const }));
}

/**
 * Map-valued fields of built-in kinds whose keys are data, not field names: their keys are
 * written `[key]`, like every map key in dynamo-iac's paths.
 */
const MAP_FIELDS = new Set([
  'annotations',
  'binaryData',
  'capacity',
  'data',
  'labels',
  'limits',
  'matchLabels',
  'nodeSelector',
  'parameters',
  'requests',
  'stringData',
  'volumeAttributes',
]);

/** The input path of a JSON pointer's segments: list items and map keys `[k]`, fields `.f`. */
function inputPath(doc: unknown, segments: string[]): string {
  let path = '';
  let cur: unknown = doc;
  let parent = '';
  for (const seg of segments) {
    const isKey = Array.isArray(cur) || MAP_FIELDS.has(parent) || !/^[A-Za-z_$][\w$]*$/.test(seg);
    path = isKey ? keyPath(path, seg) : fieldPath(path, seg);
    cur = isObject(cur) || Array.isArray(cur) ? (cur as Record<string, unknown>)[seg] : undefined;
    parent = isKey ? '' : seg;
  }
  return path;
}
