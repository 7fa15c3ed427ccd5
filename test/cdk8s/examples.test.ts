import { Testing } from 'cdk8s';
import { buildExampleApp } from '../../examples/app';
import { captureStderr, EXAMPLE_WARNINGS } from '../captured-stderr';

// Not about warnings: the example's own (npm run synth prints them) are kept from the output.
captureStderr(EXAMPLE_WARNINGS);

// Snapshot of every example chart: a rendering change shows up as a reviewed snapshot diff.
const app = buildExampleApp(Testing.app());

test.each(app.charts.map((c) => [c.node.id, c]))('example %s', (_id, chart) => {
  expect(Testing.synth(chart)).toMatchSnapshot();
});

test('every example graph renders (no example is silently empty)', () => {
  for (const chart of app.charts) {
    const kinds = Testing.synth(chart).map((o: any) => o.kind);
    expect(kinds.some((k: string) => ['Deployment', 'LeaderWorkerSet', 'PodCliqueSet'].includes(k))).toBe(true);
    expect(kinds).toContain('DynamoGraphDeployment');
  }
});
