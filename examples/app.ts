/**
 * The example app: the graphs `cdk8s synth` renders into dist/, one file per chart.
 * Each chart shows one way of using dynamo-iac.
 */
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { DynamoGraphDeployment, setPlatformSettings } from '../src';
import { aggregatedVllm } from './graphs/agg-vllm';
import { disaggregatedWithPlanner } from './graphs/disagg-planner';
import { multinodeSglang, multinodeTrtllm, multinodeVllm } from './graphs/multinode';
import { sglangWithScalingAdapter } from './graphs/sglang-scaling-adapter';

export const EXAMPLE_NAMESPACE = 'dynamo';

export function buildExampleApp(app: App): App {
  // One settings object for every graph in the app: what the upstream operator
  // would read from its OperatorConfiguration.
  setPlatformSettings(app, {
    discoveryBackend: 'kubernetes',
    ingress: { controllerClassName: 'nginx', hostSuffix: 'example.com' },
    imagePullSecrets: { 'nvcr.io': ['nvcr-pull-secret'] },
  });
  const chart = (id: string) => new Chart(app, id, { namespace: EXAMPLE_NAMESPACE });

  new DynamoGraphDeployment(chart('agg-vllm'), 'graph', aggregatedVllm);
  new DynamoGraphDeployment(chart('disagg-planner'), 'graph', disaggregatedWithPlanner);
  new DynamoGraphDeployment(chart('sglang-scaling-adapter'), 'graph', sglangWithScalingAdapter);
  // Adopting an existing v1alpha1 manifest as it is: a PVC model cache and an ingress.
  DynamoGraphDeployment.fromFile(chart('pvc-cache-ingress'), 'graph', path.join(__dirname, 'graphs', 'pvc-cache-ingress.v1alpha1.yaml'));
  // Multinode graphs on both orchestrators: LeaderWorkerSets (upstream's default) and Grove.
  for (const [id, props] of [['vllm', multinodeVllm], ['sglang', multinodeSglang], ['trtllm', multinodeTrtllm]] as const) {
    new DynamoGraphDeployment(chart(`multinode-${id}-lws`), 'graph', { ...props, orchestrator: 'lws' });
    // Another name, so both variants can live in one namespace of the example output.
    new DynamoGraphDeployment(chart(`multinode-${id}-grove`), 'graph', { ...props, name: `${props.name}-grove`, orchestrator: 'grove' });
  }
  return app;
}
