/**
 * Checking the core/v1 content users pass through (v1beta1 `podTemplate`, v1alpha1
 * `extraPodSpec` / `mainContainer` / probes, env lists) the way the API server will check the
 * workloads we render from it:
 * - fields the server does not know (server-side apply fails on them) and duplicate list-map
 *   keys, from the server's own field tree (core-v1-fields.ts);
 * - types, enum values, formats and required fields, from the same field tree;
 * - what the server's Go validation adds that a schema cannot say: resource quantities are
 *   valid and not negative.
 * Paths are the input's: `spec.components[0].podTemplate.spec.containers[1].ports[0].containerPort`.
 */
import { CORE_V1_FIELDS } from '../generated/core-v1-fields';
import { AjvErrorLike, apiServerMessage, INT_OR_STRING_MESSAGE } from './ajv-errors';
import { CRD_FORMATS } from './crd-formats';
import {
  annotationMapProblems,
  labelMapProblems,
  portNameProblems,
  referencedNameProblems,
  resourceProblems,
} from '../k8s-object-rules';
import { configMapKey, dns1123Label, envVarName, quantity, userOrGroupId } from '../k8s-syntax';
import { Problem, unknownFieldMessage } from '../problems';
import { fieldPath, isObject, keyPath } from '../read';

type CoreType = 'PodTemplateSpec' | 'PodSpec' | 'Container' | 'Probe' | 'EnvVar';

/** A value's type as the field tree names it (core-v1-fields.ts); undefined: anything. */
type Scalar = 'string' | 'boolean' | 'number' | 'int32' | 'int64' | 'quantity' | 'int-or-string' | 'date-time';

/** Where a walk is: a struct type, a list (of a type, maybe keyed), a map, or a value. */
type Shape =
  | { kind: 'struct'; type: string }
  | { kind: 'list'; item: Shape; keys?: string[] }
  | { kind: 'map'; item: Shape }
  | { kind: 'value'; scalar?: Scalar; values?: string[] };

function decode(encoded: string): Shape {
  if (encoded.startsWith('[')) {
    const [item, keys] = encoded.slice(1).split('|');
    return { kind: 'list', item: decode(item), ...(keys ? { keys: keys.split(',') } : {}) };
  }
  if (encoded.startsWith('{')) return { kind: 'map', item: decode(encoded.slice(1)) };
  if (/^[A-Z]/.test(encoded)) return { kind: 'struct', type: encoded };
  if (encoded === '') return { kind: 'value' };
  const [scalar, values] = encoded.split('=');
  return { kind: 'value', scalar: scalar as Scalar, ...(values !== undefined ? { values: values.split(',') } : {}) };
}

/** A struct type's fields, decoded once: what each is, and which the server requires. */
interface StructInfo {
  readonly fields: ReadonlyMap<string, Shape>;
  readonly required: readonly string[];
}

const structs = new Map<string, StructInfo>();

function structInfo(type: string): StructInfo {
  let info = structs.get(type);
  if (!info) {
    const fields = new Map<string, Shape>();
    const required: string[] = [];
    for (const [field, code] of Object.entries(CORE_V1_FIELDS[type] ?? {})) {
      if (code.startsWith('!')) required.push(field);
      fields.set(field, decode(code.startsWith('!') ? code.slice(1) : code));
    }
    structs.set(type, (info = { fields, required }));
  }
  return info;
}

/** What `field` of a struct is, or undefined when the server does not know the field. */
const fieldShape = (type: string, field: string): Shape | undefined => structInfo(type).fields.get(field);

export interface PodContentOptions {
  /** Fields the overlay may leave out because we fill them (a main container's `name`). */
  readonly optionalAtRoot?: readonly string[];
  /** Fields at the root that are ours, not core/v1 (`extraPodSpec.mainContainer`). */
  readonly extraAtRoot?: readonly string[];
  /**
   * The root container's resources are merged with others when rendered (v1alpha1
   * `mainContainer` with `resources`): only each quantity alone is checked here, the merge in
   * validate-k8s.ts.
   */
  readonly mergedResources?: boolean;
}

