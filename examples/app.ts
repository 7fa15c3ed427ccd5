/**
 * The example app: the graphs `cdk8s synth` renders into dist/, one file per chart.
 * Each chart shows one way of using dynamo-iac. examples/pulumi deploys the same graphs.
 */
import { App, Chart } from 'cdk8s';
import { DynamoGraphDeployment, DynamoModel, setPlatformSettings } from '../src';
import { aggregatedWithLora, LORA_COMPONENT, supportLora } from './graphs/agg-lora';
import { aggregatedVllm } from './graphs/agg-vllm';
import { checkpointRestore } from './graphs/checkpoint-restore';
import { disaggregatedWithPlanner } from './graphs/disagg-planner';
import { multinodeSglang, multinodeTrtllm, multinodeVllm } from './graphs/multinode';
import { EXAMPLE_NAMESPACE, EXAMPLE_SETTINGS, PVC_CACHE_INGRESS_FILE } from './graphs/platform';
import { sglangWithScalingAdapter } from './graphs/sglang-scaling-adapter';

export { EXAMPLE_NAMESPACE } from './graphs/platform';

export function buildExampleApp<T extends App>(app: T): T {
  setPlatformSettings(app, EXAMPLE_SETTINGS);
  const chart = (id: string) => new Chart(app, id, { namespace: EXAMPLE_NAMESPACE });

  new DynamoGraphDeployment(chart('agg-vllm'), 'graph', aggregatedVllm);
  // A LoRA adapter attached to the worker that serves its base model (the runtime operator loads it).
  const lora = chart('agg-lora');
  new DynamoModel(lora, 'lora', supportLora).attachTo(new DynamoGraphDeployment(lora, 'graph', aggregatedWithLora), LORA_COMPONENT);
  new DynamoGraphDeployment(chart('disagg-planner'), 'graph', disaggregatedWithPlanner);
  new DynamoGraphDeployment(chart('sglang-scaling-adapter'), 'graph', sglangWithScalingAdapter);
  // Adopting an existing v1alpha1 manifest as it is: a PVC model cache and an ingress.
  DynamoGraphDeployment.fromFile(chart('pvc-cache-ingress'), 'graph', PVC_CACHE_INGRESS_FILE);
  // Multinode graphs on both orchestrators: LeaderWorkerSets (upstream's default) and Grove.
  for (const [id, props] of [['vllm', multinodeVllm], ['sglang', multinodeSglang], ['trtllm', multinodeTrtllm]] as const) {
    new DynamoGraphDeployment(chart(`multinode-${id}-lws`), 'graph', { ...props, orchestrator: 'lws' });
    // Another name, so both variants can live in one namespace of the example output.
    new DynamoGraphDeployment(chart(`multinode-${id}-grove`), 'graph', { ...props, name: `${props.name}-grove`, orchestrator: 'grove' });
  }
  checkpointRestore(chart('checkpoint-restore'));
  return app;
}
