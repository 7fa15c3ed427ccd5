/**
 * Invalid custom resources: for each rule both the CRD (schema or CEL) and our synth-time
 * validation express, the API server rejects the graph and our validation (loader, validateGraph
 * and the schema checks, as every front end runs them) reports the same problem.
 */
import { errorsOf, loadGraph, Problem, resolveSettings, schemaProblems, validateGraph } from '../../src/api';
import { crdManifests } from '../../src/crds';
import { INVALID_CASES } from './invalid-cases';
import { KubeClient, KubeError, ServerObject, uniqueName } from './kube';

let kube: KubeClient;
let ns: string;
beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  for (const crd of crdManifests()) await kube.installCrd(crd as ServerObject);
  ns = uniqueName('invalid');
  await kube.createNamespace(ns);
});
afterAll(() => kube.close());

const graph = (name: string, spec: object): ServerObject => ({
  apiVersion: 'nvidia.com/v1beta1',
  kind: 'DynamoGraphDeployment',
  metadata: { name, namespace: ns },
  spec: { backendFramework: 'vllm', ...spec },
});

function ourProblems(doc: ServerObject): Problem[] {
  const loaded = loadGraph(doc);
  const found = [...loaded.problems, ...(loaded.model ? validateGraph(loaded.model, resolveSettings({})) : [])];
  return [...found, ...schemaProblems(doc, found)];
}

test('the valid base graph is accepted by both', async () => {
  const ok = graph('ok', {
    components: [
      {
        name: 'Frontend',
        type: 'frontend',
        replicas: 1,
        podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1' }] } },
      },
    ],
  });
  expect(errorsOf(ourProblems(ok))).toEqual([]);
  await expect(kube.create(ok, { dryRun: true })).resolves.toMatchObject({ kind: 'DynamoGraphDeployment' });
});

describe.each(INVALID_CASES.map((c, i) => [c.rule, c, i] as const))('%s', (_rule, c, i) => {
  test('the API server rejects it; validateGraph reports the same rule', async () => {
    const doc = graph(`bad-${i}`, c.spec);
    const err = await kube.create(doc, { dryRun: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(KubeError);
    expect((err as KubeError).status).toBe(c.status ?? 422);
    expect((err as KubeError).message).toMatch(c.server);

    const ours = ourProblems(doc);
    const want = c.ours;
    expect(ours).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: want.path,
          message: expect.stringMatching(want.message),
          severity: want.severity ?? 'error',
        }),
      ]),
    );
  });
});
