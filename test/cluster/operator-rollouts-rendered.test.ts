/**
 * A worker rollout from the render's own output: a disaggregated graph (prefill + decode, one
 * with a scaling adapter) rendered, applied as Flux would, its worker args changed, rendered
 * again and applied beside the first (as the GitOps writer carries the previous generation, or
 * as Pulumi's retainOnDelete leaves it). The test plays the Deployment controller; the operator
 * must move both worker components to the new generation together, never below the floor,
 * then retire the old generation.
 */
import type { ValidatedGraph } from '../../src/api/validated-graph';
import { loadGraph, resolveSettings } from '../../src/api';
import { renderGraph } from '../../src/render';
import { poll, ServerObject } from './kube';
import { operatorNamespace } from './operator-harness';
import { deploymentStatus } from './deployment-status';

const DGD = 'nvidia.com/v1beta1';
const HASH = 'nvidia.com/dynamo-worker-hash';

function render(ns: string, tp: string): ServerObject[] {
  const main = (mode: string) => ({
    name: 'main',
    image: 'registry.example/vllm-runtime:1',
    command: ['python3'],
    args: ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B', '--disaggregation-mode', mode, '--tp', tp],
  });
  const { model, problems } = loadGraph({
    apiVersion: DGD,
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'dg', namespace: ns },
    spec: {
      backendFramework: 'vllm',
      components: [
        {
          name: 'Frontend',
          type: 'frontend',
          replicas: 1,
          podTemplate: { spec: { containers: [{ name: 'main', image: 'registry.example/vllm-runtime:1' }] } },
        },
        { name: 'prefill', type: 'prefill', replicas: 1, podTemplate: { spec: { containers: [main('prefill')] } } },
        {
          name: 'decode',
          type: 'decode',
          replicas: 2,
          scalingAdapter: {},
          podTemplate: { spec: { containers: [main('decode')] } },
        },
      ],
    },
  });
  if (problems.some((p) => p.severity !== 'warning')) throw new Error(JSON.stringify(problems));
  return renderGraph(model! as ValidatedGraph, resolveSettings({})) as ServerObject[];
}

const hashOf = (objs: ServerObject[]) =>
  (objs.find((o) => o.kind === 'DynamoGraphDeployment')?.metadata.annotations ?? {})['nvidia.com/current-worker-hash'];

const env = operatorNamespace('op-rollout-r');
const first = () => render(env.ns, '1');
const second = () => render(env.ns, '2');
const workers = (objs: ServerObject[]) =>
  objs.filter((o) => o.kind === 'Deployment' && o.metadata.labels?.[HASH]).map((o) => o.metadata.name);

const get = (name: string) => env.kube.get<any>('apps/v1', 'Deployment', name, env.ns);
async function expectReplicas(want: Record<string, number | undefined>): Promise<void> {
  let seen: Record<string, unknown> = {};
  await poll(
    `replicas ${JSON.stringify(want)}`,
    async () => {
      seen = Object.fromEntries(
        await Promise.all(Object.keys(want).map(async (n) => [n, (await get(n))?.spec?.replicas])),
      );
      return Object.entries(want).every(([n, r]) => seen[n] === r) ? true : undefined;
    },
    { timeoutMs: 30_000, context: () => `saw ${JSON.stringify(seen)}` },
  );
}
async function setStatus(name: string, available: number, pods?: number): Promise<void> {
  const d = await get(name);
  await env.kube.patchStatus(d, deploymentStatus(d, available, pods));
}

describe('a rendered rollout', () => {
  test('the render names both workers by one hash, without replicas, prune disabled; a changed arg changes the hash', () => {
    const [a, b] = [first(), second()];
    expect(hashOf(a)).toMatch(/^[0-9a-f]{8}$/);
    expect(hashOf(b)).not.toBe(hashOf(a));
    expect(workers(a).sort()).toEqual([`dg-decode-${hashOf(a)}`, `dg-prefill-${hashOf(a)}`]);
    for (const d of a.filter((o) => o.kind === 'Deployment' && o.metadata.labels?.[HASH]))
      expect((d as any).spec.replicas).toBeUndefined();
  });

  test('steady state, then a rollout of prefill and decode together, then the old generation retired', async () => {
    const [a, b] = [first(), second()];
    const [oldHash, newHash] = [hashOf(a), hashOf(b)];
    const n = (component: string, hash: string) => `dg-${component}-${hash}`;
    for (const o of a) await env.kube.apply(o);
    // decode's desired count comes from its scaling adapter (2), prefill's from the spec (1).
    await expectReplicas({ [n('prefill', oldHash)]: 1, [n('decode', oldHash)]: 2 });
    await setStatus(n('prefill', oldHash), 1);
    await setStatus(n('decode', oldHash), 2);

    // The second render applied beside the first (no prune): record, frontend and the new generation.
    for (const o of b) await env.kube.apply(o);
    await expectReplicas({
      [n('prefill', newHash)]: 1,
      [n('prefill', oldHash)]: 1,
      [n('decode', newHash)]: 1,
      [n('decode', oldHash)]: 2,
    });
    await env.kube.waitFor<any>(
      DGD,
      'DynamoGraphDeployment',
      'dg',
      env.ns,
      (o) => o?.status?.rollingUpdate?.phase === 'InProgress',
      {
        what: 'InProgress',
      },
    );
    await setStatus(n('prefill', newHash), 1);
    await setStatus(n('decode', newHash), 1);
    await expectReplicas({
      [n('prefill', newHash)]: 1,
      [n('prefill', oldHash)]: 0,
      [n('decode', newHash)]: 2,
      [n('decode', oldHash)]: 1,
    });
    await setStatus(n('decode', newHash), 2);
    await expectReplicas({ [n('decode', oldHash)]: 0 });
    // prefill's old generation is drained but decode's still has a pod: the hash is retired as a whole.
    await setStatus(n('prefill', oldHash), 0, 0);
    await setStatus(n('decode', oldHash), 0, 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await get(n('prefill', oldHash))).toBeDefined();
    await setStatus(n('decode', oldHash), 0, 0);
    for (const c of ['prefill', 'decode']) {
      await env.kube.waitFor('apps/v1', 'Deployment', n(c, oldHash), env.ns, (o) => o === undefined, {
        what: 'retired',
      });
      await env.kube.waitFor('v1', 'Service', n(c, oldHash), env.ns, (o) => o === undefined, { what: 'retired' });
    }
    const dgd = await env.kube.waitFor<any>(
      DGD,
      'DynamoGraphDeployment',
      'dg',
      env.ns,
      (o) => o?.status?.rollingUpdate?.phase === 'Completed',
      { what: 'Completed' },
    );
    expect(dgd!.status.rollingUpdate.updatedComponents).toEqual(['decode', 'prefill']);
    // The frontend is not a generation: untouched by the rollout controller, still there.
    expect(await get('dg-frontend')).toBeDefined();
  });
});
