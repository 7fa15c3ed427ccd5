/**
 * Graphs that render the kinds the example app does not (yet): an EPP with an inline config
 * (ConfigMap + InferencePool) and an Istio VirtualService instead of an Ingress.
 */
import { resolveSettings } from '../../src/api/settings';
import { renderManifest } from '../../src/pipeline/render-manifest';
import { ServerObject } from './kube';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1';
const main = (args: string[] = []) => ({
  spec: { containers: [{ name: 'main', image: IMAGE, ...(args.length ? { args } : {}) }] },
});

function render(manifest: object, settings: object): ServerObject[] {
  const out = renderManifest(manifest, resolveSettings(settings));
  if (out.objects.length === 0) throw new Error(`extra graph did not render: ${JSON.stringify(out.problems)}`);
  return out.objects as ServerObject[];
}

export function extraCharts(namespace: string): { chart: string; objects: ServerObject[] }[] {
  const graph = (name: string, components: object[]) => ({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name, namespace },
    spec: { backendFramework: 'vllm', components },
  });
  return [
    {
      chart: 'extra-epp-inference-pool',
      objects: render(
        graph('vllm-epp', [
          { name: 'Frontend', type: 'frontend', replicas: 1, podTemplate: main() },
          {
            name: 'Epp',
            type: 'epp',
            replicas: 1,
            eppConfig: { config: { plugins: [{ type: 'kv-cache-scorer' }] } },
            podTemplate: main(),
          },
          {
            name: 'Worker',
            type: 'worker',
            replicas: 1,
            podTemplate: main(['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B']),
          },
        ]),
        { discoveryBackend: 'kubernetes' },
      ),
    },
    {
      chart: 'extra-istio-virtual-service',
      objects: render(
        graph('vllm-istio', [
          { name: 'Frontend', type: 'frontend', replicas: 1, podTemplate: main() },
          {
            name: 'Worker',
            type: 'worker',
            replicas: 1,
            podTemplate: main(['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B']),
          },
        ]),
        { ingress: { virtualServiceGateway: 'istio-system/gateway', hostSuffix: 'example.com' } },
      ),
    },
  ];
}
