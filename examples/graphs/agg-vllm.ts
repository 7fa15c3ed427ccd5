/** Aggregated serving: one frontend and one vLLM worker that does prefill and decode. */
import { DynamoGraphDeploymentProps } from '../../src';
import { VLLM_RUNTIME } from './images';

export const aggregatedVllm: DynamoGraphDeploymentProps = {
  name: 'vllm-agg',
  spec: {
    backendFramework: 'vllm',
    components: [
      {
        name: 'Frontend',
        type: 'frontend',
        replicas: 1,
        podTemplate: { spec: { containers: [{ name: 'main', image: VLLM_RUNTIME }] } },
      },
      {
        name: 'VllmDecodeWorker',
        type: 'worker',
        replicas: 1,
        podTemplate: {
          spec: {
            containers: [{
              name: 'main',
              image: VLLM_RUNTIME,
              command: ['python3'],
              args: ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B'],
              resources: { limits: { 'nvidia.com/gpu': '1' } },
            }],
          },
        },
      },
    ],
  },
};
