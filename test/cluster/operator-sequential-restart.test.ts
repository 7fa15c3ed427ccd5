/**
 * `spec.restart` against the real API server, the operator running in-process. No Deployment,
 * LeaderWorkerSet or Grove controller runs here, so the test plays them: it writes each
 * workload's status as its controller would once the new pods are up. A Sequential restart must
 * stamp `nvidia.com/restartAt` on one component at a time, in order, moving on only when that
 * component is rolled out; the stamp is the operator's field (its own field manager), so a Flux
 * re-apply of the rendered output, which leaves the annotation out, keeps it and starts no
 * rollout; the scaling adapter's replicas on the same Deployment survive both.
 */
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { errorsOf, loadGraph, resolveSettings } from '../../src/api';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { Operator } from '../../src/operator/operator';
import { renderGraph } from '../../src/render';
import { thirdPartyCrds } from './crds/third-party';
import { KubeClient, ServerObject, uniqueName } from './kube';
import { installOperatorCrds, operatorApi, startOperator } from './operator-harness';

const DGD = 'nvidia.com/v1beta1';
const LWS = 'leaderworkerset.x-k8s.io/v1';
const GROVE = 'grove.io/v1alpha1';
const RESTART_AT = 'nvidia.com/restartAt';
const WAIT = { timeoutMs: 60_000 };
const main = {
  name: 'main',
  image: 'registry.example/sglang-runtime:1',
  command: ['python3'],
  args: ['-m', 'dynamo.sglang'],
};

let kube: KubeClient;
let api: KubeApi;
let operator: Operator;
let ns: string;

function rendered(name: string, orchestrator: 'lws' | 'grove', restart?: object): ServerObject[] {
  const { model, problems } = loadGraph({
    apiVersion: DGD,
    kind: 'DynamoGraphDeployment',
    metadata: { name, namespace: ns },
    spec: {
      backendFramework: 'sglang',
      components: [
        {
          name: 'Frontend',
          type: 'frontend',
          replicas: 1,
          podTemplate: { spec: { containers: [{ name: 'main', image: main.image }] } },
        },
        {
          name: 'decode',
          type: 'worker',
          replicas: 2,
          scalingAdapter: {},
          podTemplate: { spec: { containers: [main] } },
        },
        {
          name: 'prefill',
          type: 'prefill',
          replicas: 1,
          multinode: { nodeCount: 2 },
          podTemplate: { spec: { containers: [main] } },
        },
      ],
      ...(restart ? { restart } : {}),
    },
  });
  if (errorsOf(problems).length) throw new Error(JSON.stringify(problems));
  return renderGraph({ ...model!, orchestrator } as ValidatedGraph, resolveSettings({})) as ServerObject[];
}

const applyAll = async (objs: ServerObject[]) => {
  for (const o of objs) await kube.apply(o);
};
const annotationOf = (t: any) => t?.metadata?.annotations?.[RESTART_AT];
const restartOf = (graph: string) =>
  kube.get<any>(DGD, 'DynamoGraphDeployment', graph, ns).then((g) => g?.status?.restart);
const waitRestart = (graph: string, want: object, what: string) =>
  kube.waitFor<any>(
    DGD,
    'DynamoGraphDeployment',
    graph,
    ns,
    (g) => JSON.stringify(g?.status?.restart) === JSON.stringify(want),
    { ...WAIT, what },
  );

/** What the Deployment controller writes once the pods of the current template are all up. */
async function rollOutDeployment(name: string): Promise<void> {
  const d = await kube.get<any>('apps/v1', 'Deployment', name, ns);
  const n = d.spec.replicas ?? 1;
  const status = {
    observedGeneration: d.metadata.generation,
    replicas: n,
    updatedReplicas: n,
    readyReplicas: n,
    availableReplicas: n,
    conditions: [
      {
        type: 'Available',
        status: 'True',
        reason: 'MinimumReplicasAvailable',
        message: 'ok',
        lastUpdateTime: now(),
        lastTransitionTime: now(),
      },
    ],
  };
  await kube.mergePatch('apps/v1', 'Deployment', name, ns, { status }, 'status');
}
/** What the LWS controller writes while it replaces the groups (none updated yet), then when done; LWS status has no observedGeneration. */
async function rollOutLws(name: string): Promise<void> {
  const l = await kube.get<any>(LWS, 'LeaderWorkerSet', name, ns);
  const n = l.spec.replicas ?? 1;
  await kube.mergePatch(
    LWS,
    'LeaderWorkerSet',
    name,
    ns,
    { status: { replicas: n, updatedReplicas: 0, readyReplicas: 0 } },
    'status',
  );
  await kube.mergePatch(
    LWS,
    'LeaderWorkerSet',
    name,
    ns,
    { status: { replicas: n, updatedReplicas: n, readyReplicas: n } },
    'status',
  );
}
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  // Grove's kinds and LeaderWorkerSet.
  for (const crd of thirdPartyCrds()) await kube.installCrd(crd);
  ns = uniqueName('op-rst');
  await kube.createNamespace(ns);
  api = operatorApi();
  operator = await startOperator(api);
});
afterAll(async () => {
  await operator?.stop();
  api?.close();
  kube.close();
});

