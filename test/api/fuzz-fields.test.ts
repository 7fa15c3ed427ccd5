/**
 * The cluster suite's fuzzers without a server (`fuzz-apiserver.test.ts` and `fuzz.test.ts` ask the
 * server about every case): the same seeded cases through our validation — no crash, every error
 * has a field path and is one line; and, one by one, the divergences the API-server fuzz found,
 * each a case we now decide as the API server does.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';
import { errorsOf } from '../../src/api';
import { renderManifest } from '../../src/pipeline/render-manifest';
import { fieldCases, FieldCase } from '../cluster/fuzz-fields';
import { mutate, seededRng } from '../cluster/fuzz-mutate';
import { FUZZ_SETTINGS, verdictOf } from '../cluster/fuzz-verdict';

const RUNS = 450;

test(`${RUNS} seeded field cases: no crash, every error has a path and is one line`, () => {
  const cases = fieldCases(seededRng(20260401), RUNS);
  let refused = 0;
  for (const c of cases) {
    const v = verdictOf(c, 'fuzz');
    if (v.errors.length) refused++;
    for (const p of v.errors) {
      expect(p.path || c.kind).toBeTruthy();
      expect(`${p.path}: ${p.message}`).not.toMatch(/[\n\r]/);
    }
  }
  expect(refused).toBeGreaterThan(RUNS / 5);
  expect(refused).toBeLessThan(RUNS - RUNS / 5);
});

test('300 graphs of the cluster fuzz (fuzz-mutate.ts, same seed): no crash, every error has a path', () => {
  const bases = ['agg-v1beta1.yaml', 'disagg-v1beta1.yaml', 'agg-v1alpha1.yaml', 'disagg-v1alpha1.yaml'].map((f) =>
    parse(readFileSync(join(__dirname, '..', 'fixtures', f), 'utf8')),
  );
  const rng = seededRng(20260401);
  let refused = 0;
  for (let run = 0; run < 300; run++) {
    const doc = JSON.parse(JSON.stringify(bases[run % bases.length]));
    doc.metadata = { ...doc.metadata, name: `fuzz-${run}`, namespace: 'fuzz' };
    mutate(doc, rng);
    const errors = errorsOf(renderManifest(doc, FUZZ_SETTINGS).problems);
    if (errors.length) refused++;
    expect(errors.filter((p) => !p.path)).toEqual([]);
  }
  expect(refused).toBeGreaterThan(30);
  expect(refused).toBeLessThan(270);
});

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
function graph(worker: Record<string, unknown>, extra: Record<string, unknown> = {}): FieldCase {
  return {
    kind: 'graph',
    what: 'unit',
    input: {
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g', ...extra },
      spec: {
        backendFramework: 'vllm',
        components: [
          {
            name: 'Worker',
            type: 'worker',
            podTemplate: {
              spec: {
                containers: [
                  { name: 'main', image: IMAGE, command: ['python3', '-m', 'dynamo.vllm'] },
                  { name: 'sidecar', image: IMAGE },
                ],
                initContainers: [{ name: 'init', image: IMAGE }],
                ...worker,
              },
            },
          },
        ],
      },
    },
  };
}
const errors = (c: FieldCase) => verdictOf(c, 'fuzz').errors.map((p) => `${p.path}: ${p.message}`);
const W = 'spec.components[0].podTemplate.spec';
const sidecar = (o: Record<string, unknown>) => ({
  containers: [
    { name: 'main', image: IMAGE, command: ['python3', '-m', 'dynamo.vllm'] },
    { name: 'sidecar', image: IMAGE, ...o },
  ],
});

describe('divergences the API-server fuzz found, now decided as the server decides', () => {
  test.each([
    [
      'a sidecar request above its limit',
      graph(sidecar({ resources: { requests: { cpu: '2' }, limits: { cpu: '1' } } })),
      `${W}.containers[1].resources.requests[cpu]: Invalid value: "2": must be less than or equal to cpu limit of 1`,
    ],
    [
      'an init container extended request without a limit',
      graph({ initContainers: [{ name: 'init', image: IMAGE, resources: { requests: { 'example.com/foo': 1 } } }] }),
      `${W}.initContainers[0].resources.requests[example.com/foo]: Invalid value: "example.com/foo": Limit must be set for non overcommitable resources`,
    ],
    [
      'huge pages that are not whole pages',
      graph(sidecar({ resources: { limits: { memory: '1Gi', 'hugepages-1Gi': '0.5' } } })),
      `${W}.containers[1].resources.limits[hugepages-1Gi]: Invalid value: "0.5": 0.5 is not positive integer multiple of hugepages-1Gi`,
    ],
    [
      'huge pages without cpu or memory',
      graph(sidecar({ resources: { limits: { 'hugepages-2Mi': '2Mi' } } })),
      `${W}.containers[1].resources.limits[hugepages-2Mi]: Forbidden: HugePages require cpu or memory`,
    ],
    [
      'a port name that is not an IANA service name',
      graph(sidecar({ ports: [{ containerPort: 80, name: 'x--y' }] })),
      `${W}.containers[1].ports[0].name: Invalid value: "x--y": must not contain consecutive hyphens`,
    ],
    [
      'an init container named like a container',
      graph({ initContainers: [{ name: 'main', image: IMAGE }] }),
      `${W}.containers[0].name: Duplicate value: "main"`,
    ],
    [
      'activeDeadlineSeconds in a component pod',
      graph({ activeDeadlineSeconds: 60 }),
      `${W}.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds is not supported in the pods of a Deployment, LeaderWorkerSet or PodClique`,
    ],
    [
      'a hostname that is not a DNS label',
      graph({ hostname: 'Not_Ok' }),
      expect.stringMatching(
        new RegExp(`^${W.replace(/[[\].]/g, '\\$&')}\\.hostname: Invalid value: "Not_Ok": a lowercase RFC 1123 label`),
      ),
    ],
    [
      'an env name with "="',
      graph(sidecar({ env: [{ name: 'A=B', value: 'v' }] })),
      `${W}.containers[1].env[0].name: invalid value "A=B": a valid environment variable name must consist only of printable ASCII characters other than '='`,
    ],
    [
      'annotations over 256 KiB',
      graph({}, { annotations: { 'example.com/big': 'x'.repeat(262_144) } }),
      'metadata.annotations: Too long: may not be more than 262144 bytes (all annotations: 262159)',
    ],
  ])('%s is refused', (_, c, problem) => {
    expect(errors(c)).toEqual([problem]);
  });

  test.each([
    ['an env name starting with a digit (Kubernetes ≥ 1.34)', graph(sidecar({ env: [{ name: '1A', value: 'v' }] }))],
    ['an empty imagePullPolicy (defaulted)', graph(sidecar({ imagePullPolicy: '' }))],
    [
      'an upper-case annotation key prefix (keys are checked lower-cased)',
      graph({}, { annotations: { 'UPPER.com/x': 'v' } }),
    ],
    ['activeDeadlineSeconds 0 in a component pod (read as unset)', graph({ activeDeadlineSeconds: 0 })],
  ])('%s is accepted', (_, c) => {
    expect(errors(c)).toEqual([]);
  });

  const checkpoint = (job: Record<string, unknown>, meta: Record<string, unknown> = {}): FieldCase => ({
    kind: 'checkpoint',
    what: 'unit',
    input: {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoCheckpoint',
      metadata: { name: 'ckpt', ...meta },
      spec: {
        identity: { model: 'm', backendFramework: 'vllm' },
        job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: IMAGE }] } }, ...job },
      },
    },
  });
  test.each([
    [
      'a label value the server refuses',
      checkpoint({}, { labels: { team: '-x' } }),
      'metadata.labels[team]: invalid label value "-x"',
    ],
    [
      'an empty image of an init container',
      checkpoint({
        podTemplateSpec: {
          spec: { containers: [{ name: 'main', image: IMAGE }], initContainers: [{ name: 'i', image: '' }] },
        },
      }),
      'spec.job.podTemplateSpec.spec.initContainers[0].image: Required value',
    ],
    [
      'a pod activeDeadlineSeconds of 0',
      checkpoint({
        podTemplateSpec: { spec: { activeDeadlineSeconds: 0, containers: [{ name: 'main', image: IMAGE }] } },
      }),
      'spec.job.podTemplateSpec.spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive',
    ],
    [
      'a negative shared memory size',
      checkpoint({ sharedMemory: { size: '-1Gi' } }),
      'spec.job.sharedMemory.size: Invalid value: "-1Gi": must be greater than or equal to 0',
    ],
    [
      'template annotations the Job takes over 256 KiB',
      checkpoint({
        podTemplateSpec: {
          metadata: { annotations: { a: 'x'.repeat(262_000) } },
          spec: { containers: [{ name: 'main', image: IMAGE }] },
        },
      }),
      'spec.job.podTemplateSpec.metadata.annotations: Too long: may not be more than 258048 bytes (all annotations: 262001)',
    ],
  ])('checkpoint: %s is refused', (_, c, problem) => {
    expect(errors(c)).toEqual([expect.stringContaining(problem)]);
  });

  test('a DynamoModel annotation key with an empty name part is refused', () => {
    const c: FieldCase = {
      kind: 'model',
      what: 'unit',
      input: {
        apiVersion: 'nvidia.com/v1alpha1',
        kind: 'DynamoModel',
        metadata: { name: 'm', annotations: { 'x/': 'v' } },
        spec: { modelName: 'a', baseModelName: 'b', modelType: 'lora', source: { uri: 's3://b/k' } },
      },
    };
    expect(errors(c)).toEqual([
      expect.stringContaining('metadata.annotations[x/]: invalid annotation key "x/": name part must be non-empty'),
    ]);
  });

  test.each([
    [
      'a zero storage request',
      { nats: { storage: '0' } },
      'nats.storage: Invalid value: "0": must be greater than zero',
    ],
    [
      'a hostPath with ..',
      { checkpointAgent: { image: 'a:1', runtimeSocket: '/run/../x.sock' } },
      "checkpointAgent.runtimeSocket: must not contain '..'",
    ],
  ])('platform: %s is refused', (_, opts, problem) => {
    expect(errors({ kind: 'platform', what: 'unit', input: opts })).toEqual([problem]);
  });

  const alpha = (pvc: Record<string, unknown>): FieldCase => ({
    kind: 'graph',
    what: 'unit',
    input: {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g' },
      spec: {
        pvcs: [
          {
            name: 'cache',
            create: true,
            storageClass: 'standard',
            size: '1Gi',
            volumeAccessMode: 'ReadWriteOnce',
            ...pvc,
          },
        ],
        services: { Frontend: { componentType: 'frontend', extraPodSpec: { mainContainer: { image: IMAGE } } } },
      },
    },
  });
  test.each([
    ['size 0', { size: '0' }, 'spec.pvcs[0].size: Invalid value: "0": must be greater than zero'],
    [
      'an unknown access mode',
      { volumeAccessMode: 'Sometimes' },
      'spec.pvcs[0].volumeAccessMode: Unsupported value: "Sometimes"',
    ],
    [
      'a storage class that is not a DNS subdomain',
      { storageClass: 'Fast_SSD' },
      'spec.pvcs[0].storageClass: Invalid value: "Fast_SSD"',
    ],
    [
      'a name longer than a volume name may be',
      { name: 'a'.repeat(64) },
      "must be no more than 63 characters (it is also the name of the claim's volume)",
    ],
  ])('v1alpha1 PVC: %s is refused', (_, pvc, problem) => {
    expect(errors(alpha(pvc))).toEqual([expect.stringContaining(problem)]);
  });
});
