import { parseOperatorArgs } from '../../src/operator/config';

test('checkpoint storage: upstream defaults, flags override, a relative base path is a usage error', () => {
  expect(parseOperatorArgs([], {}).checkpointStorage).toEqual({ pvcName: 'snapshot-pvc', basePath: '/checkpoints' });
  expect(
    parseOperatorArgs(['--checkpoint-pvc-name', 'ckpt', '--checkpoint-base-path=/data/ckpt'], {}).checkpointStorage,
  ).toEqual({ pvcName: 'ckpt', basePath: '/data/ckpt' });
  expect(() => parseOperatorArgs(['--checkpoint-base-path', 'data'], {})).toThrow(
    '--checkpoint-base-path must be an absolute path, got "data"',
  );
});
