/**
 * Entry point of `pulumi up` (see Pulumi.yaml). Config (all optional):
 *   namespace            Kubernetes namespace of every graph (default: dynamo)
 *   awaitWorkloads       true: wait until workloads are ready (default false: return once the
 *                        API server has accepted everything; see src/pulumi/readiness.ts)
 *   awaitTimeoutSeconds  how long each wait may take before `pulumi up` fails
 *   aggWorkerReplicas    replicas of the aggregated example's worker
 *   sglangWorkerImage    image of the scaling-adapter example's worker
 */
import * as pulumi from '@pulumi/pulumi';
import { deployExamples } from './program';

const config = new pulumi.Config();
const { graphs } = deployExamples({
  namespace: config.get('namespace'),
  awaitWorkloads: config.getBoolean('awaitWorkloads'),
  awaitTimeoutSeconds: config.getNumber('awaitTimeoutSeconds'),
  aggWorkerReplicas: config.getNumber('aggWorkerReplicas'),
  sglangWorkerImage: config.get('sglangWorkerImage'),
});

export const frontends = Object.fromEntries(graphs.map((g) => [g.graphName, {
  service: g.frontendServiceName,
  port: g.frontendPort,
  dynamoNamespace: g.dynamoNamespace,
}]));
