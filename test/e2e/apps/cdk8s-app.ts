/**
 * A cdk8s app as a user writes one: a Chart in the namespace given by E2E_NAMESPACE that adopts
 * the aggregated e2e graph from its YAML. `cdk8s synth --app "ts-node test/e2e/apps/cdk8s-app.ts"`
 * writes it to the output directory, which the e2e test applies with kubectl.
 */
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { DynamoGraphDeployment } from '../../../src';

const app = new App();
const chart = new Chart(app, 'mock-agg', { namespace: process.env.E2E_NAMESPACE ?? 'default' });
DynamoGraphDeployment.fromFile(chart, 'graph', path.join(__dirname, '..', 'graphs', 'agg.yaml'));
app.synth();
