import { envValue } from '../env';
import { PLANNER_SERVICE_ACCOUNT } from '../naming';
import {
  BASE_COMMAND,
  ComponentDefaults,
  DEFAULT_GRACE_PERIOD_SECONDS,
  SYSTEM_PORT,
  systemServicePort,
  tcpPort,
} from './defaults';
import { systemProbes } from './worker';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';

export const PLANNER_METRICS_PORT = 9085;

/** The SLA planner: scales workers, so it runs under the fixed planner ServiceAccount. */
export function plannerDefaults(): ComponentDefaults {
  return {
    container: {
      name: MAIN_CONTAINER_NAME,
      command: [...BASE_COMMAND],
      ports: [tcpPort('metrics', PLANNER_METRICS_PORT), tcpPort('system', SYSTEM_PORT)],
      ...systemProbes(),
    },
    env: [
      envValue('PLANNER_PROMETHEUS_PORT', String(PLANNER_METRICS_PORT)),
      envValue('DYN_SYSTEM_PORT', String(SYSTEM_PORT)),
    ],
    terminationGracePeriodSeconds: DEFAULT_GRACE_PERIOD_SECONDS,
    serviceAccountName: PLANNER_SERVICE_ACCOUNT,
    servicePort: systemServicePort,
    volumes: [],
    volumeMounts: [],
  };
}
