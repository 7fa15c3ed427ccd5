import { ComponentDefaults, DEFAULT_GRACE_PERIOD_SECONDS, systemServicePort } from './defaults';

/** Any other component type: no command, ports or probes of its own. */
export function genericDefaults(): ComponentDefaults {
  return {
    container: { name: 'main' },
    env: [],
    terminationGracePeriodSeconds: DEFAULT_GRACE_PERIOD_SECONDS,
    servicePort: systemServicePort,
    volumes: [],
    volumeMounts: [],
  };
}