/** Problems in one piece of pass-through core/v1 content of type `type` at input path `path`. */
export function podContentProblems(
  value: unknown,
  type: CoreType,
  path: string,
  options: PodContentOptions = {},
): Problem[] {
  const out = new ProblemSet(options.mergedResources ? fieldPath(path, 'resources') : undefined);
  const extra = new Set(options.extraAtRoot ?? []);
  const core =
    isObject(value) && extra.size ? Object.fromEntries(Object.entries(value).filter(([k]) => !extra.has(k))) : value;
  walk(core, { kind: 'struct', type }, path, out);
  schemaErrors(core, type, path, options, out);
  return out.problems;
}

/**
 * A list of core/v1 EnvVars in a Dynamo field (`spec.env`, v1alpha1 `envs`): not a list map in
 * our CRDs, and merged by name when rendered, so a repeated name is not an error here.
 */
export function envListProblems(value: unknown, path: string): Problem[] {
  if (!Array.isArray(value)) return [];
  const out = new ProblemSet();
  walk(value, { kind: 'list', item: { kind: 'struct', type: 'EnvVar' } }, path, out);
  value.forEach((v, i) => schemaErrors(v, 'EnvVar', keyPath(path, i), {}, out));
  return out.problems;
}

/** One problem per path: the first found is the most specific (structure before schema). */
class ProblemSet {
  public readonly problems: Problem[] = [];
  private readonly paths = new Set<string>();

  /** `mergedResources`: where resources are checked one quantity at a time. */
  public constructor(public readonly mergedResourcesAt?: string) {}

  public add(path: string, message: string, severity: 'error' | 'warning' = 'error'): void {
    if (this.paths.has(path)) return;
    this.paths.add(path);
    this.problems.push({ path, message, severity });
  }
}

function walk(value: unknown, shape: Shape, path: string, out: ProblemSet): void {
  if (shape.kind === 'struct' && isObject(value)) {
    for (const field of Object.keys(value)) {
      const child = fieldShape(shape.type, field);
      if (!child)
        out.add(fieldPath(path, field), unknownFieldMessage(field, Object.keys(CORE_V1_FIELDS[shape.type] ?? {})));
      else walk(value[field], child, fieldPath(path, field), out);
    }
    GO_VALIDATION[shape.type]?.(value, path, out);
  } else if (shape.kind === 'list' && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], shape.item, keyPath(path, i), out);
    if (shape.keys) duplicateKeys(value, shape.keys, path, out);
  } else if (shape.kind === 'map' && isObject(value)) {
    for (const k of Object.keys(value)) walk(value[k], shape.item, keyPath(path, k), out);
  }
}

/** List-map keys the server defaults before it merges: a port without a protocol is a TCP port. */
const KEY_DEFAULTS: Readonly<Record<string, string>> = { protocol: 'TCP' };

/** Server-side apply merges list maps by their keys, and refuses a list where two items share one. */
function duplicateKeys(items: unknown[], keys: string[], path: string, out: ProblemSet): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (!isObject(item)) continue;
    const valueOf = (k: string) =>
      item[k] === undefined || item[k] === null || item[k] === '' ? KEY_DEFAULTS[k] : item[k];
    const present = keys.filter((k) => valueOf(k) !== undefined && valueOf(k) !== null);
    if (present.every((k) => !(k in item) || item[k] === null)) continue;
    const key = `[${present.map((k) => `${k}=${JSON.stringify(valueOf(k))}`).join(',')}]`;
    if (seen.has(key)) out.add(path, `duplicate entries for key ${key}`);
    seen.add(key);
  }
}

