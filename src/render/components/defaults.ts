/**
 * What a component type contributes before user overrides: the main container
 * (command, args, ports, probes), its type-specific env, pod-level defaults and
 * the port its Service exposes. One file per type decides these; nothing else does.
 */
import { Container, EnvVar, JsonObject } from '../../api/k8s-types';

export interface ServicePortSpec {
  readonly name: string;
  readonly port: number;
  readonly targetPort: number | string;
  readonly appProtocol?: string;
}

export interface ComponentDefaults {
  /** Main container defaults, without env (env is merged separately, by name). */
  readonly container: Container;
  /** Type-specific env, merged over the common env. */
  readonly env: EnvVar[];
  readonly terminationGracePeriodSeconds: number;
  readonly serviceAccountName?: string;
  readonly servicePort: ServicePortSpec;
  /** Extra pod volumes and main-container mounts the type needs (EPP config, caches). */
  readonly volumes: JsonObject[];
  readonly volumeMounts: JsonObject[];
}

export interface DefaultsContext {
  readonly graphName: string;
  readonly namespace: string;
  readonly dynamoNamespace: string;
  /** ConfigMap and key the EPP reads its config from. */
  readonly eppConfig: { readonly name: string; readonly key: string };
}

export const tcpPort = (name: string, containerPort: number) => ({ name, containerPort, protocol: 'TCP' });

export function httpProbe(path: string, port: string, timing: ProbeTiming): JsonObject {
  return { httpGet: { path, port }, ...timing };
}

export function grpcProbe(port: number, service: string, timing: ProbeTiming): JsonObject {
  return { grpc: { port, service }, ...timing };
}

export interface ProbeTiming {
  readonly initialDelaySeconds?: number;
  readonly periodSeconds?: number;
  readonly timeoutSeconds?: number;
  readonly failureThreshold?: number;
}

/**
 * Upstream's base main container runs `/bin/sh -c`, so a command given only as args runs as a
 * script; the user's command replaces it, and the frontend and EPP have their own.
 */
export const BASE_COMMAND: readonly string[] = ['/bin/sh', '-c'];

/** The port every non-frontend Dynamo process serves health and metrics on. */
export const SYSTEM_PORT = 9090;
export const FRONTEND_HTTP_PORT = 8000;
export const DEFAULT_GRACE_PERIOD_SECONDS = 60;

export const systemServicePort: ServicePortSpec = { name: 'system', port: SYSTEM_PORT, targetPort: 'system' };