describe('Sequential on Deployments and LeaderWorkerSets', () => {
  const order = ['decode', 'prefill', 'Frontend'];
  const restart = (id: string) => rendered('sq', 'lws', { id, strategy: { type: 'Sequential', order } });

  beforeAll(async () => {
    // The CRD refuses spec.restart on create: first the graph without it, as a GitOps history has it.
    await applyAll(rendered('sq', 'lws'));
    await kube.waitFor('apps/v1', 'Deployment', 'sq-decode', ns, (o) => (o as any)?.spec?.replicas === 2, {
      ...WAIT,
      what: 'adapter replicas',
    });
    for (const d of ['sq-frontend', 'sq-decode']) await rollOutDeployment(d);
    await rollOutLws('sq-prefill-0');
  });

  test('the rendered output carries no restart annotation: the operator owns it', () => {
    for (const o of restart('r1').filter((x) => x.kind === 'Deployment' || x.kind === 'LeaderWorkerSet')) {
      const s = (o as any).spec;
      for (const t of [s.template, s.leaderWorkerTemplate?.leaderTemplate, s.leaderWorkerTemplate?.workerTemplate])
        expect(annotationOf(t)).toBeUndefined();
    }
  });

  test('a new id: Restarting with the first component in the order; only its Deployment is stamped, as the restart field manager', async () => {
    await applyAll(restart('r1'));
    await waitRestart('sq', { inProgress: ['decode'], observedID: 'r1', phase: 'Restarting' }, 'restart of decode');
    const decode = await kube.waitFor<any>(
      'apps/v1',
      'Deployment',
      'sq-decode',
      ns,
      (d: any) => annotationOf(d?.spec?.template) === 'r1',
      { ...WAIT, what: 'decode stamped' },
    );
    expect(
      annotationOf((await kube.get<any>('apps/v1', 'Deployment', 'sq-frontend', ns)).spec.template),
    ).toBeUndefined();
    expect(
      annotationOf(
        (await kube.get<any>(LWS, 'LeaderWorkerSet', 'sq-prefill-0', ns)).spec.leaderWorkerTemplate.leaderTemplate,
      ),
    ).toBeUndefined();
    const owners = (field: (f: any) => unknown) =>
      decode.metadata.managedFields.filter((m: any) => field(m.fieldsV1) !== undefined).map((m: any) => m.manager);
    expect(
      owners((f) => f?.['f:spec']?.['f:template']?.['f:metadata']?.['f:annotations']?.[`f:${RESTART_AT}`]),
    ).toEqual(['dynamo-iac-operator-restart']);
    // The scaling adapter's replicas, applied by another field manager of the operator, are untouched.
    expect(decode.spec.replicas).toBe(2);
    expect(owners((f) => f?.['f:spec']?.['f:replicas'])).toEqual(['dynamo-iac-operator']);
  });

  test('a Flux re-apply of the rendered output keeps the stamp and starts no new rollout', async () => {
    const before = await kube.get<any>('apps/v1', 'Deployment', 'sq-decode', ns);
    await applyAll(restart('r1'));
    const after = await kube.get<any>('apps/v1', 'Deployment', 'sq-decode', ns);
    expect(annotationOf(after.spec.template)).toBe('r1');
    expect(after.metadata.generation).toBe(before.metadata.generation);
    expect(after.spec.replicas).toBe(2);
  });

  test('the next component only once the current one is rolled out; then the LWS groups; then Completed', async () => {
    // Not rolled out yet: still decode.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await restartOf('sq')).toEqual({ inProgress: ['decode'], observedID: 'r1', phase: 'Restarting' });
    await rollOutDeployment('sq-decode');
    await waitRestart('sq', { inProgress: ['prefill'], observedID: 'r1', phase: 'Restarting' }, 'restart of prefill');
    const lws = await kube.waitFor<any>(
      LWS,
      'LeaderWorkerSet',
      'sq-prefill-0',
      ns,
      (l: any) => annotationOf(l?.spec?.leaderWorkerTemplate?.workerTemplate) === 'r1',
      { ...WAIT, what: 'prefill stamped' },
    );
    expect(annotationOf(lws.spec.leaderWorkerTemplate.leaderTemplate)).toBe('r1');
    expect(
      annotationOf((await kube.get<any>('apps/v1', 'Deployment', 'sq-frontend', ns)).spec.template),
    ).toBeUndefined();
    await rollOutLws('sq-prefill-0');
    await waitRestart('sq', { inProgress: ['Frontend'], observedID: 'r1', phase: 'Restarting' }, 'restart of Frontend');
    await kube.waitFor<any>(
      'apps/v1',
      'Deployment',
      'sq-frontend',
      ns,
      (d: any) => annotationOf(d?.spec?.template) === 'r1',
      { ...WAIT, what: 'Frontend stamped' },
    );
    await rollOutDeployment('sq-frontend');
    await waitRestart('sq', { observedID: 'r1', phase: 'Completed' }, 'Completed');
  });

  test('a new id restarts from the first component; the others keep the last id until their turn', async () => {
    await applyAll(restart('r2'));
    await waitRestart('sq', { inProgress: ['decode'], observedID: 'r2', phase: 'Restarting' }, 'second restart');
    await kube.waitFor<any>(
      'apps/v1',
      'Deployment',
      'sq-decode',
      ns,
      (d: any) => annotationOf(d?.spec?.template) === 'r2',
      { ...WAIT, what: 'decode stamped r2' },
    );
    expect(annotationOf((await kube.get<any>('apps/v1', 'Deployment', 'sq-frontend', ns)).spec.template)).toBe('r1');
  });
});