/** Rules of the server's Go validation (no schema says them), per core/v1 type, as the fuzz found them. */
const GO_VALIDATION: Record<string, (o: Record<string, unknown>, path: string, out: ProblemSet) => void> = {
  ResourceRequirements: (o, path, out) => {
    for (const p of resourceProblems(o, { crossSections: path !== out.mergedResourcesAt }))
      out.add(keyPath(fieldPath(path, p.section), p.name), p.message);
  },
  Container: (o, path, out) => {
    name(o.name, fieldPath(path, 'name'), dns1123Label, out);
    if (o.image === '') out.add(fieldPath(path, 'image'), 'Required value');
    // Port names are unique within a container (a Service's targetPort resolves them).
    const names = new Set<unknown>();
    if (Array.isArray(o.ports))
      o.ports.forEach((p, j) => {
        if (!isObject(p) || typeof p.name !== 'string' || p.name === '' || portNameProblems(p.name).length) return;
        if (names.has(p.name))
          out.add(fieldPath(keyPath(fieldPath(path, 'ports'), j), 'name'), `Duplicate value: "${p.name}"`);
        names.add(p.name);
      });
  },
  ContainerPort: (o, path, out) => {
    for (const field of ['containerPort', 'hostPort'] as const) {
      const v = o[field];
      // hostPort 0 means none.
      if (typeof v !== 'number' || (field === 'hostPort' && v === 0)) continue;
      if (v < 1 || v > 65535)
        out.add(fieldPath(path, field), `Invalid value: ${v}: must be between 1 and 65535, inclusive`);
    }
    if (typeof o.name === 'string' && o.name !== '')
      for (const m of portNameProblems(o.name)) out.add(fieldPath(path, 'name'), `Invalid value: "${o.name}": ${m}`);
  },
  SecurityContext: (o, path, out) => {
    for (const f of ['runAsUser', 'runAsGroup']) id(o[f], fieldPath(path, f), out);
  },
  PodSecurityContext: (o, path, out) => {
    for (const f of ['runAsUser', 'runAsGroup', 'fsGroup']) id(o[f], fieldPath(path, f), out);
    if (Array.isArray(o.supplementalGroups))
      o.supplementalGroups.forEach((g, i) => id(g, keyPath(fieldPath(path, 'supplementalGroups'), i), out));
  },
  EnvFromSource: (o, path, out) => {
    const sources = ['configMapRef', 'secretRef'].filter((f) => o[f] !== undefined && o[f] !== null);
    if (sources.length === 0) out.add(path, 'Invalid value: "": must specify one of: `configMapRef` or `secretRef`');
    // The server names the second reference.
    else if (sources.length > 1)
      out.add(fieldPath(path, 'secretRef'), 'Forbidden: may not have more than one field specified at a time');
    if (typeof o.prefix === 'string' && o.prefix !== '')
      for (const m of envVarName(o.prefix)) out.add(fieldPath(path, 'prefix'), `Invalid value: "${o.prefix}": ${m}`);
  },
  // envFrom: the name is required, and checked as a prefix.
  ConfigMapEnvSource: (o, path, out) => referencedName(o.name, fieldPath(path, 'name'), out, { asPrefix: true }),
  SecretEnvSource: (o, path, out) => referencedName(o.name, fieldPath(path, 'name'), out, { asPrefix: true }),
  // env valueFrom: an empty name is invalid, not missing; the key is required.
  ConfigMapKeySelector: (o, path, out) => keySelector(o, path, out),
  SecretKeySelector: (o, path, out) => keySelector(o, path, out),
  EnvVar: (o, path, out) => {
    if (typeof o.name === 'string')
      for (const m of envVarName(o.name))
        out.add(fieldPath(path, 'name'), m === 'Required value' ? m : `Invalid value: "${o.name}": ${m}`);
  },
  PodSpec: (o, path, out) => {
    if (Array.isArray(o.imagePullSecrets))
      o.imagePullSecrets.forEach((r, i) => {
        if (isObject(r))
          unreachableName(r.name, 'Secret', fieldPath(keyPath(fieldPath(path, 'imagePullSecrets'), i), 'name'), out);
      });
    for (const f of ['hostname', 'subdomain'])
      if (typeof o[f] === 'string' && o[f] !== '') name(o[f], fieldPath(path, f), dns1123Label, out);
    // Containers and init containers share one name space.
    const seen = new Set<unknown>();
    for (const list of ['initContainers', 'containers']) {
      const items = Array.isArray(o[list]) ? (o[list] as unknown[]) : [];
      items.forEach((c, j) => {
        if (!isObject(c)) return;
        const at = keyPath(fieldPath(path, list), j);
        // /proc unmasked only in a pod with a user namespace of its own.
        if (o.hostUsers !== false && isObject(c.securityContext) && c.securityContext.procMount === 'Unmasked')
          out.add(
            fieldPath(fieldPath(at, 'securityContext'), 'procMount'),
            'Invalid value: "Unmasked": `hostUsers` must be false to use `Unmasked`',
          );
        if (typeof c.name !== 'string' || c.name === '') return;
        if (seen.has(c.name)) out.add(fieldPath(at, 'name'), `Duplicate value: "${c.name}"`);
        seen.add(c.name);
      });
    }
  },
  // The server's OpenAPI lists Gt and Lt too; its validation takes them only behind an alpha feature gate.
  Toleration: (o, path, out) => {
    if (o.operator === 'Gt' || o.operator === 'Lt')
      out.add(fieldPath(path, 'operator'), `Unsupported value: "${o.operator}": supported values: "Equal", "Exists"`);
  },
  ObjectMeta: (o, path, out) => {
    if (isObject(o.labels))
      for (const p of labelMapProblems(o.labels)) out.add(keyPath(fieldPath(path, 'labels'), p.key), p.message);
    if (isObject(o.annotations))
      for (const p of annotationMapProblems(o.annotations)) {
        const base = fieldPath(path, 'annotations');
        out.add(p.key ? keyPath(base, p.key) : base, p.message);
      }
  },
  Volume: (o, path, out) => name(o.name, fieldPath(path, 'name'), dns1123Label, out),
  VolumeMount: (o, path, out) => {
    for (const f of ['name', 'mountPath']) if (o[f] === '') out.add(fieldPath(path, f), 'Required value');
  },
  ConfigMapVolumeSource: (o, path, out) => {
    requiredName(o.name, fieldPath(path, 'name'), out);
    unreachableName(o.name, 'ConfigMap', fieldPath(path, 'name'), out);
  },
  SecretVolumeSource: (o, path, out) => {
    requiredName(o.secretName, fieldPath(path, 'secretName'), out);
    unreachableName(o.secretName, 'Secret', fieldPath(path, 'secretName'), out);
  },
  ConfigMapProjection: (o, path, out) => unreachableName(o.name, 'ConfigMap', fieldPath(path, 'name'), out),
  SecretProjection: (o, path, out) => unreachableName(o.name, 'Secret', fieldPath(path, 'name'), out),
};

