/**
 * The example Pulumi program: the same graphs as the cdk8s example app
 * (examples/app.ts), with the CRDs installed first.
 */
import * as pulumi from '@pulumi/pulumi';
import { DynamoCheckpoint, DynamoCrds, DynamoGraph, DynamoModel, GraphOptions } from '../../src/pulumi';
import { aggregatedWithLora, supportLora } from '../graphs/agg-lora';
import { aggregatedVllm } from '../graphs/agg-vllm';
import { qwenCheckpoint, restoredGraph } from '../graphs/checkpoint-restore';
import { disaggregatedWithPlanner } from '../graphs/disagg-planner';
import { multinodeSglang, multinodeTrtllm, multinodeVllm } from '../graphs/multinode';
import { EXAMPLE_NAMESPACE, EXAMPLE_SETTINGS, PVC_CACHE_INGRESS_FILE } from '../graphs/platform';
import { sglangWithScalingAdapter } from '../graphs/sglang-scaling-adapter';

export interface ExampleOptions extends Pick<GraphOptions, 'awaitWorkloads'> {
  /** @default EXAMPLE_NAMESPACE */
  readonly namespace?: pulumi.Input<string>;
  /** Replicas of the aggregated example's worker (what the end-to-end test changes). @default - as in the example */
  readonly aggWorkerReplicas?: number;
}

export function deployExamples(options: ExampleOptions = {}) {
  const crds = new DynamoCrds('dynamo-crds');
  const common = {
    namespace: options.namespace ?? EXAMPLE_NAMESPACE,
    settings: EXAMPLE_SETTINGS,
    awaitWorkloads: options.awaitWorkloads,
  };
  const after = { dependsOn: [crds] };
  const { name: checkpointName, labels, annotations, spec } = qwenCheckpoint;
  const checkpoint = new DynamoCheckpoint('checkpoint-restore', { name: checkpointName, labels, annotations, spec, namespace: common.namespace }, after);
  const agg = { ...aggregatedVllm, spec: { ...aggregatedVllm.spec, components: aggregatedVllm.spec.components.map((c) =>
    (c.type === 'worker' && options.aggWorkerReplicas !== undefined ? { ...c, replicas: options.aggWorkerReplicas } : c)) } };
  return {
    crds,
    checkpoints: [checkpoint],
    graphs: [
      new DynamoGraph('agg-vllm', { ...agg, ...common }, after),
      new DynamoGraph('agg-lora', { ...aggregatedWithLora, ...common }, after),
      new DynamoGraph('disagg-planner', { ...disaggregatedWithPlanner, ...common }, after),
      new DynamoGraph('sglang-scaling-adapter', { ...sglangWithScalingAdapter, ...common }, after),
      DynamoGraph.fromFile('pvc-cache-ingress', PVC_CACHE_INGRESS_FILE, common, after),
      // Multinode graphs on both orchestrators, as in the cdk8s app.
      ...([['vllm', multinodeVllm], ['sglang', multinodeSglang], ['trtllm', multinodeTrtllm]] as const).flatMap(([id, props]) => [
        new DynamoGraph(`multinode-${id}-lws`, { ...props, ...common, orchestrator: 'lws' }, after),
        new DynamoGraph(`multinode-${id}-grove`, { ...props, ...common, name: `${props.name}-grove`, orchestrator: 'grove' }, after),
      ]),
      new DynamoGraph('checkpoint-restore', { ...restoredGraph(checkpoint.ref()), ...common, checkpoints: [checkpoint] }, after),
    ],
    models: [new DynamoModel('agg-lora', { ...supportLora, namespace: common.namespace }, after)],
  };
}
