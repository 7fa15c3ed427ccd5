import { detectBackendFramework } from '../../src/api';

test('detectBackendFramework', () => {
  expect(detectBackendFramework(['python3', '-m', 'dynamo.vllm'], ['--model', 'm'])).toEqual(['vllm']);
  expect(detectBackendFramework(['sh', '-c'], ['exec python3.11 -u -m dynamo.sglang --tp 2 | tee log'])).toEqual([
    'sglang',
  ]);
  expect(detectBackendFramework(['dynamo.vllm'], [])).toEqual([]);
  expect(detectBackendFramework()).toEqual([]);
});

test('a remembered command line gives each caller a list of its own', () => {
  const first = detectBackendFramework(['python3', '-m', 'dynamo.trtllm'], []);
  first.push('vllm');
  expect(detectBackendFramework(['python3', '-m', 'dynamo.trtllm'], [])).toEqual(['trtllm']);
});