/** A user or group ID of a security context: the server takes 0 to 2^31-1. */
function id(v: unknown, path: string, out: ProblemSet): void {
  if (typeof v === 'number') for (const m of userOrGroupId(v)) out.add(path, `Invalid value: ${v}: ${m}`);
}

/** A Secret or ConfigMap the server resolves by name (env, envFrom): required and a DNS-1123 subdomain. */
function referencedName(v: unknown, path: string, out: ProblemSet, opts: { asPrefix?: boolean } = {}): void {
  if (v === undefined || v === null || v === '') {
    if (opts.asPrefix) out.add(path, 'Required value');
    else out.add(path, `Invalid value: "": ${referencedNameProblems('')[0]}`);
  } else if (typeof v === 'string')
    for (const m of referencedNameProblems(v, opts)) out.add(path, `Invalid value: "${v}": ${m}`);
}

function keySelector(o: Record<string, unknown>, path: string, out: ProblemSet): void {
  referencedName(o.name, fieldPath(path, 'name'), out);
  const key = fieldPath(path, 'key');
  if (o.key === undefined || o.key === null || o.key === '') out.add(key, 'Required value');
  else if (typeof o.key === 'string')
    for (const m of configMapKey(o.key)) out.add(key, `Invalid value: "${o.key}": ${m}`);
}

/**
 * Volumes and pull secrets name their Secret or ConfigMap without the server checking the name:
 * one no object can have is a warning (the server takes the pod; the pod waits for an object that
 * cannot exist, or pulls without the secret).
 */
function unreachableName(v: unknown, kind: 'Secret' | 'ConfigMap', path: string, out: ProblemSet): void {
  if (typeof v !== 'string' || v === '') return;
  const problems = referencedNameProblems(v);
  if (problems.length)
    out.add(
      path,
      `"${v}" cannot name a ${kind} (the API server takes it; no ${kind} can exist by that name): ${problems.join('; ')}`,
      'warning',
    );
}

function name(v: unknown, path: string, rule: (s: string) => string[], out: ProblemSet): void {
  if (v === '') out.add(path, 'Required value');
  else if (typeof v === 'string') for (const m of rule(v)) out.add(path, `Invalid value: "${v}": ${m}`);
}

/** The server requires the name but does not check its syntax here (the fuzz showed `Frontend` accepted). */
function requiredName(v: unknown, path: string, out: ProblemSet): void {
  if (v === undefined || v === null || v === '') out.add(path, 'Required value');
}

