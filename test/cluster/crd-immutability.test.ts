/**
 * The fields upstream's update webhook freezes, refused by the real API server through our CRDs'
 * CEL transition rules (we ship no webhooks): backendFramework, single-node <-> multinode,
 * topology constraints and the KV transfer policy, in both versions of DGD and DCD. Other
 * updates still go through.
 */
import { KubeClient, ServerObject, refusal, testNamespace } from './kube';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1';
let kube: KubeClient;
let ns: string;

beforeAll(async () => {
  ({ kube, ns } = await testNamespace('frozen'));
});

const main = { name: 'main', image: IMAGE };
const betaGraph = (name: string, spec: object): ServerObject => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name, namespace: ns },
  spec: {
    backendFramework: 'vllm',
    components: [
      { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [main] } } },
      { name: 'Worker', type: 'worker', replicas: 1, podTemplate: { spec: { containers: [main] } } },
    ],
    ...spec,
  },
});
const withWorker = (g: ServerObject, fields: object): ServerObject => {
  const spec = g.spec as any;
  return {
    ...g,
    spec: { ...spec, components: spec.components.map((c: any) => (c.name === 'Worker' ? { ...c, ...fields } : c)) },
  };
};
const withSpec = (g: ServerObject, fields: object): ServerObject => ({
  ...g,
  spec: { ...(g.spec as object), ...fields },
});

/** Creates `base`, then applies each change: returns the server's message per change ('' = accepted). */
async function updates(base: ServerObject, changes: ServerObject[]): Promise<string[]> {
  await kube.apply(base);
  const out: string[] = [];
  for (const c of changes) out.push(await refusal(kube.apply(c, { dryRun: true })));
  return out;
}

test('DGD v1beta1: backendFramework cannot be changed or removed', async () => {
  const g = betaGraph('backend', {});
  const [changed, removed, ok] = await updates(g, [
    withSpec(g, { backendFramework: 'sglang' }),
    { ...g, spec: { ...(g.spec as any), backendFramework: undefined } },
    withWorker(g, { replicas: 2 }),
  ]);
  expect(changed).toMatch(
    /spec\.backendFramework: Invalid value: .*spec\.backendFramework is immutable and cannot be changed after creation/,
  );
  expect(removed).toMatch(/spec\.backendFramework is immutable/);
  expect(ok).toBe('');
});

test('DGD v1beta1: a component cannot switch between single-node and multinode', async () => {
  const g = betaGraph('nodes', {});
  const [toMulti] = await updates(g, [withWorker(g, { multinode: { nodeCount: 2 } })]);
  expect(toMulti).toMatch(
    /spec\.components\[1\]\.multinode: .*cannot change node topology between single-node and multi-node after creation/,
  );
  const m = withWorker(betaGraph('nodes-multi', {}), { multinode: { nodeCount: 2 } });
  const [toSingle, nodeCountChange] = await updates(m, [
    withWorker(m, { multinode: undefined }),
    withWorker(m, { multinode: { nodeCount: 4 } }),
  ]);
  expect(toSingle).toMatch(/cannot change node topology/);
  // Only the switch is frozen, as the seed states it.
  expect(nodeCountChange).toBe('');
});

test('DGD v1beta1: topology constraints cannot be added, removed or changed (spec and component level)', async () => {
  const plain = betaGraph('topo-add', {});
  const topo = { clusterTopologyName: 't', packDomain: 'zone' };
  const [added, componentAdded] = await updates(plain, [
    withSpec(plain, { topologyConstraint: topo }),
    withWorker(plain, { topologyConstraint: { packDomain: 'rack' } }),
  ]);
  expect(added).toMatch(
    /spec\.topologyConstraint: .*is immutable and cannot be added, removed, or changed after creation; delete and recreate the DynamoGraphDeployment to change topology constraints/,
  );
  expect(componentAdded).toMatch(/spec\.components\[1\]\.topologyConstraint: .*is immutable/);
  const withTopo = betaGraph('topo-set', { topologyConstraint: topo });
  const [changed, removed] = await updates(withTopo, [
    withSpec(withTopo, { topologyConstraint: { ...topo, packDomain: 'rack' } }),
    withSpec(withTopo, { topologyConstraint: undefined }),
  ]);
  expect(changed).toMatch(/spec\.topologyConstraint: .*is immutable/);
  expect(removed).toMatch(/spec\.topologyConstraint: .*is immutable/);
});

