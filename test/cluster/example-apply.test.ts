/**
 * Every example chart's rendered output, applied the way Flux applies it: server-side apply as
 * `kustomize-controller`. The server must keep every field we set, as we set it (a pruned or
 * rewritten field means our schema or our output is wrong), and applying again must be a no-op.
 * Two extra graphs cover the kinds the example app does not render (InferencePool, VirtualService).
 */
import { installEveryRenderedKind, THIRD_PARTY_KINDS } from './crds/third-party';
import { EXAMPLE_NAMESPACE } from '../../examples/app';
import { describeObject, exampleCharts } from './example-objects';
import { extraCharts } from './extra-graphs';
import { FLUX_FIELD_MANAGER, KubeClient } from './kube';
import { lostOrChanged } from './read-back';

let kube: KubeClient;
const charts = [...exampleCharts(), ...extraCharts(EXAMPLE_NAMESPACE)];

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installEveryRenderedKind(kube);
  const namespaces = new Set(
    charts.flatMap((c) => c.objects.map((o) => o.metadata.namespace).filter((n): n is string => !!n)),
  );
  for (const ns of namespaces) await kube.createNamespace(ns);
});
afterAll(() => kube.close());

test('the example app renders charts to check', () => {
  expect(charts.length).toBeGreaterThanOrEqual(4);
});

test('every third-party kind in the output has a stand-in CRD', () => {
  const builtIn =
    /^(v1|apps\/v1|rbac\.authorization\.k8s\.io\/v1|networking\.k8s\.io\/v1|nvidia\.com\/v1(alpha1|beta1))$/;
  const thirdParty = new Set(
    charts
      .flatMap((c) => c.objects)
      .filter((o) => !builtIn.test(o.apiVersion))
      .map((o) => `${o.apiVersion} ${o.kind}`),
  );
  const standIns = new Set(THIRD_PARTY_KINDS.flatMap((k) => k.versions.map((v) => `${k.group}/${v} ${k.kind}`)));
  expect([...thirdParty].filter((k) => !standIns.has(k))).toEqual([]);
  // One fewer since multinode renders no Volcano PodGroups (one LeaderWorkerSet per component, as upstream).
  expect(thirdParty.size).toBeGreaterThanOrEqual(4);
});

describe.each(charts.map((c) => [c.chart, c.objects] as const))('chart %s', (_chart, objects) => {
  const firstVersions = new Map<string, string>();

  test('applies with server-side apply and every field we set reads back unchanged', async () => {
    const problems: string[] = [];
    for (const obj of objects) {
      const applied = await kube.apply(obj);
      firstVersions.set(describeObject(obj), applied.metadata.resourceVersion!);
      const read = await kube.get(obj.apiVersion, obj.kind, obj.metadata.name, obj.metadata.namespace);
      for (const [what, got] of [
        ['apply', applied],
        ['get', read],
      ] as const) {
        problems.push(...lostOrChanged(obj, got).map((p) => `${describeObject(obj)} (${what}): ${p}`));
      }
      // Flux is the only manager. (An object with nothing but a name, like a bare
      // ServiceAccount, owns no fields, so it has no managedFields entry at all.)
      const managers = ((read!.metadata.managedFields ?? []) as Array<{ manager: string; operation: string }>).map(
        (m) => `${m.manager}/${m.operation}`,
      );
      if (managers.some((m) => m !== `${FLUX_FIELD_MANAGER}/Apply`))
        problems.push(`${describeObject(obj)}: managers ${managers.join(', ')}`);
    }
    expect(problems).toEqual([]);
  });

  test('applying the same output again changes nothing (resourceVersion unchanged)', async () => {
    const changed: string[] = [];
    for (const obj of objects) {
      const again = await kube.apply(obj);
      const before = firstVersions.get(describeObject(obj));
      if (again.metadata.resourceVersion === before) continue;
      if (obj.kind === 'PersistentVolumeClaim') {
        // kube-apiserver quirk: a PVC's first update after create writes once more, with no
        // visible change (any PVC, any manager; see README). From then on it is stable.
        const third = await kube.apply(obj);
        if (third.metadata.resourceVersion === again.metadata.resourceVersion) continue;
      }
      changed.push(`${describeObject(obj)}: ${before} -> ${again.metadata.resourceVersion}`);
    }
    expect(changed).toEqual([]);
  });
});
