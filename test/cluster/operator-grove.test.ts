/**
 * The Grove path against the real API server. No Grove operator runs here, so the test plays
 * Grove: from the applied PodCliqueSet it creates the PodClique (single node) and the
 * PodCliqueScalingGroup (multinode) `<graph>-0-<component>` with the template's replicas
 * (Grove's default 1 where the render omits them), owned by the set, and writes their status.
 * The operator must scale them through `/scale` from the adapters and report the graph status
 * by upstream's Grove rules.
 */
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { errorsOf, loadGraph, resolveSettings } from '../../src/api';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { Operator } from '../../src/operator/operator';
import { renderGraph } from '../../src/render';
import { thirdPartyCrds } from './crds/third-party';
import { KubeClient, ServerObject, uniqueName } from './kube';
import { ADAPTER, ADAPTER_KIND, installOperatorCrds, operatorApi, startOperator } from './operator-harness';

const GROVE = 'grove.io/v1alpha1';
let kube: KubeClient;
let api: KubeApi;
let operator: Operator;
let ns: string;

const container = {
  name: 'main',
  image: 'registry.example/vllm-runtime:1',
  command: ['python3'],
  args: ['-m', 'dynamo.vllm'],
};
function rendered(namespace: string): ServerObject[] {
  const { model, problems } = loadGraph({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'gv', namespace },
    spec: {
      backendFramework: 'vllm',
      components: [
        {
          name: 'Frontend',
          type: 'frontend',
          replicas: 1,
          podTemplate: { spec: { containers: [{ name: 'main', image: container.image }] } },
        },
        {
          name: 'decode',
          type: 'worker',
          replicas: 2,
          scalingAdapter: {},
          podTemplate: { spec: { containers: [container] } },
        },
        {
          name: 'prefill',
          type: 'prefill',
          replicas: 1,
          scalingAdapter: {},
          multinode: { nodeCount: 2 },
          podTemplate: { spec: { containers: [container] } },
        },
      ],
    },
  });
  if (errorsOf(problems).length) throw new Error(JSON.stringify(problems));
  return renderGraph({ ...model!, orchestrator: 'grove' } as ValidatedGraph, resolveSettings({})) as ServerObject[];
}

const replicasOf = (o: ServerObject | undefined) => (o as any)?.spec?.replicas;
const scale = (name: string, replicas: number) =>
  kube.request(
    'PATCH',
    `/apis/${ADAPTER}/namespaces/${ns}/dynamographdeploymentscalingadapters/${name}/scale`,
    { spec: { replicas } },
    'application/merge-patch+json',
  );
const setStatus = (plural: string, name: string, status: object) =>
  kube.request(
    'PATCH',
    `/apis/${GROVE}/namespaces/${ns}/${plural}/${name}/status`,
    { status },
    'application/merge-patch+json',
  );
const dgdStatus = (pred: (s: any) => boolean, what: string) =>
  kube
    .waitFor<any>('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'gv', ns, (o) => !!o?.status && pred(o.status), {
      what,
      timeoutMs: 60_000,
    })
    .then((o) => o!.status);
const ready = (s: any) => s.conditions?.find((c: any) => c.type === 'Ready');

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  for (const crd of thirdPartyCrds().filter((c) => (c as any).spec.group === 'grove.io')) await kube.installCrd(crd);
  ns = uniqueName('op-grove');
  await kube.createNamespace(ns);
  api = operatorApi();
  operator = await startOperator(api);
  const applied: ServerObject[] = [];
  for (const o of rendered(ns)) applied.push(await kube.apply(o));
  // Play Grove: per component, the object it creates from the set's template.
  const pcs = applied.find((o) => o.kind === 'PodCliqueSet')!;
  const owner = { apiVersion: GROVE, kind: 'PodCliqueSet', name: 'gv', uid: pcs.metadata.uid ?? '', controller: true };
  const template = (pcs as any).spec.template;
  const clique = template.cliques.find((c: any) => c.name === 'decode');
  expect(clique.spec).not.toHaveProperty('replicas');
  const group = template.podCliqueScalingGroups.find((g: any) => g.name === 'prefill');
  expect(group).not.toHaveProperty('replicas');
  const grovesDefault = 1;
  await kube.create({
    apiVersion: GROVE,
    kind: 'PodClique',
    metadata: { name: 'gv-0-frontend', namespace: ns, ownerReferences: [owner] },
    spec: { ...template.cliques.find((c: any) => c.name === 'frontend').spec },
  });
  await kube.create({
    apiVersion: GROVE,
    kind: 'PodClique',
    metadata: { name: 'gv-0-decode', namespace: ns, ownerReferences: [owner] },
    spec: { ...clique.spec, replicas: grovesDefault },
  });
  await kube.create({
    apiVersion: GROVE,
    kind: 'PodCliqueScalingGroup',
    metadata: { name: 'gv-0-prefill', namespace: ns, ownerReferences: [owner] },
    spec: { cliqueNames: group.cliqueNames, minAvailable: group.minAvailable, replicas: grovesDefault },
  });
});

