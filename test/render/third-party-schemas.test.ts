/**
 * Third-party kinds we render, checked against their published schemas where a registry package
 * ships them: Prometheus Operator ServiceMonitor (@kubernetes-models/prometheus-operator) and
 * Istio VirtualService (@kubernetes-models/istio). Every such object of the example app, the
 * platform with monitoring, and graphs that route through Istio. (The cluster tests apply the
 * same kinds to stand-in CRDs with open schemas, which cannot catch a wrong field.)
 */
import type { VirtualService } from '@kubernetes-models/istio/networking.istio.io/v1beta1/VirtualService';
import type { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { Testing } from 'cdk8s';
import { buildExampleApp } from '../../examples/app';
import { resolveSettings } from '../../src/api';
import { requireEsmFile } from '../../src/api/esm-package';
import { KubeObject } from '../../src/api/k8s-types';
import { renderManifest } from '../../src/pipeline/render-manifest';
import { renderPlatform } from '../../src/platform/platform';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1';

const { VirtualService: VirtualServiceModel } = requireEsmFile<{ VirtualService: typeof VirtualService }>(
  '@kubernetes-models/istio',
  'networking.istio.io/v1beta1/VirtualService.js',
);
const { ServiceMonitor: ServiceMonitorModel } = requireEsmFile<{ ServiceMonitor: typeof ServiceMonitor }>(
  '@kubernetes-models/prometheus-operator',
  'monitoring.coreos.com/v1/ServiceMonitor.js',
);

/** The published validator per apiVersion/kind; undefined for kinds no package ships. */
const VALIDATORS: Record<string, (o: KubeObject) => void> = {
  'monitoring.coreos.com/v1/ServiceMonitor': (o) => new ServiceMonitorModel(o as any).validate(),
  'networking.istio.io/v1beta1/VirtualService': (o) => new VirtualServiceModel(o as any).validate(),
};

function schemaErrors(o: KubeObject): string | undefined {
  try {
    VALIDATORS[`${o.apiVersion}/${o.kind}`](o);
    return undefined;
  } catch (e) {
    return `${o.kind} ${o.metadata.name}: ${(e as Error).message}`;
  }
}

function rendered(manifest: object, settings: object = {}): KubeObject[] {
  const out = renderManifest(manifest, resolveSettings(settings));
  expect(out.problems).toEqual([]);
  return out.objects;
}

const main = { spec: { containers: [{ name: 'main', image: IMAGE }] } };
const istioGraphs = [
  // Every frontend routed through Istio by the platform settings.
  rendered(
    {
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'istio-beta', namespace: 'ns' },
      spec: { backendFramework: 'vllm', components: [{ name: 'Frontend', type: 'frontend', podTemplate: main }] },
    },
    { ingress: { virtualServiceGateway: 'istio-system/gateway', hostSuffix: 'example.com' } },
  ),
  // A v1alpha1 service that asks for a VirtualService itself.
  rendered({
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'istio-alpha', namespace: 'ns' },
    spec: {
      backendFramework: 'vllm',
      services: {
        Frontend: {
          componentType: 'frontend',
          extraPodSpec: { mainContainer: { image: IMAGE } },
          ingress: {
            enabled: true,
            host: 'llm',
            hostSuffix: 'example.com',
            useVirtualService: true,
            virtualServiceGateway: 'istio-system/gw',
          },
        },
      },
    },
  }),
].flat();

const exampleApp = buildExampleApp(Testing.app()).charts.flatMap((c) => Testing.synth(c) as KubeObject[]);
const platform = renderPlatform({ namespace: 'dynamo-system', version: '1.2.3', monitoring: true, crds: false });
const all = [...exampleApp, ...platform, ...istioGraphs];
const checked = all.filter((o) => VALIDATORS[`${o.apiVersion}/${o.kind}`]);

test('there is something to check: ServiceMonitors and VirtualServices are rendered', () => {
  expect(checked.filter((o) => o.kind === 'ServiceMonitor').length).toBeGreaterThan(0);
  expect(checked.filter((o) => o.kind === 'VirtualService').length).toBeGreaterThanOrEqual(2);
});

test('every rendered ServiceMonitor and VirtualService passes its published schema', () => {
  expect(checked.map(schemaErrors).filter((e) => e !== undefined)).toEqual([]);
});

test('the validators do reject a wrong field value (so the check above means something)', () => {
  const vs = structuredClone(checked.find((o) => o.kind === 'VirtualService')!);
  (vs.spec as any).hosts = 'llm.example.com';
  expect(schemaErrors(vs)).toMatch(/spec\/hosts must be array/);
  const sm = structuredClone(checked.find((o) => o.kind === 'ServiceMonitor')!);
  (sm.spec as any).endpoints[0].interval = '15 seconds';
  expect(schemaErrors(sm)).toMatch(/interval must match pattern/);
});
