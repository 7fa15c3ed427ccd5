import { COMMANDS } from '../../src/cli/commands';
import { OPERATOR_FLAGS, parseOperatorArgs } from '../../src/operator/config';

test("the CLI's operator command offers exactly the flags the operator reads (--activator-port was missing)", () => {
  const operator = COMMANDS.find((c) => c.name === 'operator')!;
  const offered = (operator.options ?? []).map((o) => /^--([a-z-]+)/.exec(o.flags)![1]);
  expect([...offered].sort()).toEqual([...OPERATOR_FLAGS].sort());
});

test('checkpoint storage: upstream defaults, flags override, a relative base path is a usage error', () => {
  expect(parseOperatorArgs([], {}).checkpointStorage).toEqual({ pvcName: 'snapshot-pvc', basePath: '/checkpoints' });
  expect(
    parseOperatorArgs(['--checkpoint-pvc-name', 'ckpt', '--checkpoint-base-path=/data/ckpt'], {}).checkpointStorage,
  ).toEqual({ pvcName: 'ckpt', basePath: '/data/ckpt' });
  expect(() => parseOperatorArgs(['--checkpoint-base-path', 'data'], {})).toThrow(
    '--checkpoint-base-path must be an absolute path, got "data"',
  );
});

test('--model-endpoint-port takes a port or endpointslice; upstream defaults otherwise', () => {
  expect(parseOperatorArgs([], {}).models).toEqual({
    port: 9090,
    parallelism: 10,
    requestTimeoutMs: 15_000,
    batchTimeoutMs: 30_000,
    retryAfterMs: 30_000,
  });
  expect(parseOperatorArgs(['--model-endpoint-port', '19090'], {}).models.port).toBe(19090);
  expect(parseOperatorArgs(['--model-endpoint-port=endpointslice'], {}).models.port).toBe('endpointslice');
  expect(() => parseOperatorArgs(['--model-endpoint-port', 'x'], {})).toThrow(
    '--model-endpoint-port must be a port number or "endpointslice", got "x"',
  );
});
