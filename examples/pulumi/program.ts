/**
 * The example Pulumi program: the same graphs as the cdk8s example app (examples/app.ts), after
 * what they need: their namespaces, then the runtime operator's platform with our CRDs.
 *
 * The cluster must already serve the third-party kinds these graphs render (THIRD_PARTY_CRDS):
 * the program looks their CRDs up before it creates anything, so on a cluster without one
 * `pulumi preview` and `pulumi up` stop at once, naming it.
 */
import * as k8s from '@pulumi/kubernetes';
import { ComponentSpec, DynamoGraphDeploymentProps } from '../../src';
import { DynamoCheckpoint, DynamoGraphDeployment, DynamoModel, DynamoPlatform, GraphOptions } from '../../src/pulumi';
import { aggregatedWithLora, supportLora } from '../graphs/agg-lora';
import { aggregatedVllm } from '../graphs/agg-vllm';
import { qwenCheckpoint, restoredGraph } from '../graphs/checkpoint-restore';
import { disaggregatedWithPlanner } from '../graphs/disagg-planner';
import { multinodeSglang, multinodeTrtllm, multinodeVllm } from '../graphs/multinode';
import { EXAMPLE_NAMESPACE, EXAMPLE_SETTINGS, PVC_CACHE_INGRESS_FILE } from '../graphs/platform';
import { sglangWithScalingAdapter } from '../graphs/sglang-scaling-adapter';
import { EXAMPLE_PLATFORM_NAMESPACE } from '../gitops';

/** CRDs of the third-party kinds the example graphs render, which the cluster must already have. */
export const THIRD_PARTY_CRDS = [
  // LeaderWorkerSet: the multinode graphs on LWS (the LWS controller).
  'leaderworkersets.leaderworkerset.x-k8s.io',
  // PodCliqueSet: the multinode graphs on Grove.
  'podcliquesets.grove.io',
];

export interface ExampleOptions extends Pick<GraphOptions, 'awaitWorkloads' | 'awaitTimeoutSeconds'> {
  /** Namespace of every graph. @default EXAMPLE_NAMESPACE */
  readonly namespace?: string;
  /** Replicas of the aggregated example's worker. @default - as in the example */
  readonly aggWorkerReplicas?: number;
  /** Image of the scaling-adapter example's worker. @default - as in the example */
  readonly sglangWorkerImage?: string;
}

export function deployExamples(options: ExampleOptions = {}) {
  const required = THIRD_PARTY_CRDS.map((name) => k8s.apiextensions.v1.CustomResourceDefinition.get(name, name));
  const namespace = options.namespace ?? EXAMPLE_NAMESPACE;
  const namespaces = [namespace, EXAMPLE_PLATFORM_NAMESPACE].map((name) =>
    new k8s.core.v1.Namespace(name, { metadata: { name } }, { dependsOn: required }));
  const readiness = { awaitWorkloads: options.awaitWorkloads, awaitTimeoutSeconds: options.awaitTimeoutSeconds };
  const platform = new DynamoPlatform(
    'dynamo',
    { namespace: EXAMPLE_PLATFORM_NAMESPACE, createNamespace: false, dynamoVersion: EXAMPLE_SETTINGS.dynamoVersion, ...readiness },
    { dependsOn: namespaces },
  );
  const common = { namespace, settings: EXAMPLE_SETTINGS, ...readiness };
  // Graph records need the CRDs, every object its namespace.
  const after = { dependsOn: [...namespaces, platform] };
  const { name: checkpointName, labels, annotations, spec } = qwenCheckpoint;
  const checkpoint = new DynamoCheckpoint('checkpoint-restore', { name: checkpointName, labels, annotations, spec, namespace, settings: EXAMPLE_SETTINGS }, after);
  const agg = withWorker(aggregatedVllm, (c) => (options.aggWorkerReplicas === undefined ? c : { ...c, replicas: options.aggWorkerReplicas }));
  const sglang = withWorker(sglangWithScalingAdapter, (c) => (options.sglangWorkerImage === undefined ? c : withImage(c, options.sglangWorkerImage)));
  return {
    namespaces,
    platform,
    checkpoints: [checkpoint],
    graphs: [
      new DynamoGraphDeployment('agg-vllm', { ...agg, ...common }, after),
      new DynamoGraphDeployment('agg-lora', { ...aggregatedWithLora, ...common }, after),
      new DynamoGraphDeployment('disagg-planner', { ...disaggregatedWithPlanner, ...common }, after),
      new DynamoGraphDeployment('sglang-scaling-adapter', { ...sglang, ...common }, after),
      DynamoGraphDeployment.fromFile('pvc-cache-ingress', PVC_CACHE_INGRESS_FILE, common, after),
      // Multinode graphs on both orchestrators, as in the cdk8s app.
      ...([['vllm', multinodeVllm], ['sglang', multinodeSglang], ['trtllm', multinodeTrtllm]] as const).flatMap(([id, props]) => [
        new DynamoGraphDeployment(`multinode-${id}-lws`, { ...props, ...common, orchestrator: 'lws' }, after),
        new DynamoGraphDeployment(`multinode-${id}-grove`, { ...props, ...common, name: `${props.name}-grove`, orchestrator: 'grove' }, after),
      ]),
      new DynamoGraphDeployment('checkpoint-restore', { ...restoredGraph(checkpoint.ref()), ...common, checkpoints: [checkpoint] }, after),
    ],
    models: [new DynamoModel('agg-lora', { ...supportLora, namespace }, after)],
  };
}

/** `graph` with its worker component changed by `change`. */
function withWorker(graph: DynamoGraphDeploymentProps, change: (c: ComponentSpec) => ComponentSpec): DynamoGraphDeploymentProps {
  return { ...graph, spec: { ...graph.spec, components: graph.spec.components.map((c) => (c.type === 'worker' ? change(c) : c)) } };
}

function withImage(c: ComponentSpec, image: string): ComponentSpec {
  const containers = c.podTemplate?.spec?.containers?.map((ct) => ({ ...ct, image }));
  return { ...c, podTemplate: { ...c.podTemplate, spec: { ...c.podTemplate?.spec, containers } } };
}
