/** DynamoGraph / DynamoComponent / records: inputs, errors, readiness, providers, outputs. */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { Chart, Testing } from 'cdk8s';
import {
  DynamoComponentDeployment,
  DynamoGraphDeployment,
  DynamoGraphDeploymentProps,
  setPlatformSettings,
} from '../../src';
import {
  DynamoCheckpoint,
  DynamoComponent,
  DynamoCrds,
  DynamoGraph,
  DynamoModel,
  DynamoPlatform,
} from '../../src/pulumi';
import { renderPlatform } from '../../src/platform/platform';
import { aggregatedVllm } from '../../examples/graphs/agg-vllm';
import { disaggregatedWithPlanner } from '../../examples/graphs/disagg-planner';
import { VLLM_RUNTIME } from '../../examples/graphs/images';
import { EXAMPLE_SETTINGS } from '../../examples/graphs/platform';
import { cdk8sObjects, childrenOf, withoutPulumiAnnotations } from './expect';
import { Recorded, runProgram, valueOf } from './mocks';

const byKind = (rs: Recorded[], kind: string) => rs.filter((r) => r.inputs?.kind === kind);
/** DynamoCheckpoint is a Dynamo 1.6 kind. */
const DYNAMO_1_6 = { dynamoVersion: '1.6' } as const;
/** The readiness annotations Pulumi's provider reads (a worker generation's prune opt-outs are the render's). */
const annotationsOf = (r: Recorded) =>
  Object.fromEntries(Object.entries(r.inputs.metadata.annotations ?? {}).filter(([k]) => k.startsWith('pulumi.com/')));

/** aggregatedVllm with every image given as `image`. */
function withImage<T>(image: T) {
  return {
    ...aggregatedVllm,
    spec: {
      ...aggregatedVllm.spec,
      components: aggregatedVllm.spec.components.map((c) => ({
        ...c,
        podTemplate: { spec: { containers: c.podTemplate!.spec!.containers!.map((ct) => ({ ...ct, image })) } },
      })),
    },
  };
}

