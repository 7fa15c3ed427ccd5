/** Service, Ingress and Istio VirtualService of a component. */
import { ingressHost, IngressModel } from '../api/model';
import { KubeObject } from '../api/k8s-types';
import { ComponentContext } from './context';
import { defaultsFor } from './components';
import { FRONTEND_HTTP_PORT } from './components/defaults';
import { LABEL } from './labels';
import { compact, mergeMaps } from './merge';
import { serviceNameOf } from './naming';
import { defaultsContext, discoveryLabels } from './pod';
import { workloadMetadata } from './workload';
import { generationAnnotations, generationLabels } from './worker-generation';

/**
 * Frontends always get a Service; other components only when Kubernetes discovery is on.
 * `extraSelector` narrows it (LWS: leaders only, the pods that serve).
 */
export function renderService(
  cc: ComponentContext,
  extraSelector: Record<string, string> = {},
): KubeObject | undefined {
  const type = cc.component.type;
  if (type !== 'frontend' && !cc.kubernetesDiscovery) return undefined;
  const port = defaultsFor(type, defaultsContext(cc)).servicePort;
  const meta = workloadMetadata(cc);
  const labels = cc.kubernetesDiscovery ? mergeMaps(meta.labels, discoveryLabels()) : meta.labels;
  const selector: Record<string, string> = {
    [LABEL.dynamoNamespace]: cc.dynamoNamespace,
    [LABEL.component]: cc.component.name,
  };
  if (type) selector[LABEL.componentType] = type;
  Object.assign(selector, extraSelector);
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: compact({ ...meta, name: serviceNameOf(cc.objectName), labels }),
    spec: {
      selector,
      ports: [
        compact({
          name: port.name,
          port: port.port,
          targetPort: port.targetPort,
          protocol: 'TCP',
          appProtocol: port.appProtocol,
        }),
      ],
    },
  };
}

/** The component's ingress: its own, or for a frontend without one the platform default. */
export function effectiveIngress(cc: ComponentContext): IngressModel | undefined {
  if (cc.component.ingress) return cc.component.ingress;
  if (cc.component.type !== 'frontend' || cc.graph.kind !== 'DynamoGraphDeployment') return undefined;
  const d = cc.settings.ingress;
  if (!d.controllerClassName && !d.virtualServiceGateway) return undefined;
  return {
    enabled: true,
    host: cc.graph.name,
    hostSuffix: d.hostSuffix,
    ingressControllerClassName: d.controllerClassName,
    virtualServiceGateway: d.virtualServiceGateway,
    useVirtualService: Boolean(d.virtualServiceGateway),
    tlsSecretName: d.tlsSecretName,
  };
}

const hostOf = ingressHost;

export function renderIngress(cc: ComponentContext): KubeObject | undefined {
  const ing = effectiveIngress(cc);
  if (!ing?.enabled || !ing.ingressControllerClassName || !ing.host) return undefined;
  const host = hostOf(ing);
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: compact({
      name: cc.objectName,
      namespace: cc.graph.namespace,
      labels: mergeMaps(ing.labels, generationMetadata(cc).labels),
      annotations: mergeMaps(ing.annotations, generationMetadata(cc).annotations),
    }),
    spec: compact({
      ingressClassName: ing.ingressControllerClassName,
      rules: [
        {
          host,
          http: {
            paths: [
              {
                path: '/',
                pathType: 'Prefix',
                backend: { service: { name: serviceNameOf(cc.objectName), port: { number: FRONTEND_HTTP_PORT } } },
              },
            ],
          },
        },
      ],
      tls: ing.tlsSecretName ? [{ hosts: [host], secretName: ing.tlsSecretName }] : undefined,
    }),
  };
}

export function renderVirtualService(cc: ComponentContext): KubeObject | undefined {
  const ing = effectiveIngress(cc);
  if (!ing?.enabled || !ing.useVirtualService || !ing.virtualServiceGateway || !ing.host) return undefined;
  return {
    apiVersion: 'networking.istio.io/v1beta1',
    kind: 'VirtualService',
    metadata: compact({ name: cc.objectName, namespace: cc.graph.namespace, ...generationMetadata(cc) }),
    spec: {
      hosts: [hostOf(ing)],
      gateways: [ing.virtualServiceGateway],
      http: [
        {
          match: [{ uri: { prefix: '/' } }],
          route: [{ destination: { host: serviceNameOf(cc.objectName), port: { number: FRONTEND_HTTP_PORT } } }],
        },
      ],
    },
  };
}

/** A worker generation's ingress objects are retired with it: its labels, and its prune opt-outs in `operator` mode. */
function generationMetadata(cc: ComponentContext): {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
} {
  const g = cc.workerGeneration;
  if (!g) return {};
  return { labels: generationLabels(cc.graph.name, cc.component.name, g), annotations: generationAnnotations(g) };
}
