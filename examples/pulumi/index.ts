/**
 * Entry point of `pulumi up` (see Pulumi.yaml). Config (all optional):
 *   namespace        Kubernetes namespace of every graph (default: dynamo)
 *   awaitWorkloads   false where pods never run, e.g. a cluster without GPUs or kubelets
 *   aggWorkerReplicas  replicas of the aggregated example's worker
 */
import * as pulumi from '@pulumi/pulumi';
import { deployExamples } from './program';

const config = new pulumi.Config();
const { graphs } = deployExamples({
  namespace: config.get('namespace'),
  awaitWorkloads: config.getBoolean('awaitWorkloads'),
  aggWorkerReplicas: config.getNumber('aggWorkerReplicas'),
});

export const frontends = Object.fromEntries(graphs.map((g) => [g.graphName, {
  service: g.frontendServiceName,
  port: g.frontendPort,
  dynamoNamespace: g.dynamoNamespace,
}]));
