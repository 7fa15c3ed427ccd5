import { envValue } from '../env';
import {
  BASE_COMMAND,
  ComponentDefaults,
  DEFAULT_GRACE_PERIOD_SECONDS,
  SYSTEM_PORT,
  httpProbe,
  systemServicePort,
  tcpPort,
} from './defaults';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';

export const NIXL_TELEMETRY_PORT = 19090;
/** Where a worker publishes its forward-pass metrics (upstream's base port; failover engines count up from it). */
export const FORWARDPASS_METRIC_PORT = 20380;

/** Probes shared by workers and the planner: both serve /live and /health on the system port. */
export function systemProbes() {
  return {
    livenessProbe: httpProbe('/live', 'system', { periodSeconds: 5, timeoutSeconds: 4, failureThreshold: 1 }),
    readinessProbe: httpProbe('/health', 'system', { periodSeconds: 10, timeoutSeconds: 4, failureThreshold: 3 }),
    // Model loading can take long: up to 720 x 10 s before liveness applies.
    startupProbe: httpProbe('/live', 'system', { periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 720 }),
  };
}

/** worker, prefill and decode: the engine processes. The user gives command and args. */
export function workerDefaults(): ComponentDefaults {
  return {
    container: {
      name: MAIN_CONTAINER_NAME,
      command: [...BASE_COMMAND],
      ports: [tcpPort('system', SYSTEM_PORT), tcpPort('nixl', NIXL_TELEMETRY_PORT)],
      ...systemProbes(),
    },
    env: [
      envValue('DYN_SYSTEM_ENABLED', 'true'),
      envValue('DYN_SYSTEM_PORT', String(SYSTEM_PORT)),
      envValue('DYN_SYSTEM_USE_ENDPOINT_HEALTH_STATUS', '["generate"]'),
      envValue('DYN_HEALTH_CHECK_ENABLED', 'false'),
      envValue('NIXL_TELEMETRY_ENABLE', 'n'),
      envValue('NIXL_TELEMETRY_EXPORTER', 'prometheus'),
      envValue('NIXL_TELEMETRY_PROMETHEUS_PORT', String(NIXL_TELEMETRY_PORT)),
      envValue('DYN_FORWARDPASS_METRIC_PORT', String(FORWARDPASS_METRIC_PORT)),
    ],
    terminationGracePeriodSeconds: DEFAULT_GRACE_PERIOD_SECONDS,
    servicePort: systemServicePort,
    volumes: [],
    volumeMounts: [],
  };
}
