/**
 * `pulumi up` of the aggregated e2e graph, adopted from its YAML by the DynamoGraphDeployment component, in
 * the namespace of config `namespace`; exports the frontend Service the test sends requests to.
 */
import * as path from 'path';
import * as pulumi from '@pulumi/pulumi';
import { DynamoGraphDeployment } from '../../../../src/pulumi';

const config = new pulumi.Config();
const graph = DynamoGraphDeployment.fromFile('mock-agg', path.join(__dirname, '..', '..', 'graphs', 'agg.yaml'), {
  namespace: config.require('namespace'),
});
export const frontend = graph.frontendServiceName;
