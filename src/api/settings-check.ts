/**
 * Checking PlatformSettings field by field, so a typo or a wrong type is reported at its path
 * instead of silently ignored (`lwsAvailable: 'false'` is a string, not false): the same check
 * for a `--settings` file and for settings given to the cdk8s constructs and Pulumi components.
 */
import { DYNAMO_VERSIONS, PlatformSettings, WORKER_ROLLOUT_MODES } from './settings';
import { Problem } from './problems';
import { bool, Check, fields, listOf, mapOf, oneOf, PropsShape, str } from './props-shape';

// Typed against PlatformSettings so a new setting fails to compile until it is checked here.
type Ingress = NonNullable<PlatformSettings['ingress']>;
const INGRESS: PropsShape<Ingress> = {
  controllerClassName: str,
  virtualServiceGateway: str,
  hostSuffix: str,
  tlsSecretName: str,
};
type CheckpointStorage = NonNullable<PlatformSettings['checkpointStorage']>;
const CHECKPOINT_STORAGE: PropsShape<CheckpointStorage> = { pvcName: str, basePath: str };
/** A release name, checked alike in the settings and every flag or option that takes one. */
const DYNAMO_VERSION = oneOf(...Object.keys(DYNAMO_VERSIONS));

/** What is wrong with a release name (`--dynamo-version`, a platform's `dynamoVersion`); undefined when it names one or is absent. */
export function dynamoVersionProblem(value: unknown): string | undefined {
  const problems: string[][] = [];
  if (value !== undefined) DYNAMO_VERSION(value, '', problems);
  return problems[0]?.[1];
}

const SETTINGS: PropsShape<PlatformSettings> = {
  dynamoVersion: DYNAMO_VERSION,
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

/** PlatformSettings as a prop of a construct or component. */
export const settingsShape: Check = fields(SETTINGS);

/** Problems of `value` as PlatformSettings, with paths under `base` (`settings.lwsAvailable`). */
export function settingsProblems(value: unknown, base = ''): Problem[] {
  const found: string[][] = [];
  fields(SETTINGS)(value, base, found);
  return found.map(([path, message]) => ({ path, message, severity: 'error' }));
}
