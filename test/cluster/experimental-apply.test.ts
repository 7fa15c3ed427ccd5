/**
 * The objects issue 19's fields add (the GMS ResourceClaimTemplate, claims, sidecars, failover
 * engines, the topology Downward API volume, Grove priority class and topology names), applied
 * as Flux applies them: server-side apply as `kustomize-controller`. Every field we set reads
 * back unchanged, Flux is the only manager, and applying again changes nothing.
 */
import { resolveSettings } from '../../src/api/settings';
import { crdManifests } from '../../src/crds';
import { renderManifest } from '../../src/pipeline/render-manifest';
import { thirdPartyCrds } from './crds/third-party';
import { FLUX_FIELD_MANAGER, KubeClient, ServerObject, testNamespace } from './kube';
import { lostOrChanged } from './read-back';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1';
const ARGS = ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B'];
let kube: KubeClient;
let ns: string;

beforeAll(async () => {
  ({ kube, ns } = await testNamespace('experimental', [...crdManifests(), ...thirdPartyCrds()] as ServerObject[]));
});

const frontend = {
  name: 'Frontend',
  type: 'frontend',
  podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
};
const worker = (name: string, over: object = {}) => ({
  name,
  type: 'worker',
  replicas: 1,
  podTemplate: {
    spec: {
      containers: [
        {
          name: 'main',
          image: IMAGE,
          command: ['python3'],
          args: ARGS,
          resources: { limits: { 'nvidia.com/gpu': '2' } },
        },
        { name: 'loader', image: IMAGE, command: ['sleep', 'infinity'] },
      ],
    },
  },
  experimental: { gpuMemoryService: { extraClientContainers: ['loader'] }, failover: {} },
  ...over,
});
const graph = (name: string, spec: object) => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name, namespace: ns, annotations: { 'nvidia.com/dynamo-kube-discovery-mode': 'container' } },
  spec: { backendFramework: 'vllm', ...spec },
});

function render(doc: object, settings: object): ServerObject[] {
  const out = renderManifest(doc, resolveSettings({ discoveryBackend: 'kubernetes', ...settings }));
  expect(out.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return out.objects as ServerObject[];
}

const cases: [string, () => ServerObject[]][] = [
  [
    'GMS + failover + kvTransferPolicy on Deployments',
    () =>
      render(
        graph('exp-deploy', {
          components: [frontend, worker('Decode'), worker('Prefill', { type: 'prefill' })],
          experimental: {
            kvTransferPolicy: {
              labelKey: 'topology.kubernetes.io/zone',
              domain: 'zone',
              enforcement: 'preferred',
              preferredWeight: 0.25,
            },
          },
        }),
        {},
      ),
  ],
  [
    'GMS + failover on a multinode LeaderWorkerSet',
    () =>
      render(
        graph('exp-lws', {
          components: [frontend, worker('Worker', { multinode: { nodeCount: 2 } })],
        }),
        { lwsAvailable: true },
      ),
  ],
  [
    'Grove: priority class, topology names, minAvailable, GMS',
    () =>
      render(
        graph('exp-grove', {
          priorityClassName: 'inference-high',
          topologyConstraint: { clusterTopologyName: 'dc-topology', packDomain: 'zone' },
          components: [
            frontend,
            worker('Worker', {
              replicas: 2,
              minAvailable: 2,
              topologyConstraint: { packDomain: 'rack' },
              experimental: { gpuMemoryService: {} },
            }),
          ],
        }),
        { groveAvailable: true },
      ),
  ],
];

describe.each(cases)('%s', (_name, objects) => {
  const rendered = objects();
  const versions = new Map<string, string>();
  const id = (o: ServerObject) => `${o.kind}/${o.metadata.name}`;

  test('renders the objects under test', () => {
    expect(rendered.some((o) => o.kind === 'ResourceClaimTemplate')).toBe(true);
  });

  test('server-side apply keeps every field we set; Flux is the only manager', async () => {
    const problems: string[] = [];
    for (const o of rendered) {
      const applied = await kube.apply(o);
      versions.set(id(o), String((applied.metadata as any).resourceVersion));
      const read = await kube.get(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace);
      problems.push(...lostOrChanged(o, read).map((p) => `${id(o)}: ${p}`));
      const managers = ((read?.metadata as any)?.managedFields ?? []).map((m: any) => `${m.manager}/${m.operation}`);
      if (managers.some((m: string) => m !== `${FLUX_FIELD_MANAGER}/Apply`))
        problems.push(`${id(o)}: managers ${managers.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  test('applying again changes nothing', async () => {
    const changed: string[] = [];
    for (const o of rendered) {
      const again = await kube.apply(o);
      if (String((again.metadata as any).resourceVersion) !== versions.get(id(o))) changed.push(id(o));
    }
    expect(changed).toEqual([]);
  });
});
