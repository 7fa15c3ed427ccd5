import { engineProfile, engineRunInShell, isPythonCommand } from '../../src/api/engine-profile';
import { BACKEND_FRAMEWORKS } from '../../src/crds/vocabulary';

test('every backend framework has a profile, and nothing else does', () => {
  for (const backend of BACKEND_FRAMEWORKS) expect(engineProfile(backend)).toBeDefined();
  // Names of Object.prototype's members are not engines.
  for (const name of [undefined, '', 'auto', 'constructor', 'toString', '__proto__'])
    expect(engineProfile(name)).toBeUndefined();
});

test('only vLLM has a default compilation cache, failover and benchmark mode; only TRT-LLM launches over MPI', () => {
  const backendsWhere = (pick: (b: (typeof BACKEND_FRAMEWORKS)[number]) => boolean) => BACKEND_FRAMEWORKS.filter(pick);
  expect(backendsWhere((b) => engineProfile(b)?.defaultCompilationCachePath !== undefined)).toEqual(['vllm']);
  expect(backendsWhere((b) => engineProfile(b)?.failover === true)).toEqual(['vllm']);
  expect(backendsWhere((b) => engineProfile(b)?.benchmarkMode === true)).toEqual(['vllm']);
  expect(backendsWhere((b) => engineProfile(b)?.multinodeLaunch === 'mpi')).toEqual(['trtllm']);
});

test('the engine run inside a shell string ends at the module name and stays within one command', () => {
  expect(engineRunInShell('vllm').test('python3 -m dynamo.vllm --model m')).toBe(true);
  expect(engineRunInShell('vllm').test('python3 -m dynamo.vllm_extra')).toBe(false);
  expect(engineRunInShell('vllm').test('python3 setup.py; run dynamo.vllm')).toBe(false);
  expect(isPythonCommand(['/usr/bin/python3.11'])).toBe(true);
  expect(isPythonCommand(['sh', '-c'])).toBe(false);
  expect(isPythonCommand([])).toBe(false);
});
