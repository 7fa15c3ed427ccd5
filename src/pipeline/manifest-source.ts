/** Turning construct props or a file into the manifest the pipeline loads. */
import { readTextFile } from '../api/text-file';
import { parseManifestText } from '../api';
import { recogniseDocument } from '../api/convert/load';
import { overLimits } from '../api/parse';
import { Problem } from '../api/problems';
import { isObject } from '../api/read';

/** Common metadata props of the graph constructs. */
export interface GraphMetadataProps {
  /**
   * `metadata.name`: prefix of every rendered object name.
   * @default - the construct id
   */
  readonly name?: string;
  /**
   * Kubernetes namespace of every rendered object.
   * @default - the Chart's namespace, else 'default'
   */
  readonly namespace?: string;
  /** `metadata.labels`. @default - none */
  readonly labels?: Record<string, string>;
  /**
   * `metadata.annotations`, e.g. `nvidia.com/enable-metrics` or
   * `nvidia.com/dynamo-discovery-backend`, which upstream propagates to every component.
   * @default - none
   */
  readonly annotations?: Record<string, string>;
}

export interface ManifestSource {
  readonly manifest: unknown;
  /** Problems found before loading (unreadable file, bad YAML, not exactly one document). */
  readonly problems: Problem[];
  /**
   * The file's documents of other kinds (a ConfigMap beside the graph): checked and emitted with
   * the graph's objects (./pass-through.ts). @default - none
   */
  readonly passThrough?: readonly unknown[];
}

/** What a value is, for a message: `null`, `an array`, or its typeof. */
const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

/**
 * Props given from JavaScript (or through jsii) can be anything: a problem the front end reports
 * through its own channel, not a TypeError. Empty when `props` is an object.
 */
export function propsProblems(props: unknown, what: 'props' | 'args' = 'props'): Problem[] {
  return isObject(props) ? [] : [{ path: '', message: `${what}: must be an object, got ${typeOf(props)}` }];
}

/** A ManifestSource passed as props (`fromManifest`, `fromFile`), not construct props. */
export const isManifestSource = (p: unknown): p is ManifestSource =>
  isObject(p) && 'manifest' in p && Array.isArray(p.problems);

/**
 * The manifest construct props describe: `spec` must be an object within the input limits (a
 * spec that contains itself is a problem, not a stack overflow), undefined props are left out.
 */
export function manifestFromProps(
  kind: string,
  id: string,
  meta: GraphMetadataProps,
  spec: unknown,
  apiVersion = 'nvidia.com/v1beta1',
): ManifestSource {
  if (!isObject(spec))
    return {
      manifest: undefined,
      problems: [{ path: 'spec', message: `Required value: must be an object, got ${typeOf(spec)}` }],
    };
  // Before anything walks it: a spec that contains itself would recurse without end.
  const over = overLimits(spec);
  if (over !== undefined) return { manifest: undefined, problems: [{ path: 'spec', message: over }] };
  const metadata = Object.fromEntries(
    Object.entries({
      name: meta.name ?? id,
      namespace: meta.namespace,
      labels: meta.labels,
      annotations: meta.annotations,
    }).filter(([, v]) => v !== undefined),
  );
  return { manifest: { apiVersion, kind, metadata, spec: dropUndefined(spec) }, problems: [] };
}

/**
 * The one manifest of a file. With `passThrough` (the graph constructs) the file may also hold
 * documents of other kinds, as upstream's examples do: one Dynamo manifest, the rest passed through.
 */
export function manifestFromFile(path: string, options: { readonly passThrough?: boolean } = {}): ManifestSource {
  let text: string;
  try {
    text = readTextFile(path);
  } catch (e) {
    return { manifest: undefined, problems: [{ path: '', message: `${path}: ${(e as Error).message}` }] };
  }
  const parsed = parseManifestText(text, path);
  if (parsed.problems.length)
    return { manifest: undefined, problems: parsed.problems.map((p) => ({ ...p, message: `${path}: ${p.message}` })) };
  if (options.passThrough) {
    const foreign = parsed.docs.filter((d) => recogniseDocument(d).foreign);
    const dynamo = parsed.docs.filter((d) => !foreign.includes(d));
    if (dynamo.length !== 1) {
      const message = `${path}: expected exactly one Dynamo manifest (documents of other kinds pass through), found ${dynamo.length}`;
      return { manifest: undefined, problems: [{ path: '', message }] };
    }
    return { manifest: dynamo[0], problems: [], passThrough: foreign };
  }
  if (parsed.docs.length !== 1) {
    return {
      manifest: undefined,
      problems: [{ path: '', message: `${path}: expected exactly one manifest, found ${parsed.docs.length}` }],
    };
  }
  return { manifest: parsed.docs[0], problems: [] };
}

/** Optional TypeScript props left undefined must not reach the manifest as explicit values. */
function dropUndefined(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(dropUndefined);
  const source = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(source)) if (source[k] !== undefined) out[k] = dropUndefined(source[k]);
  return out;
}
