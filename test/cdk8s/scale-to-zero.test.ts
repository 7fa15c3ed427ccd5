/** Scale to zero from cdk8s: the graph's `annotations` prop declares it, and validation is the CLI's. */
import { App, Chart, Testing } from 'cdk8s';
import { DynamoGraphDeployment } from '../../src';
import { synthError } from './synth-error';

const image = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const frontend = {
  name: 'Frontend',
  type: 'frontend' as const,
  podTemplate: { spec: { containers: [{ name: 'main', image }] } },
};
const decode = {
  name: 'decode',
  type: 'worker' as const,
  scalingAdapter: {},
  podTemplate: { spec: { containers: [{ name: 'main', image, command: ['python3'], args: ['-m', 'dynamo.vllm'] }] } },
};

test('the annotations reach the graph record; the worker Deployment leaves replicas to the adapter', () => {
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ml' });
  new DynamoGraphDeployment(chart, 'agg', {
    annotations: { 'dynamo-iac.io/scale-to-zero-after': '5m', 'dynamo-iac.io/activation-timeout': '90s' },
    spec: { backendFramework: 'vllm', components: [frontend, decode] },
  });
  const objs = Testing.synth(chart);
  const record = objs.find((o: any) => o.kind === 'DynamoGraphDeployment');
  expect(record.metadata.annotations).toEqual(
    expect.objectContaining({ 'dynamo-iac.io/scale-to-zero-after': '5m', 'dynamo-iac.io/activation-timeout': '90s' }),
  );
  const worker = objs.find(
    (o: any) => o.kind === 'Deployment' && o.metadata.labels['nvidia.com/dynamo-component'] === 'decode',
  );
  expect(worker.spec).not.toHaveProperty('replicas');
});

test('a bad window fails synth with the same line the CLI prints', () => {
  const app = new App();
  const chart = new Chart(app, 'c', { namespace: 'ml' });
  new DynamoGraphDeployment(chart, 'agg', {
    annotations: { 'dynamo-iac.io/scale-to-zero-after': 'soon' },
    spec: { backendFramework: 'vllm', components: [frontend, decode] },
  });
  expect(synthError(app)).toContain(
    'metadata.annotations[dynamo-iac.io/scale-to-zero-after]: Invalid value: "soon": must be a duration greater than 0, like 90s, 5m or 1h30m',
  );
});
