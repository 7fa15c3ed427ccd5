/**
 * The example Pulumi program (Pulumi.yaml → examples/pulumi) against the cdk8s
 * example app: the same graphs must become the same Kubernetes objects.
 */
import { Testing } from 'cdk8s';
import { buildExampleApp } from '../../examples/app';
import { deployExamples } from '../../examples/pulumi/program';
import { crdManifests } from '../../src';
import { childrenOf, typeToken, withoutPulumiAnnotations } from './expect';
import { Recorded, runProgram } from './mocks';

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
  expect(children.map((r) => [r.type, r.name])).toEqual(expected.map((o) => [typeToken(o), `${id}/${o.metadata.name}`]));
  expect(children.map((r) => withoutPulumiAnnotations(r.inputs))).toEqual(expected);
  const models = synthesized.filter((o) => o.kind === 'DynamoModel');
  const model = resources.find((r) => r.type === 'dynamo:index:Model' && r.name === id);
  expect(model ? childrenOf(resources, model).map((r) => withoutPulumiAnnotations(r.inputs)) : []).toEqual(models);
});

test('every graph child waits for the CRDs; the CRDs are the ones the CLI prints', () => {
  const crds = resources.find((r) => r.type === 'dynamo:index:Crds')!;
  expect(childrenOf(resources, crds).map((r) => r.inputs)).toEqual(crdManifests());
  for (const id of charts.map((c) => c.node.id)) {
    const graph = graphNamed(id);
    expect(graph.dependsOn).toEqual([crds.resource]);
    for (const child of childrenOf(resources, graph)) expect(child.dependsOn).toEqual([crds.resource]);
  }
});

test('checkpoints: the same records as the cdk8s app, each under its DynamoCheckpoint', () => {
  const expected = charts.flatMap((c) => Testing.synth(c).filter(isCheckpoint));
  const components = resources.filter((r) => r.type === 'dynamo:index:Checkpoint');
  expect(expected.length).toBeGreaterThan(0);
  expect(components.flatMap((c) => childrenOf(resources, c)).map((r) => withoutPulumiAnnotations(r.inputs))).toEqual(expected);
});

test('nothing is created outside a component', () => {
  const components = new Set(resources.filter((r) => r.type.startsWith('dynamo:')).map((r) => r.resource));
  for (const r of resources.filter((x) => x.type.startsWith('kubernetes:'))) expect(components.has(r.parent!)).toBe(true);
});
