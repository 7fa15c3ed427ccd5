import {
  canaryHealthCheckApplies,
  resolvedRuntimeVersion,
  semverAtLeast,
  useMpExecutor,
  usesWorkerHashV2,
} from '../../src/render/version-gates';

const ORIGIN = 'nvidia.com/dynamo-operator-origin-version';
const BACKEND = 'nvidia.com/vllm-distributed-executor-backend';
const origin = (v?: string): Record<string, string> => (v === undefined ? {} : { [ORIGIN]: v });

describe('semverAtLeast', () => {
  test.each([
    ['1.0.0', true],
    ['v1.0.0', true],
    ['1.0.1', true],
    ['2.0.0', true],
    ['1.0.0+build.1', true],
    ['0.9.9', false],
    ['1.0.0-rc1', false], // a pre-release of the threshold comes before it
    ['1.0.1-rc1', true],
    ['1.0', false],
    ['latest', false],
    ['1.0.0foo', false],
    ['', false],
    [undefined, false],
  ])('%p ≥ 1.0.0 is %p', (v, want) => expect(semverAtLeast(v, [1, 0, 0])).toBe(want));
});

describe('vLLM multinode executor gate (origin ≥ 1.0.0, annotation wins)', () => {
  test.each([
    [origin('0.9.0'), false],
    [origin('1.0.0'), true],
    [origin('1.6.1'), true],
    [origin(), false],
    [origin('not-semver'), false],
    [{ ...origin('0.9.0'), [BACKEND]: 'MP' }, true],
    [{ ...origin('1.6.1'), [BACKEND]: 'ray' }, false],
    [{ ...origin('1.6.1'), [BACKEND]: 'bogus' }, true], // an invalid override falls through to the gate
    [{ [BACKEND]: 'bogus' }, false],
  ])('%p → mp %p', (annotations, want) => expect(useMpExecutor(annotations)).toBe(want));
});

describe('canary health check gate (origin ≥ 1.4.0)', () => {
  test.each([
    ['1.3.9', false],
    ['1.4.0-rc0', false],
    ['1.4.0', true],
    ['1.7.0', true],
    [undefined, false],
    ['1.4', false],
  ])('origin %p → %p', (v, want) => expect(canaryHealthCheckApplies(origin(v))).toBe(want));
});

describe('runtime version and the v2 worker hash gate (resolved ≥ 1.5.0)', () => {
  test.each([
    [undefined, 'nvcr.io/dynamo/vllm-runtime:1.4.9', '1.4.9', false],
    [undefined, 'nvcr.io/dynamo/vllm-runtime:1.5.0', '1.5.0', true],
    [undefined, 'registry:5000/vllm-runtime:1.6.1@sha256:abc', '1.6.1', true],
    [undefined, 'nvcr.io/dynamo/vllm-runtime:latest', undefined, false],
    [undefined, 'nvcr.io/dynamo/vllm-runtime@sha256:abc', undefined, false],
    [undefined, undefined, undefined, false],
    ['1.5.0', 'nvcr.io/dynamo/vllm-runtime:latest', '1.5.0', true],
    ['1.4.0', 'nvcr.io/dynamo/vllm-runtime:1.7.0', '1.4.0', false], // the override wins over the tag
  ])('override %p, image %p → %p, v2 %p', (override, image, version, v2) => {
    expect(resolvedRuntimeVersion(override, image)).toBe(version);
    expect(usesWorkerHashV2(resolvedRuntimeVersion(override, image))).toBe(v2);
  });
});
