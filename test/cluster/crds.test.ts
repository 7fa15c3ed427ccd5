/**
 * `dynamo-iac crds` on a real API server: every CRD installs and becomes Established,
 * and objects written in either served version read back unchanged through both
 * versions (the CRDs use `conversion: None`; see src/crds/crd.ts for why that is safe).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';
import { crdManifests } from '../../src/crds';
import { KubeClient, KubeError, ServerObject, uniqueName } from './kube';
import { lostOrChanged } from './read-back';

let kube: KubeClient;
let ns: string;
beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  ns = uniqueName('crds');
  await kube.createNamespace(ns);
});
afterAll(() => kube.close());

const CRD_API = 'apiextensions.k8s.io/v1';
const fixture = (name: string): ServerObject =>
  parse(readFileSync(join(__dirname, '..', 'crds', 'fixtures', name), 'utf8'));

test('every CRD installs, becomes Established and accepts its names', async () => {
  const crds = crdManifests();
  expect(crds.length).toBeGreaterThanOrEqual(5);
  for (const crd of crds) {
    const established: any = await kube.installCrd(crd as ServerObject);
    const conditions = established.status.conditions.map((c: any) => `${c.type}=${c.status}`);
    expect(conditions).toEqual(expect.arrayContaining(['NamesAccepted=True', 'Established=True']));
    expect(conditions).not.toContain('NonStructuralSchema=True');
    expect(established.status.acceptedNames.kind).toBe((crd.spec as any).names.kind);
  }
});

/** One sample per kind and served version; `metadata.name` is made unique per version. */
function samples(): ServerObject[] {
  const base = (apiVersion: string, kind: string, name: string, spec: object): ServerObject => ({
    apiVersion,
    kind,
    metadata: { name, namespace: ns },
    spec,
  });
  return [
    { ...fixture('dgd-disagg.v1alpha1.yaml'), metadata: { name: 'dgd-a1', namespace: ns } },
    { ...fixture('dgd-disagg.v1beta1.yaml'), metadata: { name: 'dgd-b1', namespace: ns } },
    base('nvidia.com/v1alpha1', 'DynamoComponentDeployment', 'dcd-a1', {
      backendFramework: 'sglang',
      componentType: 'worker',
      replicas: 1,
      envs: [{ name: 'A', value: '1' }],
      frontendSidecar: { image: 'nvcr.io/nvidia/ai-dynamo/sglang-runtime:0.8.0', args: ['--http-port', '8000'] },
      scalingAdapter: { enabled: true },
      extraPodSpec: { mainContainer: { image: 'nvcr.io/nvidia/ai-dynamo/sglang-runtime:0.8.0' } },
    }),
    base('nvidia.com/v1beta1', 'DynamoComponentDeployment', 'dcd-b1', {
      backendFramework: 'sglang',
      name: 'Worker',
      type: 'worker',
      replicas: 1,
      frontendSidecar: 'sidecar-frontend',
      scalingAdapter: {},
      podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/sglang-runtime:1.3.1' }] } },
    }),
    base('nvidia.com/v1alpha1', 'DynamoGraphDeploymentScalingAdapter', 'sa-a1', {
      replicas: 2,
      dgdRef: { name: 'g', serviceName: 'VllmWorker' },
    }),
    base('nvidia.com/v1beta1', 'DynamoGraphDeploymentScalingAdapter', 'sa-b1', {
      replicas: 2,
      dgdRef: { name: 'g', componentName: 'VllmWorker', componentGroupName: 'workers' },
    }),
    base('nvidia.com/v1alpha1', 'DynamoModel', 'model-a1', {
      modelName: 'lora-1',
      baseModelName: 'Qwen/Qwen3-0.6B',
      modelType: 'lora',
      source: { uri: 'hf://org/lora@main' },
    }),
    base('nvidia.com/v1alpha1', 'DynamoCheckpoint', 'ckpt-a1', {
      identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm' },
      job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: 'img' }] } } },
    }),
    // What a Dynamo 1.6 worker writes under Kubernetes discovery (reference/real-node.md §5).
    base('nvidia.com/v1alpha1', 'DynamoWorkerMetadata', 'worker-pod-abc12', {
      data: {
        endpoints: {
          'dynamo/backend/generate/7587890811863417': {
            type: 'Endpoint',
            namespace: 'dynamo',
            component: 'backend',
            endpoint: 'generate',
            instance_id: 7587890811863417,
            transport: { tcp: '10.244.0.20:8001/cid/generate' },
          },
        },
        model_cards: { 'dynamo/backend/generate/7587890811863417': { display_name: 'tiny', context_length: 2048 } },
        event_channels: {},
      },
    }),
  ];
}

function servedVersions(kind: string): string[] {
  const crd = crdManifests().find((c) => (c.spec as any).names.kind === kind)!;
  return (crd.spec as any).versions.filter((v: any) => v.served).map((v: any) => v.name);
}

describe.each(samples().map((s) => [`${s.kind} ${s.apiVersion.split('/')[1]}`, s] as const))('%s', (_label, sample) => {
  test('is created and reads back unchanged through every served version', async () => {
    const written: ServerObject = { ...sample, metadata: { ...sample.metadata, namespace: ns } };
    const created = await kube.create(written);
    expect(lostOrChanged(written.spec, created.spec)).toEqual([]);
    for (const version of servedVersions(sample.kind)) {
      const read = await kube.get(`nvidia.com/${version}`, sample.kind, sample.metadata.name, ns);
      expect(read?.apiVersion).toBe(`nvidia.com/${version}`);
      expect({ version, lost: lostOrChanged(written.spec, read!.spec) }).toEqual({ version, lost: [] });
    }
  });
});

test('each CRD stores only its storage version', async () => {
  for (const crd of crdManifests()) {
    const storage = (crd.spec as any).versions.find((v: any) => v.storage).name;
    const read: any = await kube.get(CRD_API, 'CustomResourceDefinition', crd.metadata.name);
    expect({ crd: crd.metadata.name, stored: read.status.storedVersions }).toEqual({
      crd: crd.metadata.name,
      stored: [storage],
    });
  }
});

test('a field neither version knows is still rejected (strict) or pruned', async () => {
  const bad = {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'typo', namespace: ns },
    spec: { components: [{ name: 'Frontend', type: 'frontend', replica: 3 }] },
  };
  const err = await kube.create(bad).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(KubeError);
  expect((err as KubeError).message).toContain('unknown field "spec.components[0].replica"');
  const lenient = await kube.create(bad, { fieldValidation: 'Ignore' });
  expect((lenient.spec as any).components[0]).not.toHaveProperty('replica');
});

test('a DynamoWorkerMetadata needs spec.data, as upstream', async () => {
  const err = await kube
    .create({
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoWorkerMetadata',
      metadata: { name: 'no-data', namespace: ns },
      spec: {},
    })
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(err).toBeInstanceOf(KubeError);
  expect((err as KubeError).message).toContain('spec.data: Required value');
});

test('a field added from another version brings no default: v1beta1 `scalingAdapter: {}` stays empty', async () => {
  const read: any = await kube.get('nvidia.com/v1beta1', 'DynamoComponentDeployment', 'dcd-b1', ns);
  expect(read.spec.scalingAdapter).toEqual({});
});
