/**
 * `pulumi up` of the aggregated e2e graph, adopted from its YAML by the DynamoGraphDeployment component, in
 * the namespace of config `namespace`; exports the frontend Service the test sends requests to. Config
 * `speedupRatio` changes the worker's arguments (the mocker's `--speedup-ratio`, "10" in the YAML): the
 * rollout test's worker change. Config `scaleToZeroAfter` (and `activationTimeout`) opts the graph in to
 * scale to zero with its annotations (docs/scale-to-zero.md; the worker has its scaling adapter).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as pulumi from '@pulumi/pulumi';
import { parse } from 'yaml';
import { DynamoGraphDeployment } from '../../../../src/pulumi';

const config = new pulumi.Config();
const yaml = fs.readFileSync(path.join(__dirname, '..', '..', 'graphs', 'agg.yaml'), 'utf8');
const speedup = config.get('speedupRatio');
const manifest = parse(speedup ? yaml.replace('--speedup-ratio, "10"', `--speedup-ratio, "${speedup}"`) : yaml);
const idle = config.get('scaleToZeroAfter');
if (idle)
  manifest.metadata.annotations = {
    'dynamo-iac.io/scale-to-zero-after': idle,
    'dynamo-iac.io/activation-timeout': config.get('activationTimeout') ?? '60s',
  };
const graph = DynamoGraphDeployment.fromManifest('mock-agg', manifest, { namespace: config.require('namespace') });
export const frontend = graph.frontendServiceName;
