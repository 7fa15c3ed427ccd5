/**
 * Checkpoint/restore: a DynamoCheckpoint captures a vLLM worker once (the runtime operator runs
 * its Job, the node agent snapshots it to the checkpoint PVC), and the graph's worker restores
 * from it by name instead of cold-starting. The reference is typed: `checkpoint.ref()`.
 */
import { Construct } from 'constructs';
import { ComponentCheckpointInput, DynamoCheckpoint, DynamoCheckpointProps, DynamoGraphDeployment, DynamoGraphDeploymentProps } from '../../src';
import { VLLM_RUNTIME } from './images';

const MODEL = 'Qwen/Qwen3-0.6B';
const worker = {
  name: 'main',
  image: VLLM_RUNTIME,
  command: ['python3'],
  args: ['-m', 'dynamo.vllm', '--model', MODEL],
  resources: { limits: { 'nvidia.com/gpu': '1' } },
};

export const qwenCheckpoint: DynamoCheckpointProps = {
  name: 'qwen3-vllm',
  spec: {
    identity: { model: MODEL, backendFramework: 'vllm', tensorParallelSize: 1, dtype: 'bfloat16' },
    job: { podTemplateSpec: { spec: { containers: [worker] } } },
  },
};

export function restoredGraph(checkpoint: ComponentCheckpointInput): DynamoGraphDeploymentProps {
  return {
    name: 'vllm-restored',
    spec: {
      backendFramework: 'vllm',
      components: [
        { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [{ name: 'main', image: VLLM_RUNTIME }] } } },
        { name: 'VllmWorker', type: 'worker', replicas: 2, podTemplate: { spec: { containers: [worker] } }, experimental: { checkpoint } },
      ],
    },
  };
}

export function checkpointRestore(scope: Construct): void {
  const checkpoint = new DynamoCheckpoint(scope, 'checkpoint', qwenCheckpoint);
  new DynamoGraphDeployment(scope, 'graph', restoredGraph(checkpoint.ref()));
}
