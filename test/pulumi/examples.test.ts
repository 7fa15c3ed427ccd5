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

test.each(charts.map((c) => [c.node.id, c]))('%s: one resource per cdk8s object, same type and inputs', (id, chart) => {
  const synthesized = Testing.synth(chart);
  // A chart's DynamoModel records come from the DynamoModel component of the same name.
  const expected = synthesized.filter((o) => o.kind !== 'DynamoModel');
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

test('nothing is created outside a component', () => {
  const components = new Set(resources.filter((r) => r.type.startsWith('dynamo:')).map((r) => r.resource));
  for (const r of resources.filter((x) => x.type.startsWith('kubernetes:'))) expect(components.has(r.parent!)).toBe(true);
});
