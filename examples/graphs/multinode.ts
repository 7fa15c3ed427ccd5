/**
 * Multinode graphs: one engine spread over two 8-GPU nodes. Each is rendered on both
 * orchestrators (see app.ts): LeaderWorkerSets with Volcano gangs, or one Grove PodCliqueSet.
 */
import { ComponentSpec, DynamoGraphDeploymentProps } from '../../src';
import { SGLANG_RUNTIME, TRTLLM_RUNTIME, VLLM_RUNTIME } from './images';

const MODEL = 'deepseek-ai/DeepSeek-R1-Distill-Llama-70B';
const GPUS_PER_NODE = '8';

const frontend = (image: string): ComponentSpec => ({
  name: 'Frontend',
  type: 'frontend',
  replicas: 1,
  podTemplate: { spec: { containers: [{ name: 'main', image }] } },
});

const twoNodeWorker = (name: string, image: string, args: string[]): ComponentSpec => ({
  name,
  type: 'worker',
  replicas: 1,
  multinode: { nodeCount: 2 },
  podTemplate: {
    spec: {
      containers: [{
        name: 'main',
        image,
        command: ['python3'],
        args,
        resources: { limits: { 'nvidia.com/gpu': GPUS_PER_NODE } },
      }],
    },
  },
});

/** vLLM, tensor parallel 16 across two nodes with the `mp` executor (workers wait for the leader's torch master). */
export const multinodeVllm: DynamoGraphDeploymentProps = {
  name: 'vllm-multinode',
  annotations: { 'nvidia.com/vllm-distributed-executor-backend': 'mp' },
  spec: {
    backendFramework: 'vllm',
    components: [
      frontend(VLLM_RUNTIME),
      twoNodeWorker('VllmWorker', VLLM_RUNTIME, ['-m', 'dynamo.vllm', '--model', MODEL, '--tensor-parallel-size', '16']),
    ],
  },
};

/** SGLang, tensor parallel 16 across two nodes: torch distributed init at the leader. */
export const multinodeSglang: DynamoGraphDeploymentProps = {
  name: 'sglang-multinode',
  spec: {
    backendFramework: 'sglang',
    components: [
      frontend(SGLANG_RUNTIME),
      twoNodeWorker('decode', SGLANG_RUNTIME, ['-m', 'dynamo.sglang', '--model-path', MODEL, '--tp', '16', '--page-size', '16']),
    ],
  },
};

/** TRT-LLM, tensor parallel 16 across two nodes: MPI over SSH, the leader runs mpirun. */
export const multinodeTrtllm: DynamoGraphDeploymentProps = {
  name: 'trtllm-multinode',
  spec: {
    backendFramework: 'trtllm',
    components: [
      frontend(TRTLLM_RUNTIME),
      twoNodeWorker('worker', TRTLLM_RUNTIME, [
        '-m', 'dynamo.trtllm',
        '--model-path', MODEL,
        '--extra-engine-args', '{"tensor_parallel_size": 16}',
      ]),
    ],
  },
};
