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

// The v1beta2 twin of examples/requests/qwen3-32b-h200.yaml: the same search inputs, so the same plan.
const v1beta2Ns = uniqueName('dgdr-v1beta2');
const v1beta2 = render(
  [read(path.join(__dirname, '..', 'kinds', 'request', 'fixtures', 'v1beta2-request.yaml'))],
  v1beta2Ns,
).map((o) =>
  o.kind === 'DynamoGraphDeploymentRequest' ? { ...o, metadata: { ...o.metadata, namespace: v1beta2Ns } } : o,
);

let kube: KubeClient;
beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  for (const crd of crdManifests()) await kube.installCrd(crd as ServerObject);
  for (const ns of new Set([...planned, ...thorough, ...v1beta2].map((o) => o.metadata.namespace!))) {
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

test('a v1beta2 request applies with server-side apply; fields read back unchanged; re-applying settles after one write', async () => {
  // Stored as v1beta1 (conversion: None), it reads back with v1beta1's defaults too (docs/deviations.md);
  // the second apply writes them once, and from then on an apply changes nothing.
  const [obj] = v1beta2;
  await kube.apply(obj);
  const got = await kube.get(obj.apiVersion, obj.kind, obj.metadata.name, obj.metadata.namespace);
  expect(lostOrChanged(obj, got)).toEqual([]);
  const second = await kube.apply(obj);
  const third = await kube.apply(obj);
  expect(third.metadata.resourceVersion).toBe(second.metadata.resourceVersion);
});

test('a v1beta2 request renders as its record only (upstream publishes candidates for review; the plan is written for review)', () => {
  expect(v1beta2.map((o) => `${o.apiVersion} ${o.kind}`)).toEqual(['nvidia.com/v1beta2 DynamoGraphDeploymentRequest']);
  expect(v1beta2[0].spec).not.toHaveProperty('v1beta1');
});

test("the server applies v1beta2's defaults and rejects what its CEL rules reject, with upstream's messages", async () => {
  const fixture = v1beta2[0];
  const got = await kube.get('nvidia.com/v1beta2', 'DynamoGraphDeploymentRequest', fixture.metadata.name, v1beta2Ns);
  expect(got!.spec).toMatchObject({ modelRef: { remoteCode: 'Never' } });
  // An absent `recommendation` stays absent (upstream's field is optional, no default object).
  expect(got!.spec).not.toHaveProperty('recommendation');
  const withRecommendation = await kube.create(
    {
      ...fixture,
      metadata: { name: uniqueName('rec'), namespace: v1beta2Ns },
      spec: { ...(fixture.spec as Record<string, unknown>), recommendation: {} },
    } as ServerObject,
    { dryRun: true },
  );
  expect(withRecommendation.spec).toMatchObject({ recommendation: { maxCandidates: 5 } });
  const reject = async (patch: Record<string, unknown>) => {
    const obj = {
      ...fixture,
      metadata: { name: uniqueName('bad'), namespace: v1beta2Ns },
      spec: { ...(fixture.spec as Record<string, unknown>), ...patch },
    };
    return kube.create(obj as ServerObject, { dryRun: true }).then(
      () => 'accepted',
      (e: unknown) => (e instanceof KubeError ? e.message : String(e)),
    );
  };
  const staticShape = { isl: 1, osl: 1, numRequestRatio: 1 };
  expect(await reject({ workload: {} })).toMatch(
    /spec\.workload: Invalid value: exactly one of trace or static must be specified/,
  );
  expect(await reject({ workload: { static: staticShape } })).toMatch(
    /exactly one of requestRate, concurrency, or kvLoadRatio must be specified/,
  );
  expect(
    await reject({ workload: { trace: { source: { uri: 's3://t', pvc: { claimName: 'c', path: 'p' } } } } }),
  ).toMatch(/exactly one of pvc or uri must be specified/);
  expect(await reject({ objective: { mode: 'optimize' } })).toMatch(
    /optimize requires metric; pareto accepts only metrics/,
  );
  expect(await reject({ objective: { mode: 'pareto', sla: { ttftMs: 5 } } })).toMatch(
    /specify either e2eMs or both ttftMs and itlMs/,
  );
  expect(await reject({ modelRef: { name: 'm', remoteCode: 'TrustCacheAndRevision' } })).toMatch(
    /remoteCode TrustCacheAndRevision requires revision and cache.pvc/,
  );
  expect(await reject({ workload: { static: { ...staticShape, requestRate: 0 } } })).toMatch(/must be greater than 0/);
  expect(await reject({ backends: ['vllm', 'vllm'] })).toMatch(/spec\.backends\[1\]: Duplicate value/);
  expect(await reject({ workload: { trace: { source: { uri: 's3://t' } } } })).toBe('accepted');
});
