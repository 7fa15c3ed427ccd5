/**
 * The multi-language components (src/pulumi/multi-language): their plain-data args render exactly
 * what the TypeScript components render for the same graph, and invalid input fails the same way.
 */
import { DynamoGraph } from '../../src/pulumi';
import { DynamoGraphDeployment, DynamoModel, DynamoPlatform } from '../../src/pulumi/multi-language';
import { podTemplateOf } from '../../src/pulumi/multi-language/main-container';
import { Recorded, runProgram, valueOf } from './mocks';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';

/** The Kubernetes objects of a run, by resource name, without the parent components. */
const objects = (rs: Recorded[]) =>
  Object.fromEntries(rs.filter((r) => r.type.startsWith('kubernetes:')).map((r) => [r.name, r.inputs]));

test('a plain-data graph renders what the TypeScript DynamoGraph renders for the same pod content', async () => {
  let facade: DynamoGraphDeployment | undefined;
  const plain = await runProgram(() => {
    facade = new DynamoGraphDeployment('qwen', {
      namespace: 'inference',
      spec: {
        backendFramework: 'vllm',
        components: [
          { name: 'Frontend', type: 'frontend', image: IMAGE },
          {
            name: 'Worker',
            type: 'worker',
            image: IMAGE,
            command: ['python3'],
            args: ['-m', 'dynamo.vllm'],
            env: [{ name: 'A', value: '1' }],
            resources: { limits: { 'nvidia.com/gpu': '1' } },
            podTemplate: {
              metadata: { labels: { team: 'a' } },
              spec: { containers: [{ name: 'main', workingDir: '/w' }] },
            },
          },
        ],
      },
    });
  });
  const rich = await runProgram(
    () =>
      new DynamoGraph('qwen', {
        namespace: 'inference',
        spec: {
          backendFramework: 'vllm',
          components: [
            {
              name: 'Frontend',
              type: 'frontend',
              podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
            },
            {
              name: 'Worker',
              type: 'worker',
              podTemplate: {
                metadata: { labels: { team: 'a' } },
                spec: {
                  containers: [
                    {
                      name: 'main',
                      workingDir: '/w',
                      image: IMAGE,
                      command: ['python3'],
                      args: ['-m', 'dynamo.vllm'],
                      env: [{ name: 'A', value: '1' }],
                      resources: { limits: { 'nvidia.com/gpu': '1' } },
                    },
                  ],
                },
              },
            },
          ],
        },
      }),
  );
  expect(objects(plain)).toEqual(objects(rich));
  expect(plain.find((r) => r.type === 'dynamo:index:Graph')?.parent).toBe(facade);
  expect(await valueOf(facade!.frontendServiceName)).toBe('qwen-frontend');
  expect(await valueOf(facade!.objectNames)).toContain('DynamoGraphDeployment/qwen');
});

test('model and platform map onto their TypeScript components', async () => {
  const rs = await runProgram(() => {
    new DynamoModel('lora', {
      namespace: 'inference',
      spec: {
        modelName: 'lora',
        baseModelName: 'Qwen/Qwen3-0.6B',
        modelType: 'lora',
        source: { uri: 'hf://org/lora@main' },
      },
    });
    new DynamoPlatform('dynamo', { namespace: 'dynamo-system', nats: {}, activatorPort: 8090 });
  });
  expect(rs.find((r) => r.type === 'dynamo:index:Model')?.parent).toBe(
    rs.find((r) => r.type === 'dynamo:index:DynamoModel')?.resource,
  );
  expect(Object.keys(objects(rs))).toEqual(
    expect.arrayContaining(['lora/lora', 'dynamo/dynamo-platform-nats', 'dynamo/dynamo-iac-operator-activator']),
  );
});

test('podTemplateOf: the container fields merge into main, or add it; nothing set leaves the template as given', () => {
  expect(podTemplateOf({ image: 'i' })).toEqual({ spec: { containers: [{ name: 'main', image: 'i' }] } });
  expect(
    podTemplateOf({
      image: 'i',
      podTemplate: { spec: { containers: [{ name: 'side' }, { name: 'main', image: 'old', workingDir: '/' }] } },
    }),
  ).toEqual({ spec: { containers: [{ name: 'side' }, { name: 'main', image: 'i', workingDir: '/' }] } });
  const given = { spec: { containers: [] } };
  expect(podTemplateOf({ podTemplate: given })).toBe(given);
  expect(podTemplateOf({ image: 'i', podTemplate: 'x' })).toBe('x');
});