describe('pulumi.Input values', () => {
  test('namespace and image Outputs render exactly what cdk8s renders for the plain values', async () => {
    const rs = await runProgram(() => {
      new DynamoGraph('agg', { ...withImage(pulumi.output(VLLM_RUNTIME)), namespace: pulumi.output('team-a') });
    });
    // An image Output leaves the worker hash unknown at construction: the workers roll in place.
    const expected = cdk8sObjects('team-a', (chart) => {
      setPlatformSettings(chart, { workerRollout: 'in-place' });
      new DynamoGraphDeployment(chart, 'agg', aggregatedVllm);
    });
    const graph = rs.find((r) => r.type === 'dynamo:index:Graph')!;
    expect(childrenOf(rs, graph).map((r) => withoutPulumiAnnotations(r.inputs))).toEqual(expected);
    const g = graph.resource as DynamoGraph;
    expect(g.warnings).toEqual([
      expect.stringMatching(/^spec: workerRollout "operator" does not apply: a pulumi\.Input in a worker's spec/),
    ]);
    expect(await valueOf(g.namespace)).toBe('team-a');
    expect(await valueOf(g.dynamoNamespace)).toBe('team-a-vllm-agg');
  });

  test('a promise works like an Output', async () => {
    const rs = await runProgram(() => {
      new DynamoGraph('agg', { ...aggregatedVllm, namespace: Promise.resolve('team-b') });
    });
    expect(byKind(rs, 'Deployment').map((r) => r.inputs.metadata.namespace)).toEqual(['team-b', 'team-b']);
  });

  test('an Input that would become part of an object name is rejected up front', () => {
    const spec = {
      ...aggregatedVllm.spec,
      components: [{ ...aggregatedVllm.spec.components[0], name: pulumi.output('Frontend') }],
    };
    return expect(runProgram(() => new DynamoGraph('agg', { spec } as any))).rejects.toThrow(
      /^DynamoGraphDeployment "agg": invalid input:\n {2}Service metadata.name "agg-<pulumi.Input>": names must be plain strings/,
    );
  });
});

test('invalid props: one error on the component, every problem with its field path, no stack', async () => {
  const bad: DynamoGraphDeploymentProps = {
    spec: {
      components: [
        { name: 'Frontend', type: 'frontend', replicas: -1 },
        { name: 'Frontend', type: 'frontend' },
      ],
    },
  };
  const error = await runProgram(() => new DynamoGraph('bad', bad)).catch((e) => e);
  expect(pulumi.ResourceError.isInstance(error)).toBe(true);
  expect(error.hideStack).toBe(true);
  expect(error.message.split('\n').length).toBeGreaterThanOrEqual(3);
  expect(error.message).toMatch(/^DynamoGraphDeployment "bad": invalid input:\n {2}spec\.components/);
  expect(error.message).toMatch(/replicas/);
});

describe('readiness annotations', () => {
  test('default: nothing that needs running pods is awaited, nor the graph record', async () => {
    const rs = await runProgram(() => new DynamoGraph('agg', { ...aggregatedVllm, settings: EXAMPLE_SETTINGS }));
    for (const kind of ['Deployment', 'Service', 'Ingress', 'DynamoGraphDeployment']) {
      expect(byKind(rs, kind).length).toBeGreaterThan(0);
      for (const r of byKind(rs, kind)) expect(annotationsOf(r)).toEqual({ 'pulumi.com/skipAwait': 'true' });
    }
    for (const kind of ['ServiceAccount', 'Role', 'RoleBinding'])
      for (const r of byKind(rs, kind)) expect(annotationsOf(r)).toEqual({});
  });

  test('awaitWorkloads: the provider awaits workloads, within awaitTimeoutSeconds; awaitGraphStatus waits for Ready', async () => {
    const rs = await runProgram(
      () =>
        new DynamoGraph('agg', {
          ...aggregatedVllm,
          awaitWorkloads: true,
          awaitGraphStatus: true,
          awaitTimeoutSeconds: 900,
          settings: EXAMPLE_SETTINGS,
        }),
    );
    for (const kind of ['Deployment', 'Service', 'Ingress']) {
      expect(byKind(rs, kind).length).toBeGreaterThan(0);
      for (const r of byKind(rs, kind)) expect(annotationsOf(r)).toEqual({ 'pulumi.com/timeoutSeconds': '900' });
    }
    for (const kind of ['ServiceAccount', 'Role', 'RoleBinding'])
      for (const r of byKind(rs, kind)) expect(annotationsOf(r)).toEqual({});
    expect(annotationsOf(byKind(rs, 'DynamoGraphDeployment')[0])).toEqual({
      'pulumi.com/waitFor': 'condition=Ready',
      'pulumi.com/timeoutSeconds': '900',
    });
  });

  test("awaitWorkloads without a timeout: the provider's own", async () => {
    const rs = await runProgram(() => new DynamoGraph('agg', { ...aggregatedVllm, awaitWorkloads: true }));
    for (const r of byKind(rs, 'Deployment')) expect(annotationsOf(r)).toEqual({});
  });
});

describe('DynamoPlatform', () => {
  const options = {
    namespace: 'dynamo-system',
    scope: 'namespace' as const,
    // Namespace scope renders neither by default: asked for here, to see both handled.
    crds: true,
    createNamespace: true,
    nats: true,
    etcd: true,
    monitoring: true,
    checkpointAgent: { image: 'registry.example/agent:1' },
  };

  test('renders what `dynamo-iac platform` renders: CRDs in a child DynamoCrds, then every other object', async () => {
    const rs = await runProgram(() => new DynamoPlatform('dynamo', options));
    const platform = rs.find((r) => r.type === 'dynamo:index:Platform')!;
    const crds = childrenOf(rs, platform).find((r) => r.type === 'dynamo:index:Crds')!;
    const expected = renderPlatform({ ...options, version: require('../../package.json').version });
    expect(childrenOf(rs, crds).map((r) => r.inputs)).toEqual(
      expected.filter((o) => o.kind === 'CustomResourceDefinition'),
    );
    const objects = childrenOf(rs, platform).filter((r) => r.type.startsWith('kubernetes:'));
    const byName = (o: { kind: string; metadata: { name: string } }) => `${o.kind}/${o.metadata.name}`;
    expect(
      objects.map((r) => withoutPulumiAnnotations(r.inputs)).sort((a, b) => byName(a).localeCompare(byName(b))),
    ).toEqual(
      expected.filter((o) => o.kind !== 'CustomResourceDefinition').sort((a, b) => byName(a).localeCompare(byName(b))),
    );
    // Same readiness rule as the graphs: by default nothing waits for pods.
    for (const kind of ['Deployment', 'StatefulSet', 'DaemonSet', 'Service']) {
      expect(byKind(objects, kind).length).toBeGreaterThan(0);
      for (const r of byKind(objects, kind)) expect(annotationsOf(r)).toEqual({ 'pulumi.com/skipAwait': 'true' });
    }
  });

  test("dynamoVersion 1.7: the child DynamoCrds installs that release's CRDs (no DynamoCheckpoint, the search records); DynamoCrds alone takes it too", async () => {
    const crdNames = (rs: Awaited<ReturnType<typeof runProgram>>) =>
      rs.filter((r) => r.type.includes('CustomResourceDefinition')).map((r) => r.inputs.metadata.name as string);
    const on16 = crdNames(
      await runProgram(() => new DynamoPlatform('dynamo', { namespace: 'ops', dynamoVersion: '1.6' })),
    );
    // 1.7 is the default.
    const byDefault = crdNames(await runProgram(() => new DynamoPlatform('dynamo', { namespace: 'ops' })));
    const on17 = crdNames(
      await runProgram(() => new DynamoPlatform('dynamo', { namespace: 'ops', dynamoVersion: '1.7' })),
    );
    expect(on16).toContain('dynamocheckpoints.nvidia.com');
    const search = ['dynamographdeploymentcandidates.nvidia.com', 'dynamographdeploymentruns.nvidia.com'];
    expect(on16).not.toEqual(expect.arrayContaining([search[0]]));
    expect([...on17].sort()).toEqual([...on16.filter((n) => n !== 'dynamocheckpoints.nvidia.com'), ...search].sort());
    expect(byDefault).toEqual(on17);
    expect(crdNames(await runProgram(() => new DynamoCrds('crds', { dynamoVersion: '1.7' })))).toEqual(on17);
    const bad = await runProgram(() => new DynamoCrds('crds', { dynamoVersion: '1.5' as never })).catch((e) => e);
    expect(bad.message).toMatch(/DynamoCrds "crds": invalid input:\n {2}dynamoVersion: must be one of: 1\.6, 1\.7/);
  });

  test('crds: false leaves the CRDs out', async () => {
    let platform!: DynamoPlatform;
    const rs = await runProgram(() => {
      platform = new DynamoPlatform('dynamo', { namespace: 'ops', crds: false });
    });
    expect(platform.crds).toBeUndefined();
    expect(rs.filter((r) => r.type.includes('CustomResourceDefinition') || r.type === 'dynamo:index:Crds')).toEqual([]);
  });

  test('namespace scope by default: no CRDs, no Namespace, nothing cluster-scoped', async () => {
    let platform!: DynamoPlatform;
    const rs = await runProgram(() => {
      platform = new DynamoPlatform('dynamo', { namespace: 'team-a', scope: 'namespace' });
    });
    expect(platform.crds).toBeUndefined();
    const objects = rs.filter((r) => r.type.startsWith('kubernetes:'));
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.filter((r) => r.inputs.metadata.namespace === undefined).map((r) => r.type)).toEqual([]);
  });

  test('bad options: one error with every option path, no stack, nothing registered', async () => {
    let registered = 0;
    const error = await runProgram(() => {
      new DynamoPlatform('dynamo', { namespace: 'Ops', imagePullSecrets: ['ok', 'Not_OK'], etcd: { replicas: 0 } });
      registered++;
    }).catch((e) => e);
    expect(registered).toBe(0);
    expect(pulumi.ResourceError.isInstance(error)).toBe(true);
    expect(error.hideStack).toBe(true);
    expect(error.message).toMatch(
      /^DynamoPlatform "dynamo": invalid input:\n {2}namespace: a lowercase RFC 1123 label/,
    );
    expect(error.message).toMatch(/\n {2}imagePullSecrets\[1\]: a lowercase RFC 1123 subdomain/);
    expect(error.message).toMatch(/\n {2}etcd\.replicas: must be greater than or equal to 1$/);
  });
});