test('DGD v1beta1: the KV transfer policy cannot be added, removed or changed', async () => {
  const policy = { labelKey: 'topology.kubernetes.io/zone', domain: 'zone' };
  const plain = betaGraph('kv-add', {});
  const [added] = await updates(plain, [withSpec(plain, { experimental: { kvTransferPolicy: policy } })]);
  expect(added).toMatch(
    /spec\.experimental\.kvTransferPolicy: .*is immutable and cannot be added, removed, or changed after creation; delete and recreate the DynamoGraphDeployment to change the KV transfer policy/,
  );
  const g = betaGraph('kv-set', { experimental: { kvTransferPolicy: policy } });
  const [changed, removed] = await updates(g, [
    withSpec(g, { experimental: { kvTransferPolicy: { ...policy, domain: 'rack' } } }),
    withSpec(g, { experimental: undefined }),
  ]);
  expect(changed).toMatch(/kvTransferPolicy: .*is immutable/);
  expect(removed).toMatch(/kvTransferPolicy: .*is immutable/);
});

test('DGD v1alpha1: the same rules on the services map', async () => {
  const g: ServerObject = {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'alpha', namespace: ns },
    spec: {
      backendFramework: 'vllm',
      services: { Worker: { componentType: 'worker', extraPodSpec: { mainContainer: { image: IMAGE } } } },
    },
  };
  const service = (fields: object) => ({
    ...g,
    spec: { ...(g.spec as any), services: { Worker: { ...(g.spec as any).services.Worker, ...fields } } },
  });
  const [multi, topo, backend, replicas] = await updates(g, [
    service({ multinode: { nodeCount: 2 } }),
    service({ topologyConstraint: { packDomain: 'rack' } }),
    withSpec(g, { backendFramework: 'trtllm' }),
    service({ replicas: 3 }),
  ]);
  expect(multi).toMatch(/spec\.services\[Worker\]\.multinode: .*cannot change node topology/);
  expect(topo).toMatch(/spec\.services\[Worker\]\.topologyConstraint: .*is immutable/);
  expect(backend).toMatch(/spec\.backendFramework is immutable/);
  expect(replicas).toBe('');
});

test('DCD, both versions: backendFramework, node topology and topology are frozen', async () => {
  const beta: ServerObject = {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoComponentDeployment',
    metadata: { name: 'dcd-beta', namespace: ns },
    spec: { backendFramework: 'vllm', type: 'worker', podTemplate: { spec: { containers: [main] } } },
  };
  const alpha: ServerObject = {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoComponentDeployment',
    metadata: { name: 'dcd-alpha', namespace: ns },
    spec: { backendFramework: 'vllm', componentType: 'worker', extraPodSpec: { mainContainer: { image: IMAGE } } },
  };
  for (const d of [beta, alpha]) {
    const [backend, multi, topo, replicas] = await updates(d, [
      withSpec(d, { backendFramework: 'sglang' }),
      withSpec(d, { multinode: { nodeCount: 2 } }),
      withSpec(d, { topologyConstraint: { packDomain: 'rack' } }),
      withSpec(d, { replicas: 2 }),
    ]);
    expect(backend).toMatch(/spec\.backendFramework is immutable/);
    expect(multi).toMatch(/spec\.multinode: .*cannot change node topology/);
    expect(topo).toMatch(
      /spec\.topologyConstraint: .*delete and recreate the DynamoComponentDeployment to change topology constraints/,
    );
    expect(replicas).toBe('');
  }
});
