/**
 * Runs Pulumi programs in-process with `pulumi.runtime.setMocks` (no CLI, no
 * engine, no provider plugin) and records every resource: what the engine
 * would be asked to create (type, name, inputs, provider) and the options the
 * program gave it (parent, dependsOn), the latter seen through a stack
 * transformation.
 */
import * as pulumi from '@pulumi/pulumi';

export interface Recorded {
  readonly type: string;
  readonly name: string;
  readonly inputs: any;
  readonly provider?: string;
  readonly parent?: pulumi.Resource;
  readonly dependsOn: pulumi.Resource[];
  /** The option as the program gave it (worker generations in 'operator' mode, docs/rollouts.md). */
  readonly retainOnDelete?: boolean;
  readonly resource: pulumi.Resource;
}

let warnings: string[] = [];

/**
 * What the last `runProgram` logged with `pulumi.log.warn`. Captured instead of printed: outside
 * an engine Pulumi logs through console.warn, which jest prints as a block with a stack trace.
 */
export const programWarnings = (): readonly string[] => warnings;

/**
 * Runs `program` as a mocked stack and returns every resource it created, once
 * the mocked engine has registered them all. Its warnings are in `programWarnings()`, unless the
 * test spies on `pulumi.log.warn` itself.
 */
export async function runProgram(program: () => void): Promise<Recorded[]> {
  warnings = [];
  const captured = warnings;
  const capture = jest.isMockFunction(pulumi.log.warn)
    ? undefined
    : jest.spyOn(pulumi.log, 'warn').mockImplementation(async (message: string) => void captured.push(message));
  try {
    return await runMocked(program);
  } finally {
    capture?.mockRestore();
  }
}

async function runMocked(program: () => void): Promise<Recorded[]> {
  const engine = new Map<string, { inputs: any; provider?: string }>();
  const seen: Omit<Recorded, 'inputs' | 'provider'>[] = [];
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        engine.set(`${args.type}::${args.name}`, { inputs: args.inputs, provider: args.provider });
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    'dynamo-iac-test',
    'test',
    false,
  );
  let thrown: unknown;
  await pulumi.runtime.runInPulumiStack(async () => {
    pulumi.runtime.registerStackTransformation((t) => {
      const deps = t.opts.dependsOn;
      const dependsOn = (Array.isArray(deps) ? deps : deps ? [deps] : []) as pulumi.Resource[];
      const retainOnDelete = (t.opts as pulumi.CustomResourceOptions).retainOnDelete;
      seen.push({ type: t.type, name: t.name, parent: t.opts.parent, dependsOn, retainOnDelete, resource: t.resource });
      return undefined;
    });
    // Caught here, not in the stack's own promise chain, which would also surface it as an unhandled rejection.
    try {
      program();
    } catch (e) {
      thrown = e;
    }
  });
  if (thrown) {
    // Let the mocked engine finish registering what the program made before the next program
    // replaces the mocks (else a late stack registration fails the whole test run).
    await Promise.all(seen.map((s) => valueOf(s.resource.urn).catch(() => undefined)));
    await new Promise((r) => setTimeout(r, 10));
    throw thrown;
  }
  await Promise.all(seen.map((s) => valueOf(s.resource.urn)));
  return seen.map((s) => ({ ...s, ...engine.get(`${s.type}::${s.name}`)! }));
}

/** The plain value of an Output. */
export const valueOf = <T>(o: pulumi.Output<T>): Promise<T> => new Promise((r) => o.apply(r));
