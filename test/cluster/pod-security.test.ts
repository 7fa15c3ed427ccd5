/**
 * Pod Security Admission: the labels we recommend (RECOMMENDED_POD_SECURITY_LABELS) are set on
 * a namespace, and a Pod made from every rendered pod template passes them with `enforce` set.
 * PSA only enforces on Pods (workload templates only get warnings), and no controller runs here,
 * so the test creates the Pods itself (server dry-run: admission runs, nothing is stored).
 */
import { RECOMMENDED_POD_SECURITY_LABELS } from '../../src/render';
import { exampleCharts } from './example-objects';
import { extraCharts } from './extra-graphs';
import { KubeClient, KubeError, podSecurityLabels, uniqueName } from './kube';
import { podFrom, podTemplatesOf } from './pod-templates';

let kube: KubeClient;
beforeAll(() => {
  kube = KubeClient.fromTestEnv();
});
afterAll(() => kube.close());

const templates = [...exampleCharts(), ...extraCharts('unused')].flatMap((c) => c.objects).flatMap(podTemplatesOf);

test('the rendered output has pod templates of every workload kind', () => {
  const kinds = new Set(templates.map((t) => t.source.split(' ')[0]));
  expect([...kinds].sort()).toEqual(['Deployment', 'LeaderWorkerSet', 'PodCliqueSet']);
});

test('the recommended labels enforce baseline and warn/audit restricted', () => {
  expect(RECOMMENDED_POD_SECURITY_LABELS).toEqual({
    ...podSecurityLabels('restricted'),
    'pod-security.kubernetes.io/enforce': 'baseline',
  });
});

test('every rendered pod passes the recommended labels with enforce set', async () => {
  const ns = uniqueName('psa-recommended');
  const created = await kube.createNamespace(ns, { ...RECOMMENDED_POD_SECURITY_LABELS });
  expect(created.metadata.labels).toMatchObject(RECOMMENDED_POD_SECURITY_LABELS);
  const rejected: string[] = [];
  for (const [i, t] of templates.entries()) {
    await kube.create(podFrom(t, ns, i), { dryRun: true }).catch((e: unknown) => {
      rejected.push(`${t.source}: ${e instanceof KubeError ? e.message : String(e)}`);
    });
  }
  expect(rejected).toEqual([]);
});

test('restricted cannot be enforced: the server names what our pods lack', async () => {
  const ns = uniqueName('psa-restricted');
  await kube.createNamespace(ns, podSecurityLabels('restricted'));
  const reasons = new Set<string>();
  let rejected = 0;
  for (const [i, t] of templates.entries()) {
    await kube.create(podFrom(t, ns, i), { dryRun: true }).catch((e: unknown) => {
      if (!(e instanceof KubeError) || e.status !== 403) throw e;
      rejected++;
      for (const m of e.message.matchAll(
        /(allowPrivilegeEscalation|unrestricted capabilities|runAsNonRoot|seccompProfile)/g,
      ))
        reasons.add(m[1]);
    });
  }
  // Every pod fails restricted, for the reasons in src/render/pod-security.ts.
  expect(rejected).toBe(templates.length);
  expect([...reasons].sort()).toEqual([
    'allowPrivilegeEscalation',
    'runAsNonRoot',
    'seccompProfile',
    'unrestricted capabilities',
  ]);
});
