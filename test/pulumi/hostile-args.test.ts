/** The Pulumi components called from JavaScript with args of the wrong shape fail with a ResourceError naming the arg. */
import * as pulumi from '@pulumi/pulumi';
import { DynamoCheckpoint, DynamoGraph, DynamoGraphRequest, DynamoModel, DynamoPlatform } from '../../src/pulumi';
import { runProgram } from './mocks';

const spec = {
  components: [
    {
      name: 'Frontend',
      type: 'frontend' as const,
      podTemplate: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1' }] } },
    },
  ],
};

async function errorOf(args: unknown): Promise<Error & { hideStack?: boolean }> {
  return runProgram(() => new DynamoGraph('g', args as never)).then(
    () => {
      throw new Error('expected an error');
    },
    (e: Error) => e,
  );
}

describe('Pulumi components with hostile args', () => {
  test.each([
    ['undefined args', undefined, 'args: must be an object, got undefined'],
    ['null args', null, 'args: must be an object, got null'],
    ['no spec', {}, 'spec: Required value: must be an object'],
    [
      'lwsAvailable "false"',
      { spec, settings: { lwsAvailable: 'false' } },
      'settings.lwsAvailable: must be a boolean (true or false)',
    ],
  ])('%s: a ResourceError with the arg path, no stack', async (_, args, line) => {
    const e = await errorOf(args);
    expect(pulumi.ResourceError.isInstance(e)).toBe(true);
    expect(e.hideStack).toBe(true);
    expect(e.message).toBe(`DynamoGraphDeployment "g": invalid input:\n  ${line}`);
  });

  test('a spec that contains itself is a ResourceError naming the depth limit', async () => {
    const circular: Record<string, unknown> = { ...spec };
    circular.self = circular;
    const e = await errorOf({ spec: circular });
    expect(e.message).toBe(
      'DynamoGraphDeployment "g": invalid input:\n  spec is nested more than 100 levels deep; the limit is 100',
    );
  });
});

describe('the other Pulumi components with hostile args', () => {
  const circular: Record<string, unknown> = { a: 1 };
  circular.self = circular;
  const components = [
    ['DynamoCheckpoint', (args: unknown) => new DynamoCheckpoint('g', args as never)],
    ['DynamoModel', (args: unknown) => new DynamoModel('g', args as never)],
    ['DynamoGraphDeploymentRequest', (args: unknown) => new DynamoGraphRequest('g', args as never)],
  ] as const;
  const failure = (make: () => unknown) =>
    runProgram(make).then(
      () => {
        throw new Error('expected an error');
      },
      (e: Error & { hideStack?: boolean }) => e,
    );

  test.each([
    ['undefined args', undefined, 'args: must be an object, got undefined'],
    ['null args', null, 'args: must be an object, got null'],
    ['no spec', {}, 'spec: Required value: must be an object, got undefined'],
    ['a string for spec', { spec: 'x' }, 'spec: Required value: must be an object, got string'],
    ['a spec that contains itself', { spec: circular }, 'spec: is nested more than 100 levels deep; the limit is 100'],
  ])('%s: a ResourceError with the arg path, no stack', async (_, args, line) => {
    for (const [kind, make] of components) {
      const e = await failure(() => make(args));
      expect(pulumi.ResourceError.isInstance(e)).toBe(true);
      expect(e.hideStack).toBe(true);
      expect(e.message).toBe(`${kind} "g": invalid input:\n  ${line}`);
    }
  });

  test("a DynamoGraphDeploymentRequest's settings are checked as the CLI checks them", async () => {
    const e = await failure(
      () => new DynamoGraphRequest('g', { spec: {}, settings: { lwsAvailable: 'false' } } as never),
    );
    expect(e.message).toBe(
      'DynamoGraphDeploymentRequest "g": invalid input:\n  settings.lwsAvailable: must be a boolean (true or false)',
    );
  });

  test.each([
    ['undefined args', undefined, 'args: must be an object, got undefined'],
    ['a wrong-typed option', { namespace: 5 }, 'namespace: must be a string, got 5'],
  ])('DynamoPlatform: %s is a ResourceError with the option path', async (_, args, line) => {
    const e = await failure(() => new DynamoPlatform('g', args as never));
    expect(pulumi.ResourceError.isInstance(e)).toBe(true);
    expect(e.message).toBe(`DynamoPlatform "g": invalid input:\n  ${line}`);
  });
});
