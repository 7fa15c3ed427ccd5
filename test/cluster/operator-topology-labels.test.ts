/**
 * kvTransferPolicy `labelKey` against the real API server: a graph's worker pods carry
 * `nvidia.com/topology-label-key`; once a pod is bound to a node, the operator copies that
 * node's label onto it (the Downward API volume then projects it into the topology file). No
 * scheduler or kubelet runs here: the test creates the Nodes, and the pods from the rendered
 * template with `spec.nodeName` set, as a scheduler's binding would leave them.
 */
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { errorsOf, loadGraph, resolveSettings } from '../../src/api';
import { renderGraph } from '../../src/render';
import { ServerObject, uniqueName } from './kube';
import { operatorNamespace } from './operator-harness';

const ZONE = 'topology.kubernetes.io/zone';
const WAIT = { timeoutMs: 60_000 };
const main = {
  name: 'main',
  image: 'registry.example/vllm-runtime:1',
  command: ['python3'],
  args: ['-m', 'dynamo.vllm'],
};

const env = operatorNamespace('op-topo');
const nodeWithZone = uniqueName('node-zoned');
const nodeWithout = uniqueName('node-bare');

function workerTemplate(): any {
  const { model, problems } = loadGraph({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'kv', namespace: env.ns },
    spec: {
      backendFramework: 'vllm',
      experimental: { kvTransferPolicy: { labelKey: ZONE, domain: 'zone' } },
      components: [{ name: 'decode', type: 'decode', podTemplate: { spec: { containers: [main] } } }],
    },
  });
  if (errorsOf(problems).length) throw new Error(JSON.stringify(problems));
  const objs = renderGraph({ ...model!, orchestrator: 'lws' } as ValidatedGraph, resolveSettings({})) as ServerObject[];
  return (
    objs.find((o) => o.kind === 'Deployment' && o.metadata.labels?.['nvidia.com/dynamo-component'] === 'decode') as any
  ).spec.template;
}

async function workerPod(name: string, nodeName?: string): Promise<void> {
  const t = workerTemplate();
  await env.kube.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: env.ns, labels: t.metadata.labels, annotations: t.metadata.annotations },
    spec: { ...t.spec, ...(nodeName ? { nodeName } : {}) },
  });
}

beforeAll(async () => {
  await env.kube.create({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: nodeWithZone, labels: { [ZONE]: 'us-east-1a' } },
  });
  await env.kube.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: nodeWithout } });
});
afterAll(async () => {
  for (const n of [nodeWithZone, nodeWithout]) await env.kube.delete('v1', 'Node', n);
});

test('the rendered worker pod asks for the label and projects it into the topology file', () => {
  const t = workerTemplate();
  expect(t.metadata.annotations['nvidia.com/topology-label-key']).toBe(ZONE);
  expect(t.spec.volumes).toContainEqual({
    name: 'topology-labels',
    downwardAPI: { items: [{ path: 'zone', fieldRef: { apiVersion: 'v1', fieldPath: `metadata.labels['${ZONE}']` } }] },
  });
});

test("a pod bound to a node gets the node's label; an unbound one waits for its binding", async () => {
  await workerPod('bound', nodeWithZone);
  await env.kube.waitFor<any>('v1', 'Pod', 'bound', env.ns, (p) => p?.metadata.labels?.[ZONE] === 'us-east-1a', {
    ...WAIT,
    what: 'zone label copied',
  });

  await workerPod('unbound');
  await new Promise((r) => setTimeout(r, 1000));
  expect((await env.kube.get<any>('v1', 'Pod', 'unbound', env.ns))!.metadata.labels[ZONE]).toBeUndefined();
  // The scheduler's binding (pods/binding is how spec.nodeName is set on an existing pod).
  await env.kube.request('POST', `/api/v1/namespaces/${env.ns}/pods/unbound/binding`, {
    apiVersion: 'v1',
    kind: 'Binding',
    metadata: { name: 'unbound' },
    target: { apiVersion: 'v1', kind: 'Node', name: nodeWithZone },
  });
  await env.kube.waitFor<any>('v1', 'Pod', 'unbound', env.ns, (p) => p?.metadata.labels?.[ZONE] === 'us-east-1a', {
    ...WAIT,
    what: 'zone label copied after binding',
  });
});

test('a node without the label: a TopologyLabelMissing warning on the pod', async () => {
  await workerPod('bare', nodeWithout);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const events = await env.kube.list<any>('v1', 'Event', { namespace: env.ns });
    const warning = events.find((e) => e.involvedObject?.name === 'bare' && e.reason === 'TopologyLabelMissing');
    if (warning) {
      expect(warning).toMatchObject({
        type: 'Warning',
        message: `Node "${nodeWithout}" does not have required topology label "${ZONE}"; topology metadata will remain unavailable`,
      });
      break;
    }
    if (Date.now() > deadline) throw new Error('no TopologyLabelMissing event');
    await new Promise((r) => setTimeout(r, 250));
  }
  expect((await env.kube.get<any>('v1', 'Pod', 'bare', env.ns))!.metadata.labels[ZONE]).toBeUndefined();
});
