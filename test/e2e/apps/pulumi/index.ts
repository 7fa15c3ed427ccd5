/**
 * `pulumi up` of the aggregated e2e graph, adopted from its YAML by the DynamoGraphDeployment component, in
 * the namespace of config `namespace`; exports the frontend Service the test sends requests to. Config
 * `speedupRatio` changes the worker's arguments (the mocker's `--speedup-ratio`, "10" in the YAML): the
 * rollout test's worker change.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as pulumi from '@pulumi/pulumi';
import { parse } from 'yaml';
import { DynamoGraphDeployment } from '../../../../src/pulumi';

const config = new pulumi.Config();
const yaml = fs.readFileSync(path.join(__dirname, '..', '..', 'graphs', 'agg.yaml'), 'utf8');
const speedup = config.get('speedupRatio');
const graph = DynamoGraphDeployment.fromManifest(
  'mock-agg',
  parse(speedup ? yaml.replace('--speedup-ratio, "10"', `--speedup-ratio, "${speedup}"`) : yaml),
  { namespace: config.require('namespace') },
);
export const frontend = graph.frontendServiceName;
