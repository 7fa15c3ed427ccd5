/**
 * The example Pulumi program (Pulumi.yaml → examples/pulumi) against the cdk8s
 * example app: the same graphs must become the same Kubernetes objects.
 */
import { Testing } from 'cdk8s';
import { buildExampleApp } from '../../examples/app';
import { addExampleGitOps, EXAMPLE_PLATFORM_NAMESPACE } from '../../examples/gitops';
import { EXAMPLE_NAMESPACE, EXAMPLE_SETTINGS } from '../../examples/graphs/platform';
import { deployExamples, THIRD_PARTY_CRDS } from '../../examples/pulumi/program';
import { releaseCrdManifests } from '../../src/platform/release-crds';
import { childrenOf, typeToken, withoutPulumiAnnotations } from './expect';
import { Recorded, runProgram } from './mocks';
import { captureStderr, EXAMPLE_WARNINGS } from '../captured-stderr';

// The cdk8s example app built for comparison prints its own warnings: kept from the output.
captureStderr(EXAMPLE_WARNINGS);

let resources: Recorded[];
beforeAll(async () => {
  resources = await runProgram(() => deployExamples());
});

const charts = buildExampleApp(Testing.app()).charts;
const graphNamed = (name: string) => resources.find((r) => r.type === 'dynamo:index:Graph' && r.name === name)!;

// DynamoCheckpoint records belong to their own Pulumi component, not to the graph's.
const isCheckpoint = (o: { kind: string }) => o.kind === 'DynamoCheckpoint';

test.each(charts.map((c) => [c.node.id, c]))('%s: one resource per cdk8s object, same type and inputs', (id, chart) => {
  // A chart's DynamoModel and DynamoCheckpoint records come from their own Pulumi components.
  const synthesized = Testing.synth(chart);
  const expected = synthesized.filter((o) => o.kind !== 'DynamoModel' && !isCheckpoint(o));
  const children = childrenOf(resources, graphNamed(id));
  expect(children.map((r) => [r.type, r.name])).toEqual(
    expected.map((o) => [typeToken(o), `${id}/${o.metadata.name}`]),
  );
  expect(children.map((r) => withoutPulumiAnnotations(r.inputs))).toEqual(expected);
  const models = synthesized.filter((o) => o.kind === 'DynamoModel');
  const model = resources.find((r) => r.type === 'dynamo:index:Model' && r.name === id);
  expect(model ? childrenOf(resources, model).map((r) => withoutPulumiAnnotations(r.inputs)) : []).toEqual(models);
});

test('every graph child waits for its namespace and the platform, whose CRDs are the ones the CLI prints', () => {
  const platform = resources.find((r) => r.type === 'dynamo:index:Platform')!;
  const crds = childrenOf(resources, platform).find((r) => r.type === 'dynamo:index:Crds')!;
  expect(childrenOf(resources, crds).map((r) => r.inputs)).toEqual(releaseCrdManifests(EXAMPLE_SETTINGS.dynamoVersion));
  const namespaces = resources.filter((r) => r.type === 'kubernetes:core/v1:Namespace' && !r.parent);
  expect(namespaces.map((r) => r.inputs.metadata.name)).toEqual([EXAMPLE_NAMESPACE, EXAMPLE_PLATFORM_NAMESPACE]);
  const after = [...namespaces.map((r) => r.resource), platform.resource];
  for (const id of charts.map((c) => c.node.id)) {
    const graph = graphNamed(id);
    expect(graph.dependsOn).toEqual(after);
    for (const child of childrenOf(resources, graph)) expect(child.dependsOn).toEqual(after);
  }
});

test("the platform: the objects of the GitOps example's cdk8s DynamoPlatform, CRDs first", () => {
  const app = addExampleGitOps(Testing.app());
  const chart = app.charts.find((c) => c.node.id === 'platform')!;
  const expected = Testing.synth(chart).filter((o) => o.kind !== 'CustomResourceDefinition');
  const platform = resources.find((r) => r.type === 'dynamo:index:Platform')!;
  const objects = childrenOf(resources, platform).filter((r) => r.type.startsWith('kubernetes:'));
  expect(objects.map((r) => withoutPulumiAnnotations(r.inputs))).toEqual(expected);
  expect(platform.dependsOn.map((r) => resources.find((x) => x.resource === r)!.inputs.metadata.name)).toEqual([
    EXAMPLE_NAMESPACE,
    EXAMPLE_PLATFORM_NAMESPACE,
  ]);
});

test('the third-party CRDs are looked up before anything is created', () => {
  const lookups = resources.filter(
    (r) => r.type === 'kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition' && !r.parent,
  );
  expect(lookups.map((r) => r.name)).toEqual(THIRD_PARTY_CRDS);
  for (const ns of resources.filter((r) => r.type === 'kubernetes:core/v1:Namespace' && !r.parent)) {
    expect(ns.dependsOn).toEqual(lookups.map((r) => r.resource));
  }
  // Every third-party kind the graphs render has its CRD on the list.
  const kinds = new Set(
    charts
      .flatMap((c) => Testing.synth(c))
      .filter((o) => !/^(v1|[a-z.]*k8s\.io\/v1|apps\/v1|nvidia\.com\/.*)$/.test(o.apiVersion))
      .map((o) => `${o.kind.toLowerCase()}s.${o.apiVersion.split('/')[0]}`),
  );
  expect([...kinds].sort()).toEqual([...THIRD_PARTY_CRDS].sort());
});

test('checkpoints: the same records as the cdk8s app, each under its DynamoCheckpoint', () => {
  const expected = charts.flatMap((c) => Testing.synth(c).filter(isCheckpoint));
  const components = resources.filter((r) => r.type === 'dynamo:index:Checkpoint');
  expect(expected.length).toBeGreaterThan(0);
  expect(components.flatMap((c) => childrenOf(resources, c)).map((r) => withoutPulumiAnnotations(r.inputs))).toEqual(
    expected,
  );
});

test('nothing is created outside a component but the namespaces (and the CRD lookups)', () => {
  const components = new Set(resources.filter((r) => r.type.startsWith('dynamo:')).map((r) => r.resource));
  const outside = resources.filter((x) => x.type.startsWith('kubernetes:') && !components.has(x.parent!));
  expect(outside.map((r) => r.type)).toEqual([
    ...THIRD_PARTY_CRDS.map(() => 'kubernetes:apiextensions.k8s.io/v1:CustomResourceDefinition'),
    'kubernetes:core/v1:Namespace',
    'kubernetes:core/v1:Namespace',
  ]);
});
