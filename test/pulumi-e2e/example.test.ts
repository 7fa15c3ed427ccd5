/**
 * The example program (Pulumi.yaml → examples/pulumi) through the real Pulumi engine, Node.js
 * language host and Kubernetes provider, against the test cluster, offline. Each step reads the
 * cluster back. The steps build on each other, in order.
 */
import * as path from 'path';
import { THIRD_PARTY_CRDS } from '../../examples/pulumi/program';
import { SGLANG_RUNTIME } from '../../examples/graphs/images';
import { lostOrChanged } from '../cluster/read-back';
import { expectedObjects, installStandInCrds, keyOf, withoutPulumiAnnotations } from './expected';
import { KubeRest, Obj } from './kube-rest';
import { PulumiStack, StateResource } from './pulumi-cli';
import { findRendered } from '../render/helpers';

const REPO = path.resolve(__dirname, '..', '..');
/** The field manager of the provider's creates (updates use each resource's own, see its state). */
const CREATOR = 'pulumi-kubernetes';
const log = (line: string) => process.stderr.write(`[pulumi-e2e] ${line}\n`);

let kube: KubeRest;
let stack: PulumiStack;
const expected = expectedObjects();

/** The Kubernetes objects in the stack's state (not the component, provider or looked-up resources). */
const stateObjects = (state: StateResource[]) =>
  state.filter((r) => r.custom && !r.external && r.type.startsWith('kubernetes:'));
const stateKey = (r: StateResource) => keyOf(r.outputs as Obj);
/** `<type>::<name>` of a URN (what a changed step is, without the stack and parent chain). */
const shortUrn = (urn: string) => `${urn.split('::')[2].split('$').pop()}::${urn.split('::')[3]}`;

async function live(o: Obj): Promise<Obj> {
  const got = await kube.get(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace);
  if (!got) throw new Error(`${keyOf(o)} does not exist`);
  return got;
}

/** resourceVersion of every expected object. */
async function versions(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const o of expected) out.set(keyOf(o), (await live(o)).metadata.resourceVersion!);
  return out;
}

/** Keys of the objects whose resourceVersion changed between two `versions()`. */
const changedBetween = (before: Map<string, string>, after: Map<string, string>) =>
  [...before]
    .filter(([k, v]) => after.get(k) !== v)
    .map(([k]) => k)
    .sort();

/** A rendered object with nothing but its name and namespace (so no field for a manager to own). */
const isBare = (o: Obj) =>
  Object.keys(o).every((k) => ['apiVersion', 'kind', 'metadata'].includes(k)) &&
  !o.metadata.labels &&
  !o.metadata.annotations;

/** By stable name: a worker generation's objects carry the worker hash, which the render gives. */
const find = (kind: string, name: string): Obj => findRendered(expected, kind, name);

beforeAll(async () => {
  kube = KubeRest.fromKubeconfig(process.env.DYNAMO_IAC_TEST_KUBECONFIG!);
  stack = await PulumiStack.create({
    projectDir: REPO,
    stack: 'e2e',
    kubeconfig: process.env.DYNAMO_IAC_TEST_KUBECONFIG!,
    transpileOnly: true,
    log,
  });
});
afterAll(async () => {
  await stack?.dispose();
});

test('a cluster without the third-party CRDs: preview stops at once, naming one, with nothing created', async () => {
  const run = await stack.cli(['preview'], { expectFailure: true });
  expect(`${run.stdout}${run.stderr}`).toMatch(
    new RegExp(THIRD_PARTY_CRDS.map((n) => n.replace(/\./g, '\\.')).join('|')),
  );
  expect(stateObjects(await stack.exportState())).toEqual([]);
  expect(await kube.get('v1', 'Namespace', 'dynamo')).toBeUndefined();
  // What the user does next: install LWS, Volcano and Grove (here: their test stand-ins).
  await installStandInCrds(kube, THIRD_PARTY_CRDS);
});

