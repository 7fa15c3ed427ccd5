/**
 * Checking PlatformSettings field by field, so a typo or a wrong type is reported at its path
 * instead of silently ignored (`lwsAvailable: 'false'` is a string, not false): the same check
 * for a `--settings` file and for settings given to the cdk8s constructs and Pulumi components.
 */
import { PlatformSettings, WORKER_ROLLOUT_MODES } from './settings';
import { Problem } from './problems';
import { mustBeStringMessage } from './type-hints';

type Check = (value: unknown, path: string, problems: string[][]) => void;

const str: Check = (v, path, out) => {
  if (typeof v !== 'string') out.push([path, mustBeStringMessage(v)]);
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
  workerRollout: oneOf(...WORKER_ROLLOUT_MODES),
};

/** Problems of `value` as PlatformSettings, with paths under `base` (`settings.lwsAvailable`). */
export function settingsProblems(value: unknown, base = ''): Problem[] {
  const found: string[][] = [];
  fields(SETTINGS)(value, base, found);
  return found.map(([path, message]) => ({ path, message, severity: 'error' }));
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
