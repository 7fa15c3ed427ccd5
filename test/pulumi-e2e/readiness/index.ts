/**
 * One graph with the readiness options from config (awaitWorkloads, awaitGraphStatus,
 * awaitTimeoutSeconds), after its namespace and the CRDs.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { aggregatedVllm } from '../../../examples/graphs/agg-vllm';
import { DynamoCrds, DynamoGraphDeployment } from '../../../src/pulumi';

const NAMESPACE = 'readiness';

const config = new pulumi.Config();
const namespace = new k8s.core.v1.Namespace(NAMESPACE, { metadata: { name: NAMESPACE } });
const crds = new DynamoCrds('crds');
new DynamoGraphDeployment(
  'agg',
  {
    ...aggregatedVllm,
    namespace: NAMESPACE,
    awaitWorkloads: config.getBoolean('awaitWorkloads'),
    awaitGraphStatus: config.getBoolean('awaitGraphStatus'),
    awaitTimeoutSeconds: config.getNumber('awaitTimeoutSeconds'),
  },
  { dependsOn: [namespace, crds] },
);