test('a provider passed to the component manages every child', async () => {
  const rs = await runProgram(() => {
    const cluster = new k8s.Provider('cluster', {});
    new DynamoGraph('agg', aggregatedVllm, { provider: cluster });
  });
  const children = rs.filter((r) => r.type.startsWith('kubernetes:') && !r.type.startsWith('pulumi:'));
  expect(children.length).toBeGreaterThan(0);
  for (const c of children) expect(c.provider).toMatch(/pulumi:providers:kubernetes::cluster::/);
});

test('outputs: frontend Service and port, object names', async () => {
  let graph!: DynamoGraph;
  await runProgram(() => {
    graph = new DynamoGraph('agg', { ...aggregatedVllm, namespace: 'dynamo' });
  });
  expect(graph.graphName).toBe('vllm-agg');
  expect(await valueOf(graph.frontendServiceName)).toBe('vllm-agg-frontend');
  expect(await valueOf(graph.frontendPort)).toBe(8000);
  // The worker is a worker generation: `<graph>-<component>-<worker hash>`.
  expect(await valueOf(graph.objectNames)).toContainEqual(
    expect.stringMatching(/^Deployment\/vllm-agg-vllmdecodeworker-[0-9a-f]{8}$/),
  );
});

test('cdk8s graphs offer the same accessors as the Pulumi ones, with the same values', async () => {
  let graph!: DynamoGraph;
  await runProgram(() => {
    graph = new DynamoGraph('agg', { ...aggregatedVllm, namespace: 'dynamo' });
  });
  const construct = new DynamoGraphDeployment(new Chart(Testing.app(), 'c'), 'agg', {
    ...aggregatedVllm,
    namespace: 'dynamo',
  });
  expect({
    frontendServiceName: construct.frontendServiceName,
    frontendPort: construct.frontendPort,
    dynamoNamespace: construct.dynamoNamespace,
    namespace: construct.namespace,
  }).toEqual({
    frontendServiceName: await valueOf(graph.frontendServiceName),
    frontendPort: await valueOf(graph.frontendPort),
    dynamoNamespace: await valueOf(graph.dynamoNamespace),
    namespace: await valueOf(graph.namespace),
  });
  expect(construct.frontendServiceName).toBe('vllm-agg-frontend');
});

