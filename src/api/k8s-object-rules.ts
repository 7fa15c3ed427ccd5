/**
 * Rules of the API server's Go validation on metadata maps, container resources and ports, defined
 * once here and used wherever they reach rendered objects: graph and pod-template metadata,
 * DynamoCheckpoints and their Job template, DynamoModels, every container of every pod template.
 * The cluster fuzz (`test/cluster/fuzz-apiserver.test.ts`) holds them to the server's answers.
 */
import {
  containerResourceName,
  dns1123Subdomain,
  isExtendedResource,
  isIntegerQuantity,
  isNegativeQuantity,
  labelValue,
  qualifiedName,
  quantity,
  quantityValue,
} from './k8s-syntax';

/** The API server's limit on all annotations of one object, keys and values together. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** One problem found in a map or a resource list: the key it is about and the message. */
export interface KeyedProblem {
  readonly key: string;
  readonly message: string;
}

/** Label keys are qualified names and values label values. */
export function labelMapProblems(map: Readonly<Record<string, unknown>>): KeyedProblem[] {
  const out: KeyedProblem[] = [];
  for (const [k, v] of Object.entries(map)) {
    for (const m of qualifiedName(k)) out.push({ key: k, message: `invalid label key "${k}": ${m}` });
    if (typeof v === 'string')
      for (const m of labelValue(v)) out.push({ key: k, message: `invalid label value "${v}": ${m}` });
  }
  return out;
}

/**
 * Annotation keys are qualified names once lower-cased (the server lower-cases them first, so
 * `Example.com/x` is taken); all keys and values together at most 256 KiB. A problem with an
 * empty key is about the whole map.
 */
export function annotationMapProblems(
  map: Readonly<Record<string, unknown>>,
  opts: {
    /** Bytes that something else adds to the object's annotations (a checkpoint Job's own). */
    readonly reserve?: number;
  } = {},
): KeyedProblem[] {
  const out: KeyedProblem[] = [];
  let size = 0;
  for (const [k, v] of Object.entries(map)) {
    for (const m of qualifiedName(k.toLowerCase()))
      out.push({ key: k, message: `invalid annotation key "${k}": ${m}` });
    size += Buffer.byteLength(k) + (typeof v === 'string' ? Buffer.byteLength(v) : 0);
  }
  const limit = TOTAL_ANNOTATION_SIZE_LIMIT - (opts.reserve ?? 0);
  if (size > limit)
    out.push({ key: '', message: `Too long: may not be more than ${limit} bytes (all annotations: ${size})` });
  return out;
}

export interface ResourceProblem {
  readonly section: 'requests' | 'limits';
  readonly name: string;
  readonly message: string;
}

const HUGEPAGES = 'hugepages-';

/** A quantity as the server decodes it: a string, or a number it reads as one. */
const asQuantity = (q: unknown): string | undefined =>
  typeof q === 'string' ? q : typeof q === 'number' && Number.isFinite(q) ? String(q) : undefined;

/**
 * A container's resource requirements as the API server checks them: known or fully qualified
 * names, valid non-negative quantities, whole numbers of extended resources and of huge pages,
 * and — across the two sections — no request above its limit, extended resources and huge pages
 * (not overcommitable) with a limit and requests equal to it, huge pages only with cpu or memory.
 * `crossSections: false` checks each quantity alone (for a part the renderer merges with another).
 */
