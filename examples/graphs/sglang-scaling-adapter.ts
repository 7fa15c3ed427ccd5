/**
 * SGLang with a scaling adapter: the worker Deployment is rendered without
 * `replicas`, so an HPA, KEDA or the Planner scales it through the adapter and a
 * GitOps re-apply never undoes the scale.
 */
import { DynamoGraphDeploymentProps } from '../../src';
import { SGLANG_RUNTIME } from './images';

export const sglangWithScalingAdapter: DynamoGraphDeploymentProps = {
  name: 'sglang-agg',
  annotations: { 'nvidia.com/enable-metrics': 'true' },
  spec: {
    backendFramework: 'sglang',
    components: [
      {
        name: 'Frontend',
        type: 'frontend',
        replicas: 2,
        podTemplate: { spec: { containers: [{ name: 'main', image: SGLANG_RUNTIME }] } },
      },
      {
        name: 'decode',
        type: 'worker',
        replicas: 2,
        scalingAdapter: {},
        sharedMemorySize: '16Gi',
        podTemplate: {
          spec: {
            containers: [{
              name: 'main',
              image: SGLANG_RUNTIME,
              command: ['python3'],
              args: ['-m', 'dynamo.sglang', '--model-path', 'Qwen/Qwen3-0.6B', '--page-size', '16', '--tp', '1'],
              resources: { limits: { 'nvidia.com/gpu': '1' } },
            }],
          },
        },
      },
    ],
  },
};
