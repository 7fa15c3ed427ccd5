/**
 * What the GitOps engines' options may be. Every one of them ends up in an object (a name, a
 * namespace, a Secret reference, a URL, a revision, a path inside the repository), so each is
 * checked with the rule of the field it lands in before anything is built: the API server's for
 * names and namespaces, the engine's for URLs, revisions and paths. One problem per rule broken,
 * its path the option's name.
 */
import { dns1123Label, dns1123Subdomain } from '../api/k8s-syntax';
import type { Problem } from '../api/problems';
import { LAYERS } from './layout';

/** The options of a Flux source and its Kustomizations, as `fluxSource` and `fluxKustomizations` take them. */
export interface FluxOptionValues {
  readonly name?: string;
  /** The Kustomizations' name prefix when it is not the source's name. */
  readonly prefix?: string;
  readonly namespace?: string;
  readonly url?: string;
  readonly ref?: string;
  readonly secretName?: string;
  readonly path?: string;
}

/** The options of the Argo CD Applications that end up in an object, as `argoCdApplications` takes them (ArgoCdOptions). */
export type ArgoCdOptionValues = Partial<
  Record<'repoURL' | 'targetRevision' | 'path' | 'name' | 'namespace' | 'project' | 'server', string>
>;

type Rule = (v: string) => string[];

const FLUX_URL = /^(https?|ssh|oci):\/\//;
const ARGOCD_URL = /^(https?:\/\/|ssh:\/\/|file:\/\/|oci:\/\/|[\w.-]+@[\w.-]+:)/;
const SCP_LIKE = /^[\w.-]+@[\w.-]+:/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BLANK_OR_CONTROL = /[\s\x00-\x1f\x7f-\x9f]/u;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/u;

/** A URL the engine can fetch: one of its schemes, no blanks or controls, and a URL by WHATWG's parser. */
function url(schemes: RegExp, expected: string): Rule {
  return (v) => {
    if (!schemes.test(v)) return [`expected ${expected}`];
    if (BLANK_OR_CONTROL.test(v)) return ['must not contain blanks or control characters'];
    if (SCP_LIKE.test(v) && !v.includes('://')) return [];
    return URL.canParse(v) ? [] : ['is not a valid URL'];
  };
}

/**
 * A Git branch, tag or commit as `git check-ref-format` takes a name, which an OCI tag also is:
 * no blanks, controls, `~^:?*[\`, `..`, `@{` or `//`; not starting with `-` or `/`, not ending in
 * `/`, `.` or `.lock`.
 */
const revision: Rule = (v) => {
  if (v === '') return ['must not be empty'];
  if (BLANK_OR_CONTROL.test(v) || /[~^:?*[\\]|\.\.|@\{|\/\/|^[-/]|[/.]$|\.lock$/.test(v))
    return ['is not a valid Git reference name (git check-ref-format)'];
  return [];
};

/** An OCI tag, as the distribution spec allows it. */
const ociTag: Rule = (v) =>
  /^[\w][\w.-]{0,127}$/.test(v) ? [] : ['is not a valid OCI tag ([A-Za-z0-9_][A-Za-z0-9_.-]{0,127})'];

/** Argo CD's targetRevision may also be a semver constraint (`>=1.2 <2`): one line of printable text. */
const anyRevision: Rule = (v) =>
  v.trim() === '' ? ['must not be empty'] : CONTROL.test(v) ? ['must not contain control characters'] : [];

/** A directory inside the repository: relative to its root, never above it. */
const repositoryPath: Rule = (v) => {
  if (CONTROL.test(v)) return ['must not contain control characters'];
  if (v.startsWith('/')) return ['must be relative to the repository root'];
  if (v.split('/').includes('..')) return ["must not contain '..': it would leave the repository"];
  return [];
};

/** A name that also prefixes one object per layer (`<name>-platform`): the longest of those must be a name too. */
function prefixName(v: string): string[] {
  const own = dns1123Subdomain(v);
  if (own.length > 0) return own;
  const longest = Math.max(...LAYERS.map((l) => l.length)) + 1;
  return dns1123Subdomain(`${v}-${'x'.repeat(longest - 1)}`).length > 0
    ? [`must be no more than ${253 - longest} characters (the objects of the layers are named <name>-<layer>)`]
    : [];
}

function check(values: Record<string, string | undefined>, rules: Record<string, Rule>): Problem[] {
  const problems: Problem[] = [];
  for (const [key, rule] of Object.entries(rules)) {
    const v = values[key];
    if (typeof v !== 'string') continue;
    for (const message of rule(v)) problems.push({ path: key, message, severity: 'error' });
  }
  return problems;
}

export function fluxOptionProblems(o: FluxOptionValues): Problem[] {
  return check(
    { ...o },
    {
      name: prefixName,
      prefix: prefixName,
      namespace: dns1123Label,
      url: url(FLUX_URL, 'https://, http://, ssh:// (Git) or oci:// (OCI artifact)'),
      ref: o.url?.startsWith('oci://') ? ociTag : revision,
      secretName: dns1123Subdomain,
      path: repositoryPath,
    },
  );
}

export function argoCdOptionProblems(o: ArgoCdOptionValues): Problem[] {
  return check(
    { ...o },
    {
      repoURL: url(ARGOCD_URL, 'https://, http://, ssh://, git@host:path, file:// (Git) or oci:// (OCI artifact)'),
      targetRevision: anyRevision,
      path: repositoryPath,
      name: prefixName,
      namespace: dns1123Label,
      project: dns1123Subdomain,
      server: url(/^https?:\/\//, 'https:// or http://'),
    },
  );
}

/**
 * The library builders' error: `<what> <option> "<value>": <message>` lines, every problem at
 * once (the CLI names its flags instead, src/cli/commands/gitops.ts).
 */
export function engineOptionError(what: string, problems: readonly Problem[], values: object): Error {
  const value = (p: Problem) => JSON.stringify((values as Record<string, unknown>)[p.path]);
  return new Error(problems.map((p) => `${what} ${p.path} ${value(p)}: ${p.message}`).join('\n'));
}
