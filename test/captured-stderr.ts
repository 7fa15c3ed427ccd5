/**
 * For test files that build apps whose constructs warn (the example app's scaling adapter, the
 * unpublished default operator image) without being about those warnings: what they write to
 * stderr, from the file's load (apps built while collecting tests) to its end, is kept from the
 * test output and checked after each test to be only the expected warnings.
 */
export function captureStderr(expected: readonly RegExp[]): () => string[] {
  let written: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  const lines = () =>
    written
      .join('')
      .split('\n')
      .filter((l) => l !== '');
  afterEach(() => {
    expect(lines().filter((l) => !expected.some((e) => e.test(l)))).toEqual([]);
    written = [];
  });
  afterAll(() => spy.mockRestore());
  return lines;
}

/** The example app's own warnings (npm run synth prints them): its scaling adapter, the default image. */
export const EXAMPLE_WARNINGS: readonly RegExp[] = [
  /^\[sglang-scaling-adapter\/graph\] spec\.components\[1\]\.replicas: warning: is left to the scaling adapter/,
  /^\[[\w/-]+\] image: warning: the operator image ghcr\.io\/dynamo-iac\/dynamo-iac-operator:[^ ]+ is not published yet/,
];
