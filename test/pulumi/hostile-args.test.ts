/** The Pulumi components called from JavaScript with args of the wrong shape fail with a ResourceError naming the arg. */
import * as pulumi from '@pulumi/pulumi';
import { DynamoGraph } from '../../src/pulumi';
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
