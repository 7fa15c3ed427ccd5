/** Disaggregated serving: separate prefill and decode workers, scaled by the SLA planner. */
import { DynamoGraphDeploymentProps } from '../../src';
import { VLLM_RUNTIME } from './images';

const MODEL = 'Qwen/Qwen3-0.6B';

// No `replicas`: the planner scales them through their adapters, which start at 1.
const vllmWorker = (name: string, type: 'prefill' | 'decode', extraArgs: string[]) => ({
  name,
  type,
  scalingAdapter: {},
  podTemplate: {
    spec: {
      containers: [{
        name: 'main',
        image: VLLM_RUNTIME,
        command: ['python3'],
        args: ['-m', 'dynamo.vllm', '--model', MODEL, ...extraArgs],
        resources: { limits: { 'nvidia.com/gpu': '1' } },
      }],
    },
  },
});

export const disaggregatedWithPlanner: DynamoGraphDeploymentProps = {
  name: 'vllm-disagg-planner',
  spec: {
    backendFramework: 'vllm',
    env: [{ name: 'HF_HOME', value: '/opt/models' }],
    components: [
      {
        name: 'Frontend',
        type: 'frontend',
        replicas: 1,
        podTemplate: { spec: { containers: [{ name: 'main', image: VLLM_RUNTIME }] } },
      },
      {
        name: 'Planner',
        type: 'planner',
        replicas: 1,
        podTemplate: {
          spec: {
            containers: [{
              name: 'main',
              image: VLLM_RUNTIME,
              command: ['python3'],
              args: ['-m', 'dynamo.planner', '--environment=kubernetes', '--backend=vllm', '--adjustment-interval=60'],
            }],
          },
        },
      },
      vllmWorker('VllmPrefillWorker', 'prefill', ['--is-prefill-worker']),
      vllmWorker('VllmDecodeWorker', 'decode', []),
    ],
  },
};
