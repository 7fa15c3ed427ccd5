/**
 * The CEL and schema rules of issue 19's fields that dynamo-iac checks at synth time: the real API
 * server refuses each case with the same rule, and validation reports it at the same path.
 */
import { loadGraph, Problem, resolveSettings, schemaProblems, validateGraph } from '../../src/api';
import { KubeClient, ServerObject, refusal, testNamespace } from './kube';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1';
let kube: KubeClient;
let ns: string;

beforeAll(async () => {
  ({ kube, ns } = await testNamespace('exp-invalid'));
});

const worker = (experimental: object) => ({
  name: 'Worker',
  type: 'worker',
  podTemplate: {
    spec: {
      containers: [
        { name: 'main', image: IMAGE, args: ['-m', 'dynamo.vllm'], resources: { limits: { 'nvidia.com/gpu': '1' } } },
      ],
    },
  },
  experimental,
});
const policy = (p: object) => ({
  components: [worker({})],
  experimental: { kvTransferPolicy: { labelKey: 'topology.kubernetes.io/zone', domain: 'zone', ...p } },
});

interface Case {
  rule: string;
  spec: object;
  server: RegExp;
  path: string;
  message: RegExp;
}
const CASES: Case[] = [
  {
    rule: 'preferredWeight required with preferred',
    spec: policy({ enforcement: 'preferred' }),
    server: /preferredWeight is required when enforcement is preferred/,
    path: 'spec.experimental.kvTransferPolicy',
    message: /^preferredWeight is required when enforcement is preferred$/,
  },
  {
    rule: 'preferredWeight only with preferred',
    spec: policy({ preferredWeight: 0.5 }),
    server: /preferredWeight may only be set when enforcement is preferred/,
    path: 'spec.experimental.kvTransferPolicy',
    message: /^preferredWeight may only be set when enforcement is preferred$/,
  },
  {
    rule: 'kvTransferPolicy domain required',
    spec: { components: [worker({})], experimental: { kvTransferPolicy: { labelKey: 'topology.kubernetes.io/zone' } } },
    server: /kvTransferPolicy\.domain: Required value/,
    path: 'spec.experimental.kvTransferPolicy.domain',
    message: /^Required value$/,
  },
  {
    rule: 'labelKey is a label key',
    spec: policy({ labelKey: 'not a key' }),
    server: /kvTransferPolicy\.labelKey: Invalid value/,
    path: 'spec.experimental.kvTransferPolicy.labelKey',
    message: /should match/,
  },
  {
    rule: 'extraClientContainers only with IntraPod',
    spec: { components: [worker({ gpuMemoryService: { mode: 'InterPod', extraClientContainers: ['main'] } })] },
    server: /extraClientContainers is only supported with mode=IntraPod/,
    path: 'spec.components[0].experimental.gpuMemoryService',
    message: /^extraClientContainers is only supported with mode=IntraPod$/,
  },
  {
    rule: 'extraClientPods reserved',
    spec: { components: [worker({ gpuMemoryService: { extraClientPods: [{ name: 'p', podTemplate: {} }] } })] },
    server: /extraClientPods is reserved for inter-pod GMS and is not implemented yet/,
    path: 'spec.components[0].experimental.gpuMemoryService',
    message: /^extraClientPods is reserved for inter-pod GMS and is not implemented yet$/,
  },
  {
    rule: 'numShadows is 1',
    spec: { components: [worker({ gpuMemoryService: {}, failover: { numShadows: 2 } })] },
    server: /failover\.numShadows: Invalid value/,
    path: 'spec.components[0].experimental.failover.numShadows',
    message: /should be less than or equal to 1/,
  },
];

function ours(doc: object): Problem[] {
  const loaded = loadGraph(doc);
  const found = [...loaded.problems, ...(loaded.model ? validateGraph(loaded.model, resolveSettings({})) : [])];
  return [...found, ...schemaProblems(doc, found)];
}

describe.each(CASES.map((c, i) => [c.rule, c, i] as const))('%s', (_rule, c, i) => {
  test('the API server refuses it; validation reports the same rule at the same path', async () => {
    const doc: ServerObject = {
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: `bad-${i}`, namespace: ns },
      spec: { backendFramework: 'vllm', ...c.spec },
    };
    expect(await refusal(kube.apply(doc, { dryRun: true }))).toMatch(c.server);
    expect(ours(doc)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: c.path, message: expect.stringMatching(c.message), severity: 'error' }),
      ]),
    );
  });
});
