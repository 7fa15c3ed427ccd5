import { BASE_COMMAND, ComponentDefaults, DEFAULT_GRACE_PERIOD_SECONDS, systemServicePort } from './defaults';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';

/** Any other component type: the base command, no ports or probes of its own. */
export function genericDefaults(): ComponentDefaults {
  return {
    container: { name: MAIN_CONTAINER_NAME, command: [...BASE_COMMAND] },
    env: [],
    terminationGracePeriodSeconds: DEFAULT_GRACE_PERIOD_SECONDS,
    servicePort: systemServicePort,
    volumes: [],
    volumeMounts: [],
  };
}
