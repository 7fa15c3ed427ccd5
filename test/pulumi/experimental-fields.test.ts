/**
 * Issue 19's fields through the Pulumi components: the same objects as cdk8s for a GMS worker,
 * a refused field fails the component with its field path, a warned one is in `warnings`.
 */
import * as pulumi from '@pulumi/pulumi';
import { DynamoGraphDeployment, DynamoGraphDeploymentProps } from '../../src';
import { DynamoGraph } from '../../src/pulumi';
import { cdk8sObjects, childrenOf, withoutPulumiAnnotations } from './expect';
import { programWarnings, runProgram } from './mocks';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const worker = {
  name: 'VllmWorker',
  type: 'worker' as const,
  podTemplate: {
    spec: {
      containers: [
        {
          name: 'main',
          image: IMAGE,
          command: ['python3'],
          args: ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B'],
          resources: { limits: { 'nvidia.com/gpu': '1' } },
        },
      ],
    },
  },
};

test('a GMS worker renders the same objects as the cdk8s construct, the claim template included', async () => {
  const props: DynamoGraphDeploymentProps = {
    namespace: 'ml',
    spec: { components: [{ ...worker, experimental: { gpuMemoryService: {} } }] },
  };
  const rs = await runProgram(() => new DynamoGraph('demo', props));
  const graph = rs.find((r) => r.type === 'dynamo:index:Graph')!;
  const children = childrenOf(rs, graph).map((r) => withoutPulumiAnnotations(r.inputs));
  expect(children).toEqual(cdk8sObjects('ml', (chart) => new DynamoGraphDeployment(chart, 'demo', props)));
  expect(children.map((o: any) => o.kind)).toContain('ResourceClaimTemplate');
});

test('a refused field fails the component with its field path', async () => {
  const props: DynamoGraphDeploymentProps = {
    spec: { components: [{ ...worker, experimental: { gpuMemoryService: { mode: 'InterPod' } } }] },
  };
  const error = await runProgram(() => new DynamoGraph('demo', props)).catch((e) => e);
  expect(pulumi.ResourceError.isInstance(error)).toBe(true);
  expect(error.message).toMatch(
    /spec\.components\[0\]\.experimental\.gpuMemoryService\.mode: Unsupported value: "InterPod"/,
  );
});

test("a warned field is in the component's warnings with its field path", async () => {
  let graph!: DynamoGraph;
  await runProgram(() => {
    graph = new DynamoGraph('demo', { spec: { components: [worker], restart: { id: 'r1' } } });
  });
  expect(graph.warnings).toContainEqual(
    expect.stringMatching(/^spec\.restart: a Sequential restart \(the default strategy\)/),
  );
  // Logged too (captured by runProgram instead of printed with a stack trace).
  expect(programWarnings()).toEqual(graph.warnings);
});

test('replicas left to a scaling adapter: a warning in the Pulumi log', async () => {
  const warn = jest.spyOn(pulumi.log, 'warn').mockImplementation(() => Promise.resolve());
  try {
    await runProgram(
      () => new DynamoGraph('demo', { spec: { components: [{ ...worker, replicas: 2, scalingAdapter: {} }] } }),
    );
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'spec.components[0].replicas: is left to the scaling adapter (scalingAdapter is set): the rendered workload carries no replicas; the runtime operator sets them from the DynamoGraphDeploymentScalingAdapter, which starts at 2',
    ]);
  } finally {
    warn.mockRestore();
  }
});
