import { parseOperatorArgs } from '../../../src/operator/config';

test('--activator-port turns the activator on; without it scale to zero is off', () => {
  expect(parseOperatorArgs([], {}).activator).toBeUndefined();
  expect(parseOperatorArgs(['--activator-port', '8090'], {}).activator).toEqual({ port: 8090 });
  expect(() => parseOperatorArgs(['--activator-port=http'], {})).toThrow(
    '--activator-port must be a port number, got http',
  );
  expect(() => parseOperatorArgs(['--activator-port=0'], {})).toThrow('--activator-port must be a port number, got 0');
});