/** Enum fields the server defaults before it validates, so `""` reads as unset. */
const DEFAULTED_ENUMS = new Set([
  'imagePullPolicy',
  'restartPolicy',
  'protocol',
  'dnsPolicy',
  'terminationMessagePolicy',
]);

function schemaErrors(value: unknown, type: CoreType, path: string, options: PodContentOptions, out: ProblemSet): void {
  if (!isObject(value)) {
    out.add(path, 'must be an object');
    return;
  }
  checkTypes(value, { kind: 'struct', type }, path, out, new Set(options.optionalAtRoot ?? []));
}

/** A message in the API server's words for what a schema keyword found (ajv-errors.ts words them all). */
const message = (keyword: string, params: object, value: unknown) =>
  apiServerMessage({ keyword, params } as AjvErrorLike, value);

/**
 * Types, enum values, formats and required fields, as the server's decoder and OpenAPI schema
 * take them: required fields first, then the known fields in the tree's (alphabetical) order.
 * Built-in kinds read `null` as unset, so a null is never wrong; fields the server does not know
 * were reported by `walk`.
 */
function checkTypes(value: unknown, shape: Shape, path: string, out: ProblemSet, optional?: Set<string>): void {
  if (value === null || value === undefined) return;
  switch (shape.kind) {
    case 'struct': {
      if (!isObject(value)) return out.add(path, message('type', { type: 'object' }, value));
      const { fields, required } = structInfo(shape.type);
      for (const field of required)
        if (value[field] === undefined && !optional?.has(field)) out.add(fieldPath(path, field), 'Required value');
      // The value's own fields, in the tree's order: one struct's problems read alphabetically.
      const present = Object.keys(value);
      if (present.length > 1) present.sort();
      for (const field of present) {
        const child = fields.get(field);
        if (child) checkTypes(value[field], child, fieldPath(path, field), out);
      }
      return;
    }
    case 'list':
      if (!Array.isArray(value)) return out.add(path, message('type', { type: 'array' }, value));
      for (let i = 0; i < value.length; i++) checkTypes(value[i], shape.item, keyPath(path, i), out);
      return;
    case 'map':
      if (!isObject(value)) return out.add(path, message('type', { type: 'object' }, value));
      for (const k of Object.keys(value)) checkTypes(value[k], shape.item, keyPath(path, k), out);
      return;
    case 'value':
      if (shape.scalar) scalarProblem(value, shape, path, out);
  }
}

const INT32 = CRD_FORMATS.int32 as { validate: (n: number) => boolean };
const DATE_TIME = CRD_FORMATS['date-time'] as RegExp;

function scalarProblem(v: unknown, shape: { scalar?: Scalar; values?: string[] }, path: string, out: ProblemSet): void {
  const isInteger = typeof v === 'number' && Number.isInteger(v);
  switch (shape.scalar) {
    case 'string':
    case 'date-time':
      if (typeof v !== 'string') return out.add(path, message('type', { type: 'string' }, v));
      if (shape.scalar === 'date-time' && !DATE_TIME.test(v))
        return out.add(path, message('format', { format: 'date-time' }, v));
      // An empty string in a field the server defaults is unset too (`imagePullPolicy: ""`).
      if (shape.values && !shape.values.includes(v) && !(v === '' && DEFAULTED_ENUMS.has(lastField(path))))
        out.add(path, message('enum', { allowedValues: shape.values }, v));
      return;
    case 'boolean':
    case 'number':
      if (typeof v !== shape.scalar) out.add(path, message('type', { type: shape.scalar }, v));
      return;
    case 'int32':
    case 'int64':
      if (!isInteger) out.add(path, message('type', { type: 'integer' }, v));
      else if (shape.scalar === 'int32' && !INT32.validate(v)) out.add(path, message('format', { format: 'int32' }, v));
      return;
    case 'int-or-string':
      if (!isInteger && typeof v !== 'string') out.add(path, INT_OR_STRING_MESSAGE);
      return;
    case 'quantity':
      if (typeof v === 'string') {
        const [problem] = quantity(v);
        if (problem) out.add(path, `invalid quantity ${JSON.stringify(v)}: ${problem}`);
      } else if (typeof v !== 'number') out.add(path, INT_OR_STRING_MESSAGE);
  }
}

/** The last field name of an input path (`...containers[0].imagePullPolicy` → `imagePullPolicy`). */
const lastField = (path: string) => path.slice(path.lastIndexOf('.') + 1);
