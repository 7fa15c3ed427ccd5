import { envValue } from '../env';
import { EPP_SERVICE_ACCOUNT, inferencePoolName } from '../naming';
import { ComponentDefaults, DefaultsContext, grpcProbe, tcpPort } from './defaults';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';

export const EPP_GRPC_PORT = 9002;
export const EPP_GRPC_HEALTH_PORT = 9003;
const EPP_METRICS_PORT = 9090;
const EPP_HEALTH_SERVICE = 'inference-extension';
const EPP_CONFIG_DIR = '/etc/epp';

/** The endpoint picker of the Gateway API Inference Extension. */
export function eppDefaults(ctx: DefaultsContext): ComponentDefaults {
  return {
    container: {
      name: MAIN_CONTAINER_NAME,
      // No command: the image's entrypoint is the picker (an empty list would be dropped by the API server anyway).
      args: [
        '-pool-name',
        inferencePoolName(ctx.graphName),
        '-pool-namespace',
        ctx.namespace,
        '-pool-group',
        'inference.networking.k8s.io',
        '-v',
        '4',
        '--zap-encoder',
        'json',
        '-grpc-port',
        String(EPP_GRPC_PORT),
        '-grpc-health-port',
        String(EPP_GRPC_HEALTH_PORT),
        '-config-file',
        `${EPP_CONFIG_DIR}/${ctx.eppConfig.key}`,
      ],
      ports: [
        tcpPort('grpc', EPP_GRPC_PORT),
        tcpPort('grpc-health', EPP_GRPC_HEALTH_PORT),
        tcpPort('metrics', EPP_METRICS_PORT),
      ],
      livenessProbe: grpcProbe(EPP_GRPC_HEALTH_PORT, EPP_HEALTH_SERVICE, { initialDelaySeconds: 5, periodSeconds: 10 }),
      readinessProbe: grpcProbe(EPP_GRPC_HEALTH_PORT, EPP_HEALTH_SERVICE, {
        initialDelaySeconds: 5,
        periodSeconds: 10,
      }),
      startupProbe: grpcProbe(EPP_GRPC_HEALTH_PORT, EPP_HEALTH_SERVICE, { periodSeconds: 10, failureThreshold: 180 }),
    },
    env: [
      envValue('USE_STREAMING', 'true'),
      envValue('RUST_LOG', 'debug,dynamo_llm::kv_router=trace'),
      envValue('NVIDIA_VISIBLE_DEVICES', 'void'),
    ],
    terminationGracePeriodSeconds: 130,
    serviceAccountName: EPP_SERVICE_ACCOUNT,
    servicePort: { name: 'grpc', port: EPP_GRPC_PORT, targetPort: EPP_GRPC_PORT, appProtocol: 'http2' },
    volumes: [
      {
        name: 'epp-config',
        configMap: { name: ctx.eppConfig.name, items: [{ key: ctx.eppConfig.key, path: ctx.eppConfig.key }] },
      },
      { name: 'hf-cache', emptyDir: {} },
    ],
    volumeMounts: [
      { name: 'epp-config', mountPath: EPP_CONFIG_DIR, readOnly: true },
      { name: 'hf-cache', mountPath: '/home/nonroot/.cache' },
    ],
  };
}
