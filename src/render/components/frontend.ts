import { envValue } from '../env';
import {
  ComponentDefaults,
  DEFAULT_GRACE_PERIOD_SECONDS,
  DefaultsContext,
  FRONTEND_HTTP_PORT,
  httpProbe,
  tcpPort,
} from './defaults';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';

/** The OpenAI-compatible HTTP frontend. Also the template for the frontend sidecar. */
export function frontendDefaults(ctx: DefaultsContext): ComponentDefaults {
  return {
    container: {
      name: MAIN_CONTAINER_NAME,
      command: ['python3'],
      args: ['-m', 'dynamo.frontend'],
      ports: [tcpPort('http', FRONTEND_HTTP_PORT)],
      livenessProbe: httpProbe('/live', 'http', {
        initialDelaySeconds: 15,
        periodSeconds: 10,
        timeoutSeconds: 1,
        failureThreshold: 3,
      }),
      readinessProbe: httpProbe('/health', 'http', {
        initialDelaySeconds: 10,
        periodSeconds: 10,
        timeoutSeconds: 3,
        failureThreshold: 3,
      }),
    },
    env: [
      envValue('DYNAMO_PORT', String(FRONTEND_HTTP_PORT)),
      envValue('DYN_HTTP_PORT', String(FRONTEND_HTTP_PORT)),
      envValue('DYN_NAMESPACE_PREFIX', ctx.dynamoNamespace),
    ],
    terminationGracePeriodSeconds: DEFAULT_GRACE_PERIOD_SECONDS,
    servicePort: { name: 'http', port: FRONTEND_HTTP_PORT, targetPort: 'http' },
    volumes: [],
    volumeMounts: [],
  };
}
