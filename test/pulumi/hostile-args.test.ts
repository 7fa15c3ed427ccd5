/** The Pulumi components called from JavaScript with args of the wrong shape fail with a ResourceError naming the arg. */
import * as pulumi from '@pulumi/pulumi';
import { DynamoCheckpoint, DynamoGraph, DynamoGraphRequest, DynamoModel, DynamoPlatform } from '../../src/pulumi';
import { runProgram } from './mocks';
import { DynamoGraphDeployment as TypedGraphDeployment } from '../../src/pulumi';
import { DynamoGraphDeployment as MultiLanguageGraphDeployment } from '../../src/pulumi/multi-language';
import { expectedLine, HOSTILE_PROPS, HOSTILE_TABLE_SPEC } from '../hostile-props-table';

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
    ['DynamoGraphDeploymentRequest', (args: unknown) => DynamoGraphRequest.v1beta2('g', args as never)],
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
    [
      'an activator port on the HTTP port',
      { namespace: 'ops', activatorPort: 8080 },
      "activatorPort: must differ from the operator's HTTP port 8080 (metrics and probes)",
    ],
    [
      'an activator port past 65535',
      { namespace: 'ops', activatorPort: 70000 },
      'activatorPort: must be less than or equal to 65535',
    ],
  ])('DynamoPlatform: %s is a ResourceError with the option path', async (_, args, line) => {
    const e = await failure(() => new DynamoPlatform('g', args as never));
    expect(pulumi.ResourceError.isInstance(e)).toBe(true);
    expect(e.message).toBe(`DynamoPlatform "g": invalid input:\n  ${line}`);
  });
});

describe('the hostile props table (test/hostile-props-table.ts) through the Pulumi and multi-language DynamoGraphDeployment', () => {
  const failure = (make: () => unknown) =>
    runProgram(make).then(
      () => {
        throw new Error('expected an error');
      },
      (e: Error & { hideStack?: boolean }) => e,
    );
  const frontEnds = [
    ['Pulumi', (args: unknown) => new TypedGraphDeployment('g', args as never)],
    ['multi-language', (args: unknown) => new MultiLanguageGraphDeployment('g', args as never)],
  ] as const;

  test.each(HOSTILE_PROPS.map((row) => [row.what, row] as const))('%s: one line with the arg path', async (_, row) => {
    for (const [, make] of frontEnds) {
      const e = await failure(() => make(row.props));
      expect(pulumi.ResourceError.isInstance(e)).toBe(true);
      expect(e.hideStack).toBe(true);
      const [head, ...lines] = e.message.split('\n');
      expect(head).toBe('DynamoGraphDeployment "g": invalid input:');
      expect(lines).toHaveLength(1);
      expect(lines[0].replace(/^ {2}/, '')).toMatch(expectedLine(row, 'pulumi'));
    }
  });

  test('fromManifest(m, null) and fromManifest(undefined) are ResourceErrors with the path, not TypeErrors', async () => {
    const manifest = {
      apiVersion: 'nvidia.com/v1beta1',
      kind: 'DynamoGraphDeployment',
      metadata: { name: 'g' },
      spec: HOSTILE_TABLE_SPEC,
    };
    const nullOptions = await failure(() => TypedGraphDeployment.fromManifest('g', manifest, null as never));
    expect(nullOptions.message).toBe(
      'DynamoGraphDeployment "g": invalid input:\n  options: must be an object, got null',
    );
    const badOptions = await failure(() =>
      TypedGraphDeployment.fromManifest('g', manifest, { checkpoints: [null] } as never),
    );
    expect(badOptions.message).toBe(
      'DynamoGraphDeployment "g": invalid input:\n  checkpoints[0]: must be a DynamoCheckpoint, got null',
    );
    const nothing = await failure(() => TypedGraphDeployment.fromManifest('g', undefined));
    expect(nothing.message).toBe(
      'DynamoGraphDeployment "g": invalid input:\n  expected a Kubernetes object (a map with apiVersion and kind), got an empty document',
    );
  });
});
