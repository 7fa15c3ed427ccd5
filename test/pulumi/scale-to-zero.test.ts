/** Scale to zero from Pulumi: the graph's `annotations` argument declares it, and validation is the CLI's. */
import { DynamoGraphDeployment } from '../../src/pulumi';
import { runProgram } from './mocks';

const image = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const spec = {
  backendFramework: 'vllm' as const,
  components: [
    { name: 'Frontend', type: 'frontend' as const, podTemplate: { spec: { containers: [{ name: 'main', image }] } } },
    {
      name: 'decode',
      type: 'worker' as const,
      scalingAdapter: {},
      podTemplate: {
        spec: { containers: [{ name: 'main', image, command: ['python3'], args: ['-m', 'dynamo.vllm'] }] },
      },
    },
  ],
};

test('the annotations reach the graph record; the worker Deployment leaves replicas to the adapter', async () => {
  const rs = await runProgram(
    () => new DynamoGraphDeployment('agg', { annotations: { 'dynamo-iac.io/scale-to-zero-after': '5m' }, spec }),
  );
  const record = rs.find((r) => r.inputs?.kind === 'DynamoGraphDeployment');
  expect(record?.inputs.metadata.annotations).toEqual(
    expect.objectContaining({ 'dynamo-iac.io/scale-to-zero-after': '5m' }),
  );
  const worker = rs.find(
    (r) => r.inputs?.kind === 'Deployment' && r.inputs.metadata.labels['nvidia.com/dynamo-component'] === 'decode',
  );
  expect(worker?.inputs.spec).not.toHaveProperty('replicas');
});

test('a bad window is refused with the same line the CLI prints', async () => {
  const error = await runProgram(
    () => new DynamoGraphDeployment('agg', { annotations: { 'dynamo-iac.io/scale-to-zero-after': 'soon' }, spec }),
  ).catch((e) => e);
  expect(String(error.message)).toContain(
    'metadata.annotations[dynamo-iac.io/scale-to-zero-after]: Invalid value: "soon": must be a duration greater than 0, like 90s, 5m or 1h30m',
  );
});
