import * as path from 'path';
import { ApiObject, App, Chart, IResolver, JsonPatch, Lazy, ResolutionContext, Testing } from 'cdk8s';
import { DynamoGraphDeployment } from '../../src';
import { RenderedApiObject } from '../../src/cdk8s/rendered-api-object';

const FIXTURES = path.join(__dirname, '..', 'fixtures');
/** cdk8s's own serialisation, which the fast path must match byte for byte (key order included). */
const cdk8sJson = (o: ApiObject) => JSON.stringify(ApiObject.prototype.toJson.call(o));
const ours = (chart: Chart) =>
  chart.node.findAll().filter((c): c is RenderedApiObject => c instanceof RenderedApiObject);

test.each(['agg-v1alpha1.yaml', 'agg-v1beta1.yaml', 'disagg-v1alpha1.yaml', 'disagg-v1beta1.yaml'])(
  'every object rendered from %s serialises exactly as cdk8s would',
  (file) => {
    const chart = new Chart(Testing.app(), 'c');
    DynamoGraphDeployment.fromFile(chart, 'g', path.join(FIXTURES, file));
    const objects = ours(chart);
    expect(objects.length).toBeGreaterThan(3);
    for (const o of objects) expect(JSON.stringify(o.toJson())).toBe(cdk8sJson(o));
  },
);

const configMap = (data: Record<string, unknown>) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cm', namespace: 'ns' },
  data,
});

test('keys come out sorted; null and undefined are dropped from objects, as cdk8s does', () => {
  const chart = new Chart(Testing.app(), 'c');
  const o = new RenderedApiObject(chart, 'o', configMap({ z: '1', a: null, m: undefined, list: ['x', null] }) as any);
  expect(JSON.stringify(o.toJson())).toBe(cdk8sJson(o));
  expect(Object.keys(o.toJson().data as object)).toEqual(['list', 'z']);
});

test('a token in the object is resolved (falls back to cdk8s)', () => {
  const chart = new Chart(Testing.app(), 'c');
  const o = new RenderedApiObject(chart, 'o', configMap({ k: Lazy.any({ produce: () => 'produced' }) }) as any);
  expect(o.toJson().data).toEqual({ k: 'produced' });
});

test('an object with a resolve() method is resolved as an implicit token', () => {
  const chart = new Chart(Testing.app(), 'c');
  const o = new RenderedApiObject(chart, 'o', configMap({ k: { resolve: () => 'implicit' } }) as any);
  expect(o.toJson().data).toEqual({ k: 'implicit' });
});

test("an App's custom resolvers still see every value", () => {
  class Upper implements IResolver {
    public resolve(context: ResolutionContext): void {
      if (context.value === 'lower') context.replaceValue('UPPER');
    }
  }
  const chart = new Chart(new App({ resolvers: [new Upper()] }), 'c');
  const o = new RenderedApiObject(chart, 'o', configMap({ k: 'lower' }) as any);
  expect(o.toJson().data).toEqual({ k: 'UPPER' });
});

test('JSON patches and labels added after construction are applied', () => {
  const chart = new Chart(Testing.app(), 'c');
  const o = new RenderedApiObject(chart, 'o', configMap({ k: 'v' }) as any);
  o.metadata.addLabel('team', 'ml');
  expect(o.toJson().metadata).toEqual({ name: 'cm', namespace: 'ns', labels: { team: 'ml' } });
  o.addJsonPatch(JsonPatch.add('/data/added', 'yes'));
  expect(o.toJson().data).toEqual({ k: 'v', added: 'yes' });
});
