/**
 * The same graph through each front end, each ending in a served completion on the real node:
 * `cdk8s synth` output applied with kubectl, our GitOps output reconciled by Flux's own
 * kustomize-controller and by Argo CD's own controllers, and `pulumi up` with the real Pulumi engine. The platform (CRDs and the
 * cluster-wide operator) is the one the global setup installed, so each front end renders the
 * graph only (the GitOps tree with --no-platform --no-crds: installed elsewhere).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ArgoOnNode } from './argo';
import { FLUX_NAMESPACE, FluxOnNode } from './flux';
import {
  applyYaml,
  pulumiStack,
  deleteNamespace,
  expectServed,
  graphFile,
  kube,
  namespace,
  poll,
  report,
  ROOT,
  serviceUrl,
  tempDir,
  waitPodsReady,
  waitServing,
} from './node';

const GRAPH_PODS = 'nvidia.com/dynamo-graph-deployment-name=mock-agg';

let dir: string;
beforeAll(() => {
  dir = tempDir('front-ends');
});
// Flux's kustomize-controller and the Pulumi engine are built by test/e2e/run.sh before it enters
// the node's network namespace, which has no route to the Go module proxy: nothing builds here.
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function expectGraphServes(ns: string, what: string, since: number): Promise<void> {
  await waitPodsReady(ns, GRAPH_PODS, 2);
  const { completion } = await waitServing(await serviceUrl(ns, 'mock-agg-frontend'), ns);
  report(`${what}: deploy -> first served completion`, `${((Date.now() - since) / 1000).toFixed(1)} s`);
  expectServed(completion);
}

test('cdk8s: `cdk8s synth` output applied with kubectl serves', async () => {
  const ns = await namespace('e2e-cdk8s');
  try {
    const out = path.join(dir, 'cdk8s');
    // The cdk8s CLI as a user runs it, with an app of their own.
    execFileSync(
      path.join(ROOT, 'node_modules', '.bin', 'cdk8s'),
      ['synth', '--app', 'node --require ./scripts/run-ts.cjs test/e2e/apps/cdk8s-app.ts', '--output', out],
      { cwd: ROOT, env: { ...process.env, E2E_NAMESPACE: ns, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const files = fs.readdirSync(out).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(0);
    const start = Date.now();
    applyYaml(files.map((f) => fs.readFileSync(path.join(out, f), 'utf8')).join('\n---\n'));
    await expectGraphServes(ns, 'cdk8s synth + kubectl apply', start);
  } finally {
    await deleteNamespace(ns);
  }
});

test("GitOps: Flux's kustomize-controller reconciles `dynamo-iac gitops` output and the graph serves", async () => {
  const ns = await namespace('e2e-flux');
  const k = kube();
  const flux = await FluxOnNode.install();
  try {
    // What a user commits: the graphs layer and flux/ (CRDs and platform are installed elsewhere).
    flux.writeGraphs(graphFile(dir, 'agg.yaml', ns));
    const start = Date.now();
    await flux.sync('graphs');
    await expectGraphServes(ns, 'dynamo-iac gitops + Flux', start);
    // Flux's own health check (healthCheckExprs on the graph's Ready condition) turns the layer Ready.
    await k.waitForCondition(
      'kustomize.toolkit.fluxcd.io/v1',
      'Kustomization',
      'dynamo-graphs',
      FLUX_NAMESPACE,
      'Ready',
      {
        timeoutMs: 180_000,
      },
    );
    const deployment = (await k.get('apps/v1', 'Deployment', 'mock-agg-frontend', ns))!;
    const managers = ((deployment.metadata.managedFields ?? []) as { manager?: string }[]).map((m) => m.manager);
    expect(managers).toContain('kustomize-controller');
  } catch (err) {
    process.stderr.write(flux.tail());
    throw err;
  } finally {
    // Deleting the Kustomizations prunes what Flux applied; then the namespace.
    await flux.stop();
    await deleteNamespace(ns);
  }
});

test("GitOps: Argo CD's controllers sync `dynamo-iac gitops --argocd-url` output; the graphs Application turns Healthy only once the operator reports the graph Ready, and it serves", async () => {
  const argo = await ArgoOnNode.install(dir);
  const ns = await namespace('e2e-argo');
  const k = kube();
  try {
    // What a user commits: the graphs layer and argocd/ (CRDs and platform are installed elsewhere).
    argo.writeGraphs(graphFile(dir, 'agg.yaml', ns));
    argo.push('graphs');
    await argo.start();
    const start = Date.now();
    argo.bootstrap();
    // What Argo CD says of the Application and of the graph, against what the operator wrote.
    const seen: string[] = [];
    let last = '';
    // One line per change of state, with the time it was first seen.
    const note = (state: string) => {
      if (state !== last) seen.push(`${((Date.now() - start) / 1000).toFixed(1)} s: ${(last = state)}`);
    };
    await poll(
      'the dynamo-graphs Application Healthy and Synced',
      async () => {
        const app = await argo.application();
        const graph = (app?.status?.resources ?? []).find((r: any) => r.kind === 'DynamoGraphDeployment');
        const dgd = await k.get<any>('nvidia.com/v1beta1', 'DynamoGraphDeployment', 'mock-agg', ns);
        const ready = (dgd?.status?.conditions ?? []).find((c: any) => c.type === 'Ready');
        const operatorReady = ready?.status === 'True' && dgd.status.observedGeneration === dgd.metadata.generation;
        const health = app?.status?.health?.status;
        const sync = app?.status?.sync?.status;
        note(
          `app ${health ?? 'none'} ${sync ?? ''}, graph ${graph?.health ? `${graph.health.status} (${graph.health.message})` : 'none'}, operator Ready=${operatorReady}`,
        );
        // Argo CD v3 leaves resources not created yet out of an Application's health (its sync
        // status says OutOfSync for them): Healthy and Synced together is what `argocd app wait` waits for.
        if (health !== 'Healthy' || sync !== 'Synced' || app.status.operationState?.phase === 'Running')
          return undefined;
        // Argo CD calls the synced graphs Healthy only once the operator reports the graph Ready.
        expect([seen, operatorReady]).toEqual([seen, true]);
        return app;
      },
      { timeoutMs: 300_000, intervalMs: 250, context: () => `${seen.join('\n')}\n${argo.tails()}` },
    );
    const healthyAfter = Date.now() - start;
    // And the graph serves: a completion through its frontend Service.
    const { completion, ms } = await waitServing(await serviceUrl(ns, 'mock-agg-frontend'), ns, 60_000);
    report('dynamo-iac gitops + Argo CD: deploy -> Application Healthy', `${(healthyAfter / 1000).toFixed(1)} s`);
    report('Argo CD Healthy -> first served completion', `${(ms / 1000).toFixed(1)} s`);
    process.stderr.write(`[e2e] Argo CD, as the test saw it:\n${seen.join('\n')}\n`);
    expectServed(completion);
    // Before that, Argo CD saw the graph and said it was not healthy yet.
    expect(seen.some((l) => /graph Progressing/.test(l))).toBe(true);
    const deployment = (await k.get('apps/v1', 'Deployment', 'mock-agg-frontend', ns))!;
    const managers = ((deployment.metadata.managedFields ?? []) as { manager?: string }[]).map((m) => m.manager);
    expect(managers).toContain('argocd-controller');
  } catch (err) {
    process.stderr.write(argo.tails());
    throw err;
  } finally {
    await argo.stop();
    await deleteNamespace(ns);
  }
});

/** `pulumi up` of a program in apps/<app>: the graph serves; `pulumi destroy` leaves nothing of it. */
async function upServesDestroy(app: string, groups: string[], transpileOnly: boolean): Promise<void> {
  const ns = await namespace(`e2e-${app}`);
  const stack = await pulumiStack(app, 'e2e', app, { groups, transpileOnly });
  try {
    await stack.setConfig('namespace', ns);
    const start = Date.now();
    await stack.up();
    const out = JSON.parse((await stack.cli(['stack', 'output', '--json'])).stdout);
    expect(out.frontend).toBe('mock-agg-frontend');
    await expectGraphServes(ns, `pulumi up (${app})`, start);
    await stack.cli(['destroy', '--yes']);
    // Deleted objects may still be finishing (their pods' grace period); none may stay.
    await poll(
      'nothing of the graph left after pulumi destroy',
      async () => ((await k8sLeft(ns)).length === 0 ? true : undefined),
      {
        timeoutMs: 120_000,
        context: async () => (await k8sLeft(ns)).join(', '),
      },
    );
  } finally {
    await stack.dispose();
    await deleteNamespace(ns);
  }
}

test('Pulumi: `pulumi up` with the real engine deploys the graph, which serves; destroy leaves nothing', () =>
  upServesDestroy('pulumi', ['pulumi'], true));

test('Pulumi YAML: the multi-language package (pulumi-plugin/) deploys the graph, which serves; destroy leaves nothing', () =>
  upServesDestroy('pulumi-yaml', ['pulumi', 'pulumilangs'], false));

/** What is left in `ns` of the graph: Deployments, Services and the graph record. */
async function k8sLeft(ns: string): Promise<string[]> {
  const k = kube();
  const left: string[] = [];
  for (const [api, kind] of [
    ['apps/v1', 'Deployment'],
    ['v1', 'Service'],
    ['nvidia.com/v1beta1', 'DynamoGraphDeployment'],
  ])
    for (const o of await k.list(api, kind, { namespace: ns })) left.push(`${kind}/${o.metadata.name}`);
  return left;
}
