/** The Pulumi DynamoGraphRequest: the same objects as the cdk8s construct from the committed lock; problems are one error. */
import * as fs from 'fs';
import * as path from 'path';
import * as pulumi from '@pulumi/pulumi';
import { parse } from 'yaml';
import { DynamoGraphDeploymentRequest } from '../../src';
import { DynamoGraphRequest } from '../../src/pulumi';
import { DynamoGraphDeploymentRequest as MultiLanguageRequest } from '../../src/pulumi/multi-language';
import { cdk8sObjects, childrenOf, withoutPulumiAnnotations } from './expect';
import { runProgram } from './mocks';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const LOCK_FILE = path.join(EXAMPLES, 'dynamo-plan.lock');
const REQUEST_FILE = path.join(EXAMPLES, 'requests', 'qwen3-32b-h200.yaml');
const key = (o: any) => `${o.kind}/${o.metadata.name}`;

test("the request record under the component, the generated graph as a child DynamoGraph: the cdk8s construct's objects", async () => {
  const { metadata, spec } = parse(fs.readFileSync(REQUEST_FILE, 'utf8'));
  const rs = await runProgram(
    () =>
      new DynamoGraphRequest('qwen', { name: metadata.name, namespace: metadata.namespace, spec, lockFile: LOCK_FILE }),
  );
  const component = rs.find((r) => r.type === 'dynamo:index:GraphRequest')!;
  const graph = rs.find((r) => r.type === 'dynamo:index:Graph')!;
  expect(graph.parent).toBe(component.resource);
  const own = childrenOf(rs, component).filter((r) => r.type.startsWith('kubernetes:'));
  expect(own.map((r) => r.type)).toEqual([
    'kubernetes:nvidia.com/v1beta1:DynamoGraphDeploymentRequest',
    'kubernetes:core/v1:ConfigMap',
  ]);
  expect(own[0].inputs.metadata.annotations).toEqual({ 'pulumi.com/skipAwait': 'true' });
  const pulumiObjects = [...own, ...childrenOf(rs, graph)].map((r) => withoutPulumiAnnotations(r.inputs));
  const cdk8s = cdk8sObjects('default', (chart) =>
    DynamoGraphDeploymentRequest.fromFile(chart, 'qwen', REQUEST_FILE, { lockFile: LOCK_FILE }),
  );
  const byKey = (objects: any[]) => Object.fromEntries(objects.map((o) => [key(o), o]));
  expect(byKey(pulumiObjects)).toEqual(byKey(cdk8s));
});

test('not planned: one error on the component that says how to plan, no stack', async () => {
  const { metadata, spec } = parse(fs.readFileSync(REQUEST_FILE, 'utf8'));
  const error = await runProgram(
    () =>
      new DynamoGraphRequest('qwen', {
        name: metadata.name,
        spec: { ...spec, hardware: { gpuSku: 'h200_sxm', totalGpus: 16 } },
        lockFile: LOCK_FILE,
      }),
  ).catch((e) => e);
  expect(pulumi.ResourceError.isInstance(error)).toBe(true);
  expect(error.hideStack).toBe(true);
  expect(error.message).toMatch(
    /^DynamoGraphDeploymentRequest "qwen": invalid input:\n {2}spec: valid, but not planned: .* has no plan for its search inputs/,
  );
  expect(error.message).toContain('  (or run the synth with DYNAMO_IAC_PLAN=missing to search and record it)');
});

test("invalid: the field path and the API server's message", async () => {
  const invalid = await runProgram(() =>
    DynamoGraphRequest.fromManifest(
      'bad',
      {
        apiVersion: 'nvidia.com/v1beta1',
        kind: 'DynamoGraphDeploymentRequest',
        metadata: { name: 'bad' },
        spec: { hardware: { gpuSku: 'h200_sxm', totalGpus: 8 } },
      },
      { lockFile: LOCK_FILE },
    ),
  ).catch((e) => e);
  expect(invalid.message).toBe('DynamoGraphDeploymentRequest "bad": invalid input:\n  spec.model: Required value');
});

describe('nvidia.com/v1beta2 (Dynamo 1.7)', () => {
  const V1BETA2_FILE = path.join(__dirname, '..', 'kinds', 'request', 'fixtures', 'v1beta2-request.yaml');
  const manifest = () => parse(fs.readFileSync(V1BETA2_FILE, 'utf8'));

  test('the plain-data component (every Pulumi language) adopts a v1beta2 manifest: the record only, as the cdk8s construct renders it', async () => {
    const rs = await runProgram(() => new MultiLanguageRequest('qwen', { manifest: manifest(), lockFile: LOCK_FILE }));
    const own = rs.filter((r) => r.type.startsWith('kubernetes:'));
    expect(own.map((r) => r.type)).toEqual(['kubernetes:nvidia.com/v1beta2:DynamoGraphDeploymentRequest']);
    const cdk8s = cdk8sObjects('default', (chart) =>
      DynamoGraphDeploymentRequest.fromFile(chart, 'qwen', V1BETA2_FILE, { lockFile: LOCK_FILE }),
    );
    expect(own.map((r) => withoutPulumiAnnotations(r.inputs))).toEqual(cdk8s);
  });

  test('typed v1beta2 props: the cdk8s construct and the TypeScript component render what the manifest renders', async () => {
    const { metadata, spec } = manifest();
    const props = { name: metadata.name, namespace: metadata.namespace, spec, lockFile: LOCK_FILE };
    const typed = cdk8sObjects('default', (chart) => DynamoGraphDeploymentRequest.v1beta2(chart, 'qwen', props));
    const adopted = cdk8sObjects('default', (chart) =>
      DynamoGraphDeploymentRequest.fromFile(chart, 'qwen', V1BETA2_FILE, { lockFile: LOCK_FILE }),
    );
    expect(typed).toEqual(adopted);
    expect(typed.map((o: any) => o.apiVersion)).toEqual(['nvidia.com/v1beta2']);
    const rs = await runProgram(() => DynamoGraphRequest.v1beta2('qwen', props));
    const own = rs.filter((r) => r.type.startsWith('kubernetes:')).map((r) => withoutPulumiAnnotations(r.inputs));
    expect(own).toEqual(adopted);
  });

  test("typed v1beta2 props that break a CEL rule: upstream's message at the rule's path", async () => {
    const { spec } = manifest();
    const error = await runProgram(() =>
      DynamoGraphRequest.v1beta2('qwen', { spec: { ...spec, workload: {} }, lockFile: LOCK_FILE }),
    ).catch((e) => e);
    expect(error.message).toBe(
      'DynamoGraphDeploymentRequest "qwen": invalid input:\n  spec.workload: exactly one of trace or static must be specified',
    );
  });

  test('spec or metadata next to a manifest is refused, not dropped', async () => {
    const error = await runProgram(
      () => new MultiLanguageRequest('qwen', { manifest: manifest(), name: 'other', lockFile: LOCK_FILE }),
    ).catch((e) => e);
    expect(error.message).toBe(
      'DynamoGraphDeploymentRequest "qwen": invalid input:\n  name: not with manifest (the manifest carries it)',
    );
  });
});