test("pulumi up creates every object, each as cdk8s synthesizes it, written by Pulumi's field manager only", async () => {
  const run = await stack.up();
  log(`up created ${expected.length} objects in ${run.seconds.toFixed(0)}s`);
  const state = stateObjects(await stack.exportState());
  // Exactly the expected objects are in the stack: none missing, none extra.
  expect(state.map(stateKey).sort()).toEqual(expected.map(keyOf).sort());
  const managerOf = new Map(state.map((r) => [stateKey(r), r.outputs.__fieldManager as string]));
  const problems: string[] = [];
  for (const want of expected) {
    const got = withoutPulumiAnnotations(await live(want));
    problems.push(...lostOrChanged(want, got).map((p) => `${keyOf(want)}: ${p}`));
    const extra = Object.keys(got.metadata.annotations ?? {}).filter((k) => !(k in (want.metadata.annotations ?? {})));
    if (extra.length) problems.push(`${keyOf(want)}: annotations not rendered: ${extra.join(', ')}`);
    // The provider creates as `pulumi-kubernetes` and applies later changes as the resource's own
    // server-side-apply manager (in the stack's state); nobody else writes (status aside).
    const writers = [
      ...new Set((got.metadata.managedFields ?? []).filter((m) => m.subresource !== 'status').map((m) => m.manager)),
    ];
    const manager = managerOf.get(keyOf(want));
    // (An object with nothing but a name, like a bare ServiceAccount, has no fields to own.)
    const ownsFields = writers.length > 0 || isBare(want);
    if (
      !manager?.startsWith('pulumi-kubernetes-') ||
      !ownsFields ||
      writers.some((w) => w !== CREATOR && w !== manager)
    ) {
      problems.push(
        `${keyOf(want)}: written by ${writers.join(', ') || 'nobody'}; the stack's managers are ${CREATOR} and ${manager}`,
      );
    }
  }
  expect(problems).toEqual([]);
});

test('a second run changes nothing: preview --expect-no-changes, and again after a refresh', async () => {
  const before = await versions();
  await stack.cli(['preview', '--expect-no-changes']);
  await stack.cli(['refresh', '--yes']);
  await stack.cli(['preview', '--expect-no-changes']);
  expect(changedBetween(before, await versions())).toEqual([]);
});

test("one worker's replicas: only the graph record changes (the runtime operator owns worker replicas)", async () => {
  const worker = find('Deployment', 'vllm-agg-vllmdecodeworker');
  // workerRollout 'operator' (the default): a worker generation's Deployment carries no replicas.
  expect((worker as any).spec.replicas).toBeUndefined();
  const uid = (await live(worker)).metadata.uid;
  const before = await versions();
  await stack.setConfig('aggWorkerReplicas', '3');
  // Replicas are not in the worker hash: no new generation. Pulumi changes the record, and the
  // worker's annotation that tells a reviewer the count the operator will set: never its replicas.
  expect((await stack.upChanges()).map(([op, urn]) => `${op} ${shortUrn(urn)}`).sort()).toEqual([
    `update kubernetes:apps/v1:Deployment::agg-vllm/${worker.metadata.name}`,
    'update kubernetes:nvidia.com/v1beta1:DynamoGraphDeployment::agg-vllm/vllm-agg',
  ]);
  const after = (await live(worker)) as any;
  expect(after.metadata.uid).toBe(uid);
  expect(after.metadata.annotations['dynamo-iac.io/desired-replicas']).toBe('3');
  expect(changedBetween(before, await versions()).sort()).toEqual(
    [keyOf(find('DynamoGraphDeployment', 'vllm-agg')), keyOf(worker)].sort(),
  );
});

/** The live Deployments and Services of worker generations in `namespace` (of `graph`, other than `hash`, when given). */
async function generations(namespace: string, graph?: string, hash?: string): Promise<Obj[]> {
  const all = [
    ...(await kube.list('apps/v1', 'Deployment', namespace)),
    ...(await kube.list('v1', 'Service', namespace)),
  ];
  return all.filter((o) => {
    const labels = o.metadata.labels ?? {};
    const h = labels['nvidia.com/dynamo-worker-hash'];
    return (
      h !== undefined &&
      h !== hash &&
      (graph === undefined || labels['nvidia.com/dynamo-graph-deployment-name'] === graph)
    );
  });
}

