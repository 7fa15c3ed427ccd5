/**
 * The operator's settings: flags (`dynamo-iac operator --scope namespace ...`) over environment
 * variables over defaults. Durations are in milliseconds inside, so tests can shorten them.
 */
import * as os from 'os';
import { DEFAULT_SETTINGS } from '../api/settings';
import { packageVersion } from '../package-version';
import { DEFAULT_MODEL_ENDPOINTS, ModelEndpointConfig, parseEndpointPort } from './controllers/models/endpoint-config';
import { LeaderElectionConfig } from './runtime/leader-election';
import { LeaseTimings, NAMESPACE_SCOPE_LEASE } from './runtime/leases';

export type Scope = 'cluster' | 'namespace';

export interface OperatorConfig {
  /** The kubeconfig file and context (`--kubeconfig`, `--context`); unset: KUBECONFIG, in-cluster, ~/.kube/config. */
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly scope: Scope;
  /** The namespace watched in namespace scope; where the operator runs. */
  readonly namespace: string;
  /** This replica's name (the pod name in a cluster): leader-election holder identity. */
  readonly identity: string;
  /** The pod's ServiceAccount, for the lease's principal annotation (downward API). */
  readonly serviceAccount?: string;
  /** Upstream's namespace-scope lease holder identity carries the operator version. */
  readonly version: string;
  readonly namespaceLease: LeaseTimings;
  readonly leaderElection: LeaderElectionConfig;
  /** `/metrics`, `/healthz`, `/readyz`; 0 = a free port (tests). */
  readonly httpPort: number;
  readonly workers: number;
  /** DynamoModel controller: how to reach the workers' LoRA API. */
  readonly models: ModelEndpointConfig;
  /** Where checkpoint Jobs put artifacts (must match the graphs' `checkpointStorage` setting). */
  readonly checkpointStorage: { readonly pvcName: string; readonly basePath: string };
  /** Scale to zero's activator (`--activator-port`); absent: off (docs/scale-to-zero.md). */
  readonly activator?: ActivatorConfig;
}

export interface ActivatorConfig {
  /** 0 = a free port (tests). */
  readonly port: number;
  readonly host?: string;
  /** How often a held graph's frontend is asked for its models, ms. */
  readonly pollMs?: number;
  /** Where a graph's frontend answers; default its Service's cluster DNS name (tests: a loopback stand-in). */
  readonly frontendUrl?: (namespace: string, service: string, port: number) => string;
  /** Told the bound port once the activator listens (tests). */
  readonly onListening?: (port: number) => void;
}

export const LEADER_ELECTION_LEASE_NAME = 'dynamo-iac-operator-leader';

export function defaultConfig(env: NodeJS.ProcessEnv = process.env): OperatorConfig {
  const namespace = env.POD_NAMESPACE || 'default';
  return {
    scope: 'cluster',
    namespace,
    identity: env.POD_NAME || os.hostname(),
    serviceAccount: env.POD_SERVICE_ACCOUNT || undefined,
    version: packageVersion('0.0.0'),
    namespaceLease: NAMESPACE_SCOPE_LEASE,
    leaderElection: {
      enabled: true,
      leaseName: LEADER_ELECTION_LEASE_NAME,
      namespace,
      durationMs: 15_000,
      retryPeriodMs: 2_000,
    },
    httpPort: 8080,
    workers: 4,
    models: DEFAULT_MODEL_ENDPOINTS,
    checkpointStorage: { ...DEFAULT_SETTINGS.checkpointStorage },
  };
}

/** Every flag `dynamo-iac operator` takes (the CLI's command table lists each with its help; a test holds the two together). */
export const OPERATOR_FLAGS = [
  'kubeconfig',
  'context',
  'scope',
  'namespace',
  'identity',
  'http-port',
  'leader-elect',
  'lease-duration',
  'lease-renew-interval',
  'model-endpoint-port',
  'checkpoint-pvc-name',
  'checkpoint-base-path',
  'activator-port',
] as const;

/** Flags of `dynamo-iac operator`; throws with a usage message on a bad value. */
export function parseOperatorArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): OperatorConfig {
  const base = defaultConfig(env);
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`unexpected argument ${JSON.stringify(argv[i])}`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) throw new Error(`--${m[1]} needs a value`);
    flags.set(m[1], value);
  }
  for (const k of flags.keys())
    if (!(OPERATOR_FLAGS as readonly string[]).includes(k)) throw new Error(`unknown flag --${k}`);
  const scope = flags.get('scope') ?? 'cluster';
  if (scope !== 'cluster' && scope !== 'namespace')
    throw new Error(`--scope must be cluster or namespace, got ${JSON.stringify(scope)}`);
  const namespace = flags.get('namespace') ?? base.namespace;
  const namespaceLease = {
    durationMs: seconds(flags.get('lease-duration'), NAMESPACE_SCOPE_LEASE.durationMs, 'lease-duration'),
    renewIntervalMs: seconds(
      flags.get('lease-renew-interval'),
      NAMESPACE_SCOPE_LEASE.renewIntervalMs,
      'lease-renew-interval',
    ),
  };
  // Upstream refuses to start with a renew interval that cannot keep the lease alive.
  if (namespaceLease.renewIntervalMs <= 0 || namespaceLease.renewIntervalMs >= namespaceLease.durationMs) {
    throw new Error('--lease-renew-interval must be > 0 and < --lease-duration');
  }
  const port = Number(flags.get('http-port') ?? base.httpPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--http-port must be a port number, got ${flags.get('http-port')}`);
  const leaderElect = flags.get('leader-elect') ?? 'true';
  if (leaderElect !== 'true' && leaderElect !== 'false') throw new Error('--leader-elect must be true or false');
  const endpointPort = flags.get('model-endpoint-port');
  const activatorPort = flags.get('activator-port');
  const activator = activatorPort === undefined ? undefined : { port: portNumber(activatorPort, 'activator-port') };
  const basePath = flags.get('checkpoint-base-path') ?? base.checkpointStorage.basePath;
  if (!basePath.startsWith('/'))
    throw new Error(`--checkpoint-base-path must be an absolute path, got ${JSON.stringify(basePath)}`);
  return {
    ...base,
    kubeconfig: flags.get('kubeconfig'),
    context: flags.get('context'),
    checkpointStorage: { pvcName: flags.get('checkpoint-pvc-name') ?? base.checkpointStorage.pvcName, basePath },
    scope,
    namespace,
    identity: flags.get('identity') ?? base.identity,
    namespaceLease,
    leaderElection: { ...base.leaderElection, enabled: leaderElect === 'true', namespace },
    httpPort: port,
    models: { ...base.models, port: endpointPort === undefined ? base.models.port : parseEndpointPort(endpointPort) },
    ...(activator ? { activator } : {}),
  };
}

function portNumber(text: string, flag: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65535) throw new Error(`--${flag} must be a port number, got ${text}`);
  return port;
}

/** `30s`, `1m`, or a plain number of seconds. */
function seconds(text: string | undefined, fallbackMs: number, flag: string): number {
  if (text === undefined) return fallbackMs;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text);
  if (!m) throw new Error(`--${flag} must be a duration like 30s, got ${JSON.stringify(text)}`);
  const n = Number(m[1]);
  return m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000;
}
