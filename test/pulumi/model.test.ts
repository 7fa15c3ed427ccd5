/** The Pulumi DynamoModel: same validation and record as the CLI and the cdk8s construct. */
import * as pulumi from '@pulumi/pulumi';
import { DynamoModel } from '../../src/pulumi';
import { runProgram } from './mocks';

const lora = {
  modelName: 'support-lora',
  baseModelName: 'Qwen/Qwen3-0.6B',
  modelType: 'lora' as const,
  source: { uri: 'hf://org/support-lora' },
};

test('a valid LoRA model emits its record, with an Output namespace, not awaited', async () => {
  const rs = await runProgram(
    () =>
      new DynamoModel('lora', {
        name: 'support-lora',
        namespace: pulumi.output('ml'),
        labels: { team: 'a' },
        spec: lora,
      }),
  );
  const record = rs.find((r) => r.type === 'kubernetes:nvidia.com/v1alpha1:DynamoModel')!;
  expect(record.name).toBe('lora/support-lora');
  expect(record.inputs.metadata).toEqual({
    name: 'support-lora',
    namespace: 'ml',
    labels: { team: 'a' },
    annotations: { 'pulumi.com/skipAwait': 'true' },
  });
  expect(record.inputs.spec).toEqual(lora);
  expect(rs.find((r) => r.type === 'dynamo:index:Model')).toBeDefined();
});

test('an invalid spec: one error on the component with every problem and the upstream messages, no stack', async () => {
  const error = await runProgram(
    () => new DynamoModel('bad', { spec: { ...lora, baseModelName: '', source: { uri: 'https://x/y' } } }),
  ).catch((e) => e);
  expect(pulumi.ResourceError.isInstance(error)).toBe(true);
  expect(error.hideStack).toBe(true);
  expect(error.message).toBe(
    [
      'DynamoModel "bad": invalid input:',
      '  spec.baseModelName: spec.baseModelName is required',
      "  spec.source.uri: source URI must start with 's3://' or 'hf://', got: https://x/y",
    ].join('\n'),
  );
});