test('a worker image change: a new generation beside the old one, which Pulumi leaves in the cluster with the replicas an HPA set', async () => {
  const decode = find('Deployment', 'sglang-agg-decode');
  const oldHash = decode.metadata.labels?.['nvidia.com/dynamo-worker-hash'];
  expect((decode as any).spec.replicas).toBeUndefined();
  // What an HPA (through the scaling adapter and the runtime operator) does: write /scale.
  await kube.mergePatch(decode, { spec: { replicas: 5 } }, 'scale', 'e2e-autoscaler');
  const uid = (await live(decode)).metadata.uid;
  // A semantic-version tag: upstream's admission refuses a main image without one (runtimeVersionOverride aside).
  const image = SGLANG_RUNTIME.replace(/:[^:]+$/, ':9.9.9-e2e-next');
  await stack.setConfig('sglangWorkerImage', image);
  const changes = (await stack.upChanges()).map(([op, urn]) => `${op} ${shortUrn(urn)}`);
  // The image is in the worker hash: Pulumi creates the new generation and drops the old one from
  // its state, which retainOnDelete leaves in the cluster for the runtime operator to drain.
  const ofKind = (op: string, kind: string) => changes.filter((c) => c.startsWith(`${op} kubernetes:${kind}::`));
  expect(ofKind('create', 'apps/v1:Deployment')).toHaveLength(1);
  expect(ofKind('delete', 'apps/v1:Deployment')).toEqual([
    `delete kubernetes:apps/v1:Deployment::sglang-scaling-adapter/${decode.metadata.name}`,
  ]);
  expect(changes).toContain(
    'update kubernetes:nvidia.com/v1beta1:DynamoGraphDeployment::sglang-scaling-adapter/sglang-agg',
  );
  const old = (await live(decode)) as any;
  expect({ uid: old.metadata.uid, replicas: old.spec.replicas }).toEqual({ uid, replicas: 5 });
  const record = (await live(find('DynamoGraphDeployment', 'sglang-agg'))) as any;
  const newHash = record.metadata.annotations['nvidia.com/current-worker-hash'];
  expect(newHash).not.toBe(oldHash);
  const fresh = (await kube.list('apps/v1', 'Deployment', decode.metadata.namespace)).find(
    (d) => d.metadata.labels?.['nvidia.com/dynamo-worker-hash'] === newHash,
  ) as any;
  expect(fresh.spec.template.spec.containers[0].image).toBe(image);
  // Nor does Pulumi see the HPA's replicas, or the generation it retained, as drift to undo.
  await stack.cli(['refresh', '--yes']);
  await stack.cli(['preview', '--expect-no-changes']);
  expect((await generations(decode.metadata.namespace!, 'sglang-agg', newHash)).length).toBe(2);
});

/** The stack's objects and their outputs, in URN order (a run may re-register them in another order). */
const stateSnapshot = async () =>
  JSON.stringify(
    stateObjects(await stack.exportState())
      .map((r) => [r.urn, r.outputs])
      .sort((a, b) => a[0].localeCompare(b[0])),
  );

test('an invalid graph: up fails before changing anything, with the field path', async () => {
  const state = await stateSnapshot();
  const before = await versions();
  await stack.setConfig('aggWorkerReplicas', '-1');
  const run = await stack.upFailing();
  expect(`${run.stdout}${run.stderr}`).toMatch(
    /DynamoGraphDeployment "agg-vllm": invalid input:\s+spec\.components\[1\]\.replicas: /,
  );
  expect(await stateSnapshot()).toEqual(state);
  expect(changedBetween(before, await versions())).toEqual([]);
  await stack.setConfig('aggWorkerReplicas', '3');
});

test('pulumi destroy removes everything the stack created, and nothing else', async () => {
  const managers = new Set(stateObjects(await stack.exportState()).map((r) => r.outputs.__fieldManager as string));
  expect(managers.size).toBe(expected.length);
  managers.add(CREATOR);
  await stack.cli(['destroy', '--yes']);
  expect(stateObjects(await stack.exportState())).toEqual([]);
  // Worker generations are retained on delete ('operator' mode); their ownerReference to the graph
  // record lets the garbage collector take them along with it.
  // Deletes finish in the cluster's own time (garbage collector, namespace controller).
  const leftovers = async () => {
    const found: string[] = [];
    for (const r of await kube.resources()) {
      for (const o of await kube.list(r.apiVersion, r.kind)) {
        if ((o.metadata.managedFields ?? []).some((m) => managers.has(m.manager))) found.push(keyOf(o));
      }
    }
    return found;
  };
  let left = await leftovers();
  for (let i = 0; i < 120 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    left = await leftovers();
  }
  expect(left).toEqual([]);
  for (const o of expected)
    expect([keyOf(o), await kube.get(o.apiVersion, o.kind, o.metadata.name, o.metadata.namespace)]).toEqual([
      keyOf(o),
      undefined,
    ]);
  // What the stack did not create stays: the third-party CRDs the cluster already had.
  for (const name of THIRD_PARTY_CRDS)
    expect((await kube.get('apiextensions.k8s.io/v1', 'CustomResourceDefinition', name))?.metadata.name).toBe(name);
});
