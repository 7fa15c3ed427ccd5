/**
 * Dynamo 1.7 graphs on the real API server, with exactly 1.7's CRD set installed: a worker that
 * restores from a PodSnapshot (`checkpointRef`, the Snapshot project's kind since upstream dropped
 * DynamoCheckpoint) and a vLLM multinode worker on a LeaderWorkerSet (no Volcano, the `mp`
 * executor of graphs created from 1.7). Each renders for `dynamoVersion: '1.7'`, every rendered
 * object is accepted by server-side apply and reads back unchanged. The v1beta2 request is
 * deployment-request.test.ts's; the search records are search-records.test.ts's.
 */
import { resolveSettings } from '../../src/api/settings';
import { releaseCrdManifests } from '../../src/platform/release-crds';
import { renderManifest } from '../../src/pipeline/render-manifest';
import { ANNOTATION } from '../../src/render/labels';
import { thirdPartyCrds } from './crds/third-party';
import { KubeClient, ServerObject, testNamespace } from './kube';
import { lostOrChanged } from './read-back';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.7.0';
let kube: KubeClient;
let ns: string;

beforeAll(async () => {
  ({ kube, ns } = await testNamespace('release-17', [
    ...releaseCrdManifests('1.7'),
    ...thirdPartyCrds(),
  ] as ServerObject[]));
});

const main = (over: object = {}) => ({ name: 'main', image: IMAGE, ...over });
const frontend = { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [main()] } } };
const graph = (name: string, worker: object, args: string[] = []) => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name, namespace: ns },
  spec: {
    backendFramework: 'vllm',
    components: [
      frontend,
      {
        name: 'Worker',
        type: 'worker',
        replicas: 1,
        podTemplate: {
          spec: {
            containers: [
              main({
                command: ['python3', '-m', 'dynamo.vllm'],
                args: ['--model', 'Qwen/Qwen3-0.6B', ...args],
                resources: { limits: { 'nvidia.com/gpu': '2' } },
              }),
            ],
          },
        },
        ...worker,
      },
    ],
  },
});

function render(doc: object, settings: object = {}) {
  const out = renderManifest(doc, resolveSettings({ dynamoVersion: '1.7', ...settings }));
  expect(out.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return { objects: out.objects as ServerObject[], warnings: out.problems.map((p) => `${p.path}: ${p.message}`) };
}

async function applyAll(objects: ServerObject[]): Promise<string[]> {
  const problems: string[] = [];
  for (const o of objects) {
    await kube.apply(o);
    const read = await kube.get(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace);
    problems.push(...lostOrChanged(o, read).map((p) => `${o.kind}/${o.metadata.name}: ${p}`));
  }
  return problems;
}

const podTemplates = (set: any) => [
  set.spec.leaderWorkerTemplate.leaderTemplate,
  set.spec.leaderWorkerTemplate.workerTemplate,
];

test('a worker restoring from a PodSnapshot renders with a warning and is accepted', async () => {
  const { objects, warnings } = render(
    graph('snapshot-17', { experimental: { checkpoint: { enabled: true, checkpointRef: 'qwen-snapshot' } } }),
  );
  expect(warnings.some((w) => w.includes('PodSnapshot'))).toBe(true);
  expect(objects.map((o) => o.kind)).not.toContain('DynamoCheckpoint');
  // Stamped as upstream's 1.7 webhook stamps a new graph.
  const record: any = objects.find((o) => o.kind === 'DynamoGraphDeployment');
  expect(record.metadata.annotations[ANNOTATION.operatorOriginVersion]).toBe('1.7.0');
  expect(await applyAll(objects)).toEqual([]);
});

test('a vLLM multinode worker renders one LeaderWorkerSet without Volcano, on mp, and is accepted', async () => {
  // Tensor parallel 4 over two nodes of 2 GPUs: the engine spans both nodes.
  const { objects } = render(graph('multinode-17', { multinode: { nodeCount: 2 } }, ['--tensor-parallel-size', '4']), {
    lwsAvailable: true,
  });
  const sets = objects.filter((o) => o.kind === 'LeaderWorkerSet');
  expect(sets).toHaveLength(1);
  for (const t of podTemplates(sets[0])) {
    expect(t.spec.schedulerName).toBeUndefined();
    const line = JSON.stringify(t.spec.containers[0].args);
    expect(line).toContain('"--distributed-executor-backend","mp"');
    expect(line).not.toContain('ray');
  }
  expect(objects.some((o) => o.kind === 'PodGroup')).toBe(false);
  expect(await applyAll(objects)).toEqual([]);
});
