import { App, Chart, Testing } from 'cdk8s';
import { DynamoPlatform } from '../../src';
import { renderPlatform } from '../../src/platform/platform';
import { captureStderr, EXAMPLE_WARNINGS } from '../captured-stderr';

// Not about warnings: the example's own (npm run synth prints them) are kept from the output.
captureStderr(EXAMPLE_WARNINGS);

test('DynamoPlatform synthesizes exactly what renderPlatform renders, in the same order', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'platform');
  new DynamoPlatform(chart, 'dynamo', {
    namespace: 'dynamo-system',
    scope: 'namespace',
    monitoring: true,
    image: 'registry.example/op:1',
  });
  const expected = renderPlatform({
    namespace: 'dynamo-system',
    scope: 'namespace',
    monitoring: true,
    image: 'registry.example/op:1',
    version: require('../../package.json').version,
  });
  expect(Testing.synth(chart)).toEqual(JSON.parse(JSON.stringify(expected)));
});

test('crds: false leaves the CRDs to someone else', () => {
  const app = new App();
  const chart = new Chart(app, 'platform');
  new DynamoPlatform(chart, 'dynamo', { namespace: 'ops', crds: false });
  expect(Testing.synth(chart).map((o: any) => o.kind)).not.toContain('CustomResourceDefinition');
});

test('nats and etcd props add their StatefulSets', () => {
  const app = new App();
  const chart = new Chart(app, 'platform');
  new DynamoPlatform(chart, 'dynamo', { namespace: 'ops', crds: false, nats: true, etcd: { replicas: 3 } });
  const sets = Testing.synth(chart).filter((o: any) => o.kind === 'StatefulSet');
  expect(sets.map((s: any) => [s.metadata.name, s.spec.replicas])).toEqual([
    ['dynamo-platform-etcd', 3],
    ['dynamo-platform-nats', 1],
  ]);
});

test('bad props fail synth with the option paths, and render nothing', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'platform');
  const platform = new DynamoPlatform(chart, 'dynamo', {
    namespace: 'ops',
    nats: { storage: 'ten gigs' },
    checkpointStorage: { basePath: 'checkpoints' },
    imagePullSecret: ['mirror'],
  } as any);
  expect(platform.objects).toEqual([]);
  expect(() => app.synth()).toThrow(
    /imagePullSecret: unknown field "imagePullSecret"[\s\S]*nats\.storage: invalid quantity "ten gigs": quantities must match[\s\S]*checkpointStorage\.basePath: must be an absolute path/,
  );
});

test('activatorPort renders the activator Service; a bad one fails synth with its path', () => {
  const chart = new Chart(Testing.app(), 'platform');
  new DynamoPlatform(chart, 'dynamo', { namespace: 'ops', crds: false, activatorPort: 8090 });
  const service = Testing.synth(chart).find((o: any) => o.metadata.name === 'dynamo-iac-operator-activator');
  expect(service.spec.ports[0].port).toBe(8090);
  const app = Testing.app();
  const bad = new DynamoPlatform(new Chart(app, 'platform'), 'dynamo', { namespace: 'ops', activatorPort: 70000 });
  expect(bad.objects).toEqual([]);
  expect(() => app.synth()).toThrow(/activatorPort: must be less than or equal to 65535/);
});
