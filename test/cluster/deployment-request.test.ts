/**
 * DynamoGraphDeploymentRequests against a real API server: the graphs the committed example plan
 * generates (every object), the request records, and a thorough request's profiling Job with its
 * RBAC, applied the way Flux applies them; the DGDR CRD keeps both versions' fields and rejects
 * what our validation rejects.
 */
import * as fs from 'fs';
import * as path from 'path';
import { KubeObject as Rendered } from '../../src/api/k8s-types';
import { resolveSettings } from '../../src/api/settings';
import { crdManifests } from '../../src/crds';
import { renderManifests } from '../../src/pipeline/manifests';
import { parseLock } from '../../src/plan/lock';
import { describeObject } from './example-objects';
import { KubeClient, KubeError, ServerObject, uniqueName } from './kube';
import { lostOrChanged } from './read-back';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const LOCK_FILE = path.join(EXAMPLES, 'dynamo-plan.lock');
const read = (f: string) => ({ source: f, text: fs.readFileSync(f, 'utf8') });

function render(inputs: { source: string; text: string }[], namespace: string): ServerObject[] {
  const out = renderManifests(inputs, resolveSettings({}), {
    defaultNamespace: namespace,
    plans: { file: LOCK_FILE, lock: parseLock(fs.readFileSync(LOCK_FILE, 'utf8'), LOCK_FILE) },
  });
  if (out.problems.some((p) => p.severity !== 'warning')) throw new Error(JSON.stringify(out.problems));
  return out.objects as ServerObject[];
}

const planned = render(
  fs.readdirSync(path.join(EXAMPLES, 'requests')).map((f) => read(path.join(EXAMPLES, 'requests', f))),
  'unused',
);
const thoroughNs = uniqueName('dgdr-thorough');
const thorough = render(
  [
    {
      source: 'thorough.yaml',
      text: `apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeploymentRequest
metadata: { name: llama }
spec:
  model: meta-llama/Llama-3.1-70B
  backend: vllm
  searchStrategy: thorough
  image: nvcr.io/nvidia/ai-dynamo/dynamo-planner:1.3.1
  hardware: { gpuSku: h100_sxm, totalGpus: 8 }
  modelCache: { pvcName: weights }
  overrides:
    profilingJob:
      activeDeadlineSeconds: 7200
`,
    },
  ],
  thoroughNs,
);

let kube: KubeClient;
beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  for (const crd of crdManifests()) await kube.installCrd(crd as ServerObject);
  for (const ns of new Set([...planned, ...thorough].map((o) => o.metadata.namespace!))) {
    if (!(await kube.get('v1', 'Namespace', ns))) await kube.createNamespace(ns);
  }
});
afterAll(() => kube.close());

test('the example plan renders the requests, the deployed graph and its planner ConfigMap (the review-only graph stays out)', () => {
  const kinds = planned.map((o) => `${o.kind}/${o.metadata.name}`);
  expect(kinds).toEqual(
    expect.arrayContaining([
      'DynamoGraphDeploymentRequest/qwen3-32b',
      'DynamoGraphDeploymentRequest/qwen3-small',
      'DynamoGraphDeployment/qwen3-32b',
      'ConfigMap/qwen3-32b-planner-config',
      expect.stringMatching(/^Deployment\/qwen3-32b-vllmdecodeworker-[0-9a-f]{8}$/),
      'Deployment/qwen3-32b-planner',
    ]),
  );
  expect(kinds).not.toContain('DynamoGraphDeployment/qwen3-small');
  expect(thorough.map((o) => o.kind)).toEqual([
    'DynamoGraphDeploymentRequest',
    'ServiceAccount',
    'Role',
    'RoleBinding',
    'ConfigMap',
    'Job',
  ]);
});

describe.each([
  ['planned graphs', planned],
  ['thorough profiling Job', thorough],
] as const)('%s', (_what, objects) => {
  const versions = new Map<string, string>();

  test('apply with server-side apply; every field we set reads back unchanged', async () => {
    const problems: string[] = [];
    for (const obj of objects) {
      const applied = await kube.apply(obj);
      versions.set(describeObject(obj), applied.metadata.resourceVersion!);
      const got = await kube.get(obj.apiVersion, obj.kind, obj.metadata.name, obj.metadata.namespace);
      problems.push(...lostOrChanged(obj, got).map((p) => `${describeObject(obj)}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  test('applying again changes nothing', async () => {
    const changed: string[] = [];
    for (const obj of objects) {
      const again = await kube.apply(obj);
      if (again.metadata.resourceVersion !== versions.get(describeObject(obj))) changed.push(describeObject(obj));
    }
    expect(changed).toEqual([]);
  });
});

test("a v1alpha1 request is stored through v1beta1 and reads back with its profilingConfig (each version carries the other's fields)", async () => {
  const ns = thoroughNs;
  const alpha: ServerObject = {
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoGraphDeploymentRequest',
    metadata: { name: 'legacy', namespace: ns },
    spec: {
      model: 'Qwen/Qwen3-0.6B',
      backend: 'vllm',
      profilingConfig: { profilerImage: 'p:1', config: { sla: { ttft: 200, itl: 10 } } },
    },
  };
  await kube.apply(alpha);
  const viaBeta = await kube.get('nvidia.com/v1beta1', 'DynamoGraphDeploymentRequest', 'legacy', ns);
  expect(viaBeta!.spec).toMatchObject({
    model: 'Qwen/Qwen3-0.6B',
    profilingConfig: { profilerImage: 'p:1', config: { sla: { ttft: 200, itl: 10 } } },
    autoApply: false,
  });
});

test('the server rejects what our validation rejects: no model, an unknown GPU, an override without apiVersion and kind', async () => {
  const reject = async (spec: Record<string, unknown>) => {
    const obj: Rendered = {
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeploymentRequest',
      metadata: { name: uniqueName('bad'), namespace: thoroughNs },
      spec,
    };
    return kube.create(obj as ServerObject, { dryRun: true }).then(
      () => 'accepted',
      (e: unknown) => (e instanceof KubeError ? e.message : String(e)),
    );
  };
  expect(await reject({ hardware: { gpuSku: 'h200_sxm' } })).toMatch(/spec\.model: Required value/);
  expect(await reject({ model: 'm', hardware: { gpuSku: 'h900' } })).toMatch(
    /spec\.hardware\.gpuSku: Unsupported value: "h900"/,
  );
  expect(await reject({ model: 'm', overrides: { dgd: { spec: {} } } })).toMatch(
    /spec\.overrides\.dgd\.(apiVersion|kind): Required value/,
  );
  expect(
    await reject({
      model: 'm',
      overrides: { dgd: { apiVersion: 'nvidia.com/v1beta1', kind: 'DynamoGraphDeployment', spec: { components: [] } } },
    }),
  ).toBe('accepted');
});