test('Parallel: the rendered output carries the id; the operator reports Restarting until every component is rolled out', async () => {
  await applyAll(rendered('par', 'lws'));
  const objs = rendered('par', 'lws', { id: 'p1', strategy: { type: 'Parallel' } });
  expect(
    annotationOf(
      (objs.find((o) => o.metadata.name === 'par-frontend' && o.kind === 'Deployment') as any).spec.template,
    ),
  ).toBe('p1');
  await applyAll(objs);
  await waitRestart(
    'par',
    { inProgress: ['Frontend', 'decode', 'prefill'], observedID: 'p1', phase: 'Restarting' },
    'parallel restart',
  );
  await kube.waitFor('apps/v1', 'Deployment', 'par-decode', ns, (o) => (o as any)?.spec?.replicas === 2, {
    ...WAIT,
    what: 'adapter replicas',
  });
  for (const d of ['par-frontend', 'par-decode']) await rollOutDeployment(d);
  await waitRestart('par', { inProgress: ['prefill'], observedID: 'p1', phase: 'Restarting' }, 'prefill left');
  await rollOutLws('par-prefill-0');
  await waitRestart('par', { observedID: 'p1', phase: 'Completed' }, 'parallel Completed');
});

test("Grove: the id goes on the clique template in the PodCliqueSet; Flux's re-apply of the set keeps it", async () => {
  const objs = rendered('gr', 'grove');
  await applyAll(objs);
  const setStatus = async () => {
    const pcs = await kube.get<any>(GROVE, 'PodCliqueSet', 'gr', ns);
    await kube.mergePatch(
      GROVE,
      'PodCliqueSet',
      'gr',
      ns,
      { status: { observedGeneration: pcs.metadata.generation } },
      'status',
    );
  };
  // Play Grove: the objects it makes from the set, all rolled out.
  const readyClique = { replicas: 1, updatedReplicas: 1, readyReplicas: 1, observedGeneration: 1 };
  for (const [kind, name] of [
    ['PodClique', 'gr-0-frontend'],
    ['PodClique', 'gr-0-decode'],
    ['PodCliqueScalingGroup', 'gr-0-prefill'],
  ]) {
    await kube.create({ apiVersion: GROVE, kind, metadata: { name, namespace: ns }, spec: { replicas: 1 } });
    await kube.mergePatch(GROVE, kind, name, ns, { status: { ...readyClique, availableReplicas: 1 } }, 'status');
  }
  await setStatus();
  await applyAll(rendered('gr', 'grove', { id: 'g1', strategy: { order: ['prefill', 'decode', 'Frontend'] } }));
  await waitRestart(
    'gr',
    { inProgress: ['prefill'], observedID: 'g1', phase: 'Restarting' },
    'grove restart of prefill',
  );
  const cliques = (pcs: any) =>
    Object.fromEntries(pcs.spec.template.cliques.map((c: any) => [c.name, c.annotations?.[RESTART_AT]]));
  const stamped = await kube.waitFor<any>(
    GROVE,
    'PodCliqueSet',
    'gr',
    ns,
    (p: any) => cliques(p)['prefill-ldr'] === 'g1',
    { ...WAIT, what: 'prefill cliques stamped' },
  );
  expect(cliques(stamped)).toEqual({
    frontend: undefined,
    decode: undefined,
    'prefill-ldr': 'g1',
    'prefill-wkr': 'g1',
  });
  // Flux applies the set again (the rendered cliques have no restart annotation): the stamp stays.
  await applyAll(rendered('gr', 'grove', { id: 'g1', strategy: { order: ['prefill', 'decode', 'Frontend'] } }));
  expect(cliques(await kube.get<any>(GROVE, 'PodCliqueSet', 'gr', ns))).toEqual(cliques(stamped));
  // Grove saw the new set and rolled the group: the next component.
  await setStatus();
  await kube.mergePatch(
    GROVE,
    'PodCliqueScalingGroup',
    'gr-0-prefill',
    ns,
    { status: { ...readyClique, availableReplicas: 1, observedGeneration: 1 } },
    'status',
  );
  await waitRestart('gr', { inProgress: ['decode'], observedID: 'g1', phase: 'Restarting' }, 'grove restart of decode');
  await kube.waitFor<any>(GROVE, 'PodCliqueSet', 'gr', ns, (p: any) => cliques(p).decode === 'g1', {
    ...WAIT,
    what: 'decode clique stamped',
  });
});