afterAll(async () => {
  await operator?.stop();
  api?.close();
  kube.close();
});

test('the adapters set the PodClique and PodCliqueScalingGroup replicas from the graph, through /scale', async () => {
  await kube.waitFor(GROVE, 'PodClique', 'gv-0-decode', ns, (o) => replicasOf(o) === 2, {
    what: 'PodClique replicas 2',
    timeoutMs: 60_000,
  });
  await kube.waitFor(GROVE, 'PodCliqueScalingGroup', 'gv-0-prefill', ns, (o) => replicasOf(o) === 1, {
    what: 'PCSG replicas 1',
  });
  // The frontend has no adapter: the operator leaves its clique alone.
  expect(replicasOf(await kube.get(GROVE, 'PodClique', 'gv-0-frontend', ns))).toBe(1);
  await kube.waitFor(ADAPTER, ADAPTER_KIND, 'gv-decode', ns, (o) => (o as any)?.status?.replicas === 2, {
    what: 'adapter status',
  });
});

test('a /scale write on an adapter moves the Grove object; a re-apply of the rendered set keeps it', async () => {
  await scale('gv-prefill', 3);
  await kube.waitFor(GROVE, 'PodCliqueScalingGroup', 'gv-0-prefill', ns, (o) => replicasOf(o) === 3, {
    what: 'PCSG replicas 3',
  });
  await scale('gv-decode', 4);
  await kube.waitFor(GROVE, 'PodClique', 'gv-0-decode', ns, (o) => replicasOf(o) === 4, {
    what: 'PodClique replicas 4',
  });
  for (const o of rendered(ns)) await kube.apply(o);
  expect(replicasOf(await kube.get(GROVE, 'PodClique', 'gv-0-decode', ns))).toBe(4);
  expect(replicasOf(await kube.get(GROVE, 'PodCliqueScalingGroup', 'gv-0-prefill', ns))).toBe(3);
  // A direct edit is put back, as for Deployments.
  await kube.request(
    'PATCH',
    `/apis/${GROVE}/namespaces/${ns}/podcliques/gv-0-decode/scale?fieldManager=kubectl-scale`,
    { spec: { replicas: 1 } },
    'application/merge-patch+json',
  );
  await kube.waitFor(GROVE, 'PodClique', 'gv-0-decode', ns, (o) => replicasOf(o) === 4, {
    what: 'PodClique replicas put back to 4',
  });
});

test('graph status from the Grove objects: component kinds, insufficient_capacity, then successful', async () => {
  const observed = async (kind: string, plural: string, name: string, status: (replicas: number) => object) => {
    const o = await kube.get<any>(GROVE, kind, name, ns);
    await setStatus(plural, name, { observedGeneration: o!.metadata.generation, ...status(o!.spec.replicas) });
  };
  await observed('PodClique', 'podcliques', 'gv-0-frontend', (r) => ({
    replicas: r,
    updatedReplicas: r,
    readyReplicas: r,
  }));
  await observed('PodCliqueScalingGroup', 'podcliquescalinggroups', 'gv-0-prefill', (r) => ({
    replicas: r,
    updatedReplicas: r,
    availableReplicas: r,
  }));
  await observed('PodClique', 'podcliques', 'gv-0-decode', (r) => ({
    replicas: r,
    updatedReplicas: r,
    readyReplicas: 0,
    scheduledReplicas: 1,
  }));
  const pending = await dgdStatus((s) => ready(s)?.reason === 'insufficient_capacity', 'insufficient_capacity');
  expect(pending.state).toBe('pending');
  expect(ready(pending).message).toBe('Not ready: decode');
  await observed('PodClique', 'podcliques', 'gv-0-decode', (r) => ({
    replicas: r,
    updatedReplicas: r,
    readyReplicas: r,
    scheduledReplicas: r,
  }));
  const s = await dgdStatus((s) => s.state === 'successful', 'successful');
  expect(ready(s)).toMatchObject({ status: 'True', reason: 'all_resources_are_ready' });
  expect(s.components).toEqual({
    Frontend: {
      componentKind: 'PodClique',
      componentNames: ['gv-0-frontend'],
      replicas: 1,
      updatedReplicas: 1,
      readyReplicas: 1,
    },
    decode: {
      componentKind: 'PodClique',
      componentNames: ['gv-0-decode'],
      replicas: 4,
      updatedReplicas: 4,
      readyReplicas: 4,
    },
    prefill: {
      componentKind: 'PodCliqueScalingGroup',
      componentNames: ['gv-0-prefill'],
      replicas: 3,
      updatedReplicas: 3,
      availableReplicas: 3,
    },
  });
});