export function resourceProblems(
  r: { readonly requests?: unknown; readonly limits?: unknown },
  opts: { readonly crossSections?: boolean } = {},
): ResourceProblem[] {
  const out: ResourceProblem[] = [];
  const valid = { requests: new Map<string, string>(), limits: new Map<string, string>() };
  for (const section of ['requests', 'limits'] as const) {
    const items = r[section];
    if (typeof items !== 'object' || items === null || Array.isArray(items)) continue;
    for (const [name, raw] of Object.entries(items)) {
      const add = (message: string) => out.push({ section, name, message });
      for (const m of containerResourceName(name)) add(`Invalid value: "${name}": ${m}`);
      const q = asQuantity(raw);
      if (q === undefined) continue;
      const syntax = quantity(q);
      if (syntax.length) add(`invalid quantity "${q}": ${syntax[0]}`);
      else if (isNegativeQuantity(q)) add(`Invalid value: "${q}": must be greater than or equal to 0`);
      else if (isExtendedResource(name) && !isIntegerQuantity(q)) add(`Invalid value: "${q}": must be an integer`);
      else if (name.startsWith(HUGEPAGES) && !hugePageMultiple(name, q))
        add(`Invalid value: "${q}": ${q} is not positive integer multiple of ${name}`);
      else valid[section].set(name, q);
    }
  }
  if (opts.crossSections === false) return out;
  const limits = isMap(r.limits) ? r.limits : {};
  for (const [name, request] of valid.requests) {
    const limit = valid.limits.get(name);
    const add = (message: string) => out.push({ section: 'requests', name, message });
    if (isExtendedResource(name) || name.startsWith(HUGEPAGES)) {
      if (limits[name] === undefined || limits[name] === null)
        add(`Invalid value: "${name}": Limit must be set for non overcommitable resources`);
      else if (limit !== undefined && quantityValue(request) !== quantityValue(limit))
        add(`Invalid value: "${request}": must be equal to ${name} limit of ${limit}`);
    } else if (limit !== undefined && quantityValue(request) > quantityValue(limit)) {
      add(`Invalid value: "${request}": must be less than or equal to ${name} limit of ${limit}`);
    }
  }
  const names = (s: unknown) => (isMap(s) ? Object.keys(s) : []);
  const all = [...names(r.requests), ...names(r.limits)];
  const huge = names(r.limits).find((n) => n.startsWith(HUGEPAGES));
  if (huge && !all.some((n) => n === 'cpu' || n === 'memory'))
    out.push({ section: 'limits', name: huge, message: 'Forbidden: HugePages require cpu or memory' });
  return out;
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `hugepages-2Mi: 4Mi` is two pages; `1Mi` or `0.5` is no whole number of pages. */
function hugePageMultiple(name: string, q: string): boolean {
  const page = name.slice(HUGEPAGES.length);
  if (quantity(page).length) return true;
  const n = quantityValue(q) / quantityValue(page);
  return n === 0 || (n >= 1 - 1e-9 && Math.abs(n - Math.round(n)) < 1e-9 * n);
}

/** A PVC's storage request: a valid quantity greater than zero. */
export function storageRequestProblems(q: string): string[] {
  const syntax = quantity(q);
  if (syntax.length) return [`invalid quantity "${q}": ${syntax[0]}`];
  return quantityValue(q) > 0 ? [] : [`Invalid value: "${q}": must be greater than zero`];
}

/** A port name (IANA_SVC_NAME): at most 15 lower-case letters, digits and single inner hyphens, one letter at least. */
export function portNameProblems(v: string): string[] {
  const out: string[] = [];
  if (v.length > 15) out.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(v)) out.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (v.includes('--')) out.push('must not contain consecutive hyphens');
  if (!/[a-z]/.test(v)) out.push('must contain at least one letter (a-z)');
  if (v.startsWith('-') || v.endsWith('-')) out.push('must not begin or end with a hyphen');
  return out;
}

/**
 * The name of a Secret or ConfigMap a pod refers to: a DNS-1123 subdomain, as every such object is
 * named. `asPrefix` is how the API server checks `envFrom` references: one trailing `-` is taken.
 */
export function referencedNameProblems(name: string, opts: { readonly asPrefix?: boolean } = {}): string[] {
  const checked = opts.asPrefix && name.length > 1 && name.endsWith('-') ? `${name.slice(0, -1)}a` : name;
  return dns1123Subdomain(checked);
}
