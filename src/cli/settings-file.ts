/**
 * `--settings FILE`: PlatformSettings from YAML or JSON, checked field by field
 * so a typo or a wrong type is reported at its path instead of silently ignored.
 */
import { parseManifestText } from '../api/parse';
import { readTextFile } from '../api/text-file';
import { PlatformSettings } from '../api/settings';
import { SourcedProblem } from '../api/problems';

type Check = (value: unknown, path: string, problems: string[][]) => void;

const str: Check = (v, path, out) => {
  if (typeof v !== 'string') out.push([path, 'must be a string']);
};
const bool: Check = (v, path, out) => {
  if (typeof v !== 'boolean') out.push([path, 'must be a boolean (true or false)']);
};
const oneOf =
  (...allowed: string[]): Check =>
  (v, path, out) => {
    if (typeof v !== 'string' || !allowed.includes(v)) out.push([path, `must be one of: ${allowed.join(', ')}`]);
  };
const listOf =
  (item: Check): Check =>
  (v, path, out) => {
    if (!Array.isArray(v)) out.push([path, 'must be a list']);
    else v.forEach((x, i) => item(x, `${path}[${i}]`, out));
  };
const mapOf =
  (value: Check): Check =>
  (v, path, out) => {
    if (!isMap(v)) out.push([path, 'must be a map']);
    else for (const [k, x] of Object.entries(v)) value(x, `${path}[${k}]`, out);
  };
const fields =
  (known: Record<string, Check>): Check =>
  (v, path, out) => {
    if (!isMap(v)) {
      out.push([path, 'must be a map']);
      return;
    }
    for (const [k, x] of Object.entries(v)) {
      const at = path ? `${path}.${k}` : k;
      // Own keys only: `__proto__` or `toString` in a file is an unknown field, not Object's.
      const check = Object.hasOwn(known, k) ? known[k] : undefined;
      if (!check) out.push([at, `unknown field; expected one of: ${Object.keys(known).join(', ')}`]);
      else check(x, at, out);
    }
  };

// Typed against PlatformSettings so a new setting fails to compile until it is checked here.
type Ingress = NonNullable<PlatformSettings['ingress']>;
const INGRESS: Record<keyof Ingress, Check> = {
  controllerClassName: str,
  virtualServiceGateway: str,
  hostSuffix: str,
  tlsSecretName: str,
};
type CheckpointStorage = NonNullable<PlatformSettings['checkpointStorage']>;
const CHECKPOINT_STORAGE: Record<keyof CheckpointStorage, Check> = { pvcName: str, basePath: str };
const SETTINGS: Record<keyof PlatformSettings, Check> = {
  discoveryBackend: oneOf('kubernetes', 'etcd'),
  natsAddress: str,
  etcdAddress: str,
  modelExpressUrl: str,
  prometheusEndpoint: str,
  ingress: fields(INGRESS),
  mpiSshSecretName: str,
  lwsAvailable: bool,
  groveAvailable: bool,
  imagePullSecrets: mapOf(listOf(str)),
  operatorScope: oneOf('cluster', 'namespace'),
  plannerClusterRoleName: str,
  eppClusterRoleName: str,
  checkpointStorage: fields(CHECKPOINT_STORAGE),
};

export interface SettingsFile {
  readonly settings?: PlatformSettings;
  readonly problems: SourcedProblem[];
}

export function readSettingsFile(file: string): SettingsFile {
  const fail = (path: string, message: string): SettingsFile => ({
    problems: [{ source: file, path, message, severity: 'error' }],
  });
  let text: string;
  try {
    text = readTextFile(file);
  } catch (e) {
    return fail('', (e as Error).message);
  }
  const parsed = parseManifestText(text, file);
  if (parsed.problems.length) return { problems: parsed.problems.map((p) => ({ ...p, source: file })) };
  // An empty file is "all defaults", the same as no file.
  if (parsed.docs.length === 0) return { settings: {}, problems: [] };
  if (parsed.docs.length > 1) return fail('', `expected one settings document, found ${parsed.docs.length}`);
  const found: string[][] = [];
  fields(SETTINGS)(parsed.docs[0], '', found);
  if (found.length)
    return { problems: found.map(([path, message]) => ({ source: file, path, message, severity: 'error' })) };
  return { settings: parsed.docs[0] as PlatformSettings, problems: [] };
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
