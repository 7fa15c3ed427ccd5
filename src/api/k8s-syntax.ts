/**
 * Kubernetes syntax rules the API server enforces, with its wording, so bad names, labels,
 * quantities and env names fail at synth time instead of at apply time. Each check returns the
 * problem messages (empty when valid).
 */

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const ENV_NAME = /^[\x20-\x3c\x3e-\x7e]+$/;
/** Decimal number with an SI, binary-SI or exponent suffix, as resource.ParseQuantity accepts. */
const QUANTITY = /^[+-]?(\d+(\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;

const tooLong = (max: number) => `must be no more than ${max} characters`;

export function dns1123Label(v: string): string[] {
  const out: string[] = [];
  if (v.length > 63) out.push(tooLong(63));
  if (!DNS1123_LABEL.test(v)) {
    out.push(
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    );
  }
  return out;
}

export function dns1123Subdomain(v: string): string[] {
  const out: string[] = [];
  if (v.length > 253) out.push(tooLong(253));
  if (!DNS1123_SUBDOMAIN.test(v)) {
    out.push(
      "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
  }
  return out;
}

export function labelValue(v: string): string[] {
  const out: string[] = [];
  if (v.length > 63) out.push(tooLong(63));
  if (!LABEL_VALUE.test(v)) {
    out.push(
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    );
  }
  return out;
}

/** Label and annotation keys: `[prefix/]name`, prefix a DNS-1123 subdomain, name at most 63 characters. */
export function qualifiedName(key: string): string[] {
  const parts = key.split('/');
  if (parts.length > 2) {
    return [
      "a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character, with an optional DNS subdomain prefix and '/'",
    ];
  }
  const [prefix, name] = parts.length === 2 ? parts : [undefined, parts[0]];
  const out: string[] = [];
  if (prefix !== undefined) {
    if (prefix.length === 0) out.push('prefix part must be non-empty');
    else out.push(...dns1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  }
  if (name.length === 0) out.push('name part must be non-empty');
  else {
    if (name.length > 63) out.push(`name part ${tooLong(63)}`);
    if (!QUALIFIED_NAME.test(name)) {
      out.push(
        "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      );
    }
  }
  return out;
}

/** Env var names: since Kubernetes 1.34 any printable ASCII except `=` (the server's RelaxedEnvironmentVariableValidation). */
export function envVarName(v: string): string[] {
  if (v === '') return ['Required value'];
  return ENV_NAME.test(v)
    ? []
    : ["a valid environment variable name must consist only of printable ASCII characters other than '='"];
}

const CONFIG_MAP_KEY = /^[-._a-zA-Z0-9]+$/;

/** A key of a ConfigMap or Secret (`secretKeyRef.key`), as the API server's IsConfigMapKey says. */
export function configMapKey(v: string): string[] {
  const out: string[] = [];
  if (v.length > 253) out.push(tooLong(253));
  if (!CONFIG_MAP_KEY.test(v))
    out.push(
      "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
    );
  if (v === '.') out.push("must not be '.'");
  else if (v === '..') out.push("must not be '..'");
  else if (v.startsWith('..')) out.push("must not start with '..'");
  return out;
}

/** User and group IDs of security contexts: what the API server's IsValidUserID / IsValidGroupID take. */
export const MAX_USER_ID = 2147483647;
export function userOrGroupId(v: number): string[] {
  return v >= 0 && v <= MAX_USER_ID ? [] : [`must be between 0 and ${MAX_USER_ID}, inclusive`];
}

export function quantity(v: string): string[] {
  return QUANTITY.test(v)
    ? []
    : ["quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"];
}

/** A quantity that means zero (`0`, `0Gi`, `0.0`). */
export function isZeroQuantity(q: string): boolean {
  const number = /^[+-]?(\d+(\.\d*)?|\.\d+)/.exec(q.trim());
  return number !== null && Number(number[0]) === 0;
}

export const isNegativeQuantity = (q: string) => q.trim().startsWith('-') && !isZeroQuantity(q);

/** Scale of each quantity suffix. */
const SUFFIX_SCALE: Record<string, number> = {
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
};

/** The value of a valid quantity (`500m` is 0.5), for comparisons; precise to a double. */
export function quantityValue(q: string): number {
  const m = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(.*)$/.exec(q)!;
  const number = Number(m[1]);
  const suffix = m[2];
  return /^[eE]/.test(suffix) ? number * 10 ** Number(suffix.slice(1)) : number * SUFFIX_SCALE[suffix];
}

/** A whole number of units (`2`, `1k`; not `0.5` or `500m`). */
export function isIntegerQuantity(q: string): boolean {
  const v = quantityValue(q);
  return Math.abs(v - Math.round(v)) <= 1e-9 * Math.max(1, Math.abs(v));
}

/**
 * An extended resource (`nvidia.com/gpu`): fully qualified and outside kubernetes.io. The API
 * server takes only whole numbers for them, and requests equal to limits.
 */
export function isExtendedResource(name: string): boolean {
  return (
    name.includes('/') &&
    !name.startsWith('kubernetes.io/') &&
    !name.includes('.kubernetes.io/') &&
    !name.startsWith('requests.')
  );
}

const STANDARD_CONTAINER_RESOURCES = ['cpu', 'memory', 'ephemeral-storage'];

/**
 * A container resource name: a standard one (`cpu`, `memory`, `ephemeral-storage`,
 * `hugepages-<size>`) or a fully qualified extended resource (`nvidia.com/gpu`).
 */
export function containerResourceName(name: string): string[] {
  if (STANDARD_CONTAINER_RESOURCES.includes(name)) return [];
  if (name.startsWith('hugepages-') && quantity(name.slice('hugepages-'.length)).length === 0) return [];
  if (name.includes('/') && qualifiedName(name).length === 0) return [];
  return ['must be a standard resource type or fully qualified'];
}