test('an object two graphs share is one resource, owned by the first graph', async () => {
  const rs = await runProgram(() => {
    new DynamoGraph('one', { ...disaggregatedWithPlanner, name: 'one', namespace: 'shared' });
    new DynamoGraph('two', { ...disaggregatedWithPlanner, name: 'two', namespace: 'shared' });
  });
  const sas = byKind(rs, 'ServiceAccount').filter((r) => r.inputs.metadata.name === 'planner-serviceaccount');
  expect(sas.map((r) => r.name)).toEqual(['one/planner-serviceaccount']);
});

test('DynamoComponent renders what the cdk8s DynamoComponentDeployment renders', async () => {
  const { name: _, ...worker } = aggregatedVllm.spec.components[1];
  const props = { name: 'worker', spec: { ...worker, backendFramework: 'vllm' as const } };
  const rs = await runProgram(() => new DynamoComponent('worker', { ...props, namespace: 'dynamo' }));
  const expected = cdk8sObjects('dynamo', (chart) => new DynamoComponentDeployment(chart, 'worker', props));
  const component = rs.find((r) => r.type === 'dynamo:index:Component')!;
  expect(childrenOf(rs, component).map((r) => withoutPulumiAnnotations(r.inputs))).toEqual(expected);
});

test('DynamoModel and DynamoCheckpoint emit their record, not awaited', async () => {
  const rs = await runProgram(() => {
    new DynamoModel('qwen', {
      namespace: 'dynamo',
      spec: { modelName: 'Qwen/Qwen3-0.6B', baseModelName: 'Qwen/Qwen3-0.6B' },
    });
    new DynamoCheckpoint('ckpt', {
      name: 'qwen-ckpt',
      settings: DYNAMO_1_6,
      spec: {
        identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm' },
        job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: VLLM_RUNTIME }] } } },
      },
    });
  });
  const records = rs.filter((r) => r.type.startsWith('kubernetes:nvidia.com/'));
  expect(records.map((r) => [r.type, r.name, r.inputs.metadata])).toEqual([
    [
      'kubernetes:nvidia.com/v1alpha1:DynamoModel',
      'qwen/qwen',
      { name: 'qwen', namespace: 'dynamo', annotations: { 'pulumi.com/skipAwait': 'true' } },
    ],
    [
      'kubernetes:nvidia.com/v1alpha1:DynamoCheckpoint',
      'ckpt/qwen-ckpt',
      { name: 'qwen-ckpt', namespace: 'default', annotations: { 'pulumi.com/skipAwait': 'true' } },
    ],
  ]);
});

test('DynamoCheckpoint validates like the CLI', async () => {
  const error = await runProgram(() => {
    new DynamoCheckpoint('bad', {
      settings: DYNAMO_1_6,
      spec: {
        identity: { model: '', backendFramework: 'vllm' },
        job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: VLLM_RUNTIME }] } } },
      },
    });
  }).catch((e) => e);
  expect(error.message).toMatch(/^DynamoCheckpoint "bad": invalid input:\n {2}spec\.identity\.model: Required value$/);
});

test('a graph restores from a DynamoCheckpoint by reference; a dangling reference is an error', async () => {
  const rs = await runProgram(() => {
    const ckpt = new DynamoCheckpoint('ckpt', {
      namespace: 'dynamo',
      settings: DYNAMO_1_6,
      spec: {
        identity: { model: 'meta-llama/Llama-2-7b-hf', backendFramework: 'vllm' },
        job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: VLLM_RUNTIME }] } } },
      },
    });
    const components = aggregatedVllm.spec.components.map((c) =>
      c.type === 'worker' ? { ...c, experimental: { checkpoint: ckpt.ref() } } : c,
    );
    new DynamoGraph('agg', {
      ...aggregatedVllm,
      namespace: 'dynamo',
      spec: { ...aggregatedVllm.spec, components },
      checkpoints: [ckpt],
      settings: DYNAMO_1_6,
    });
  });
  const worker = byKind(rs, 'Deployment').find(
    (r) =>
      r.inputs.metadata.name.endsWith('-vllmworker') ||
      r.inputs.spec.template.metadata.labels['nvidia.com/dynamo-component-type'] === 'worker',
  )!;
  expect(worker.inputs.spec.template.metadata.labels['nvidia.com/snapshot-checkpoint-id']).toBe('96429b2725761a09');
  const error = await runProgram(() => {
    const components = aggregatedVllm.spec.components.map((c) =>
      c.type === 'worker' ? { ...c, experimental: { checkpoint: { enabled: true, checkpointRef: 'nope' } } } : c,
    );
    new DynamoGraph('agg', {
      ...aggregatedVllm,
      namespace: 'dynamo',
      spec: { ...aggregatedVllm.spec, components },
      settings: DYNAMO_1_6,
    });
  }).catch((e) => e);
  expect(error.message).toMatch(/checkpointRef: DynamoCheckpoint "dynamo\/nope" not found/);
});

test('for Dynamo 1.7 a graph given a DynamoCheckpoint is an error; its reference alone names a PodSnapshot and renders no restore', async () => {
  const spec = {
    identity: { model: 'meta-llama/Llama-2-7b-hf', backendFramework: 'vllm' as const },
    job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: VLLM_RUNTIME }] } } },
  };
  const withRef = aggregatedVllm.spec.components.map((c) =>
    c.type === 'worker' ? { ...c, experimental: { checkpoint: { enabled: true, checkpointRef: 'ckpt' } } } : c,
  );
  const graph = { ...aggregatedVllm, namespace: 'dynamo', spec: { ...aggregatedVllm.spec, components: withRef } };
  const settings = { dynamoVersion: '1.7' as const };
  const error = await runProgram(() => {
    // A checkpoint of a 1.6 setup handed to a graph rendered for 1.7.
    const ckpt = new DynamoCheckpoint('ckpt', { namespace: 'dynamo', settings: DYNAMO_1_6, spec });
    new DynamoGraph('agg', { ...graph, settings, checkpoints: [ckpt] });
  }).catch((e) => e);
  expect(error.message).toMatch(/checkpointRef: Forbidden: Dynamo 1\.7 has no DynamoCheckpoint kind/);
  // Given the graphs' settings, the checkpoint says so itself, at `kind`, as the CLI does.
  const alone = await runProgram(() => new DynamoCheckpoint('ckpt', { namespace: 'dynamo', settings, spec })).catch(
    (e) => e,
  );
  expect(alone.message).toMatch(
    /DynamoCheckpoint "ckpt": invalid input:\n {2}kind: Forbidden: Dynamo 1\.7 has no DynamoCheckpoint kind/,
  );
  const rs = await runProgram(() => new DynamoGraph('agg', { ...graph, settings }));
  const worker = byKind(rs, 'Deployment').find(
    (r) => r.inputs.spec.template.metadata.labels['nvidia.com/dynamo-component-type'] === 'worker',
  )!;
  expect(worker.inputs.spec.template.metadata.labels['nvidia.com/snapshot-is-restore-target']).toBeUndefined();
});
